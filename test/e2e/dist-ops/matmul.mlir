// dist.matmul on 1 to 5 ranks, checked against the products computed in
// Python (integer-valued data, exact in any order of summation):
//   A[i,k] = (5i + k) % 7 - 3 (7 x 5), B[k,j] = (2k + 3j) % 5 - 2 (5 x 6),
//   x[k] = k - 2; C = A @ B, y = A @ x
// Every algorithm of the lowering (MatmulLowering.cpp) gives the same C:
// A in row blocks with B fetched in column panels (C in rows, or moved to
// columns), B and C in column blocks with A fetched in row panels, A in
// column blocks with partial products combined by an allreduce (B in rows or
// moved there), matrix-vector products of A in rows and in columns, i64
// elements and static shapes. 7 rows and 6 columns do not divide by 4 or 5,
// 5 rows on 5 ranks leave no empty block but 3 ranks do not divide 5; the
// larger 37 x 29 x 33 product (sum of squares 50718) has more columns than
// panels on every rank count.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 5 %t | FileCheck %s --match-full-lines
// RUN: %distc -O0 %s -o %t0
// RUN: %mpirun -n 3 %t0 | FileCheck %s --match-full-lines

// CHECK-COUNT-5: ( ( 5, 0, 5, -5, -5, 5 ), ( -9, -7, 5, 2, 9, -9 ), ( -2, 7, -9, -5, 9, -2 ), ( 5, 0, 5, -5, -5, 5 ), ( -9, 7, -2, 9, -5, -9 ), ( 5, -7, -9, 9, 2, 5 ), ( 5, 0, 5, -5, -5, 5 ) )
// CHECK-NEXT: ( 10, -11, -4, 10, -4, -11, 10 )
// CHECK-NEXT: ( 10, -11, -4, 10, -4, -11, 10 )
// CHECK-NEXT: ( ( 5, 0, 5, -5, -5, 5 ), ( -9, -7, 5, 2, 9, -9 ), ( -2, 7, -9, -5, 9, -2 ), ( 5, 0, 5, -5, -5, 5 ), ( -9, 7, -2, 9, -5, -9 ), ( 5, -7, -9, 9, 2, 5 ), ( 5, 0, 5, -5, -5, 5 ) )
// CHECK-NEXT: ( ( 5, 0, 5, -5, -5, 5 ), ( -9, -7, 5, 2, 9, -9 ), ( -2, 7, -9, -5, 9, -2 ), ( 5, 0, 5, -5, -5, 5 ), ( -9, 7, -2, 9, -5, -9 ), ( 5, -7, -9, 9, 2, 5 ), ( 5, 0, 5, -5, -5, 5 ) )
// CHECK-NEXT: 50718
// CHECK-NEXT: 50718

func.func @main() {
  %m = arith.constant 7 : index
  %k = arith.constant 5 : index
  %n = arith.constant 6 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %i0 = arith.constant 0 : i64
  %i2 = arith.constant 2 : i64
  %i3 = arith.constant 3 : i64
  %mone = arith.constant -2.0 : f64
  %one = arith.constant 1.0 : f64
  %a = dist.generate (%m, %k) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %l: index):
    %r = arith.muli %i, %k : index
    %s = arith.addi %r, %l : index
    %t = arith.remui %s, %c7 : index
    %v = arith.index_cast %t : index to i64
    %w = arith.subi %v, %i3 : i64
    %e = arith.sitofp %w : i64 to f64
    dist.yield %e : f64
  }
  %ac = dist.generate (%m, %k) : !dist.tensor<?x?xf64, split = 1> {
  ^bb0(%i: index, %l: index):
    %r = arith.muli %i, %k : index
    %s = arith.addi %r, %l : index
    %t = arith.remui %s, %c7 : index
    %v = arith.index_cast %t : index to i64
    %w = arith.subi %v, %i3 : i64
    %e = arith.sitofp %w : i64 to f64
    dist.yield %e : f64
  }
  %b = dist.generate (%k, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%l: index, %j: index):
    %r = arith.muli %l, %c2 : index
    %q = arith.muli %j, %c3 : index
    %s = arith.addi %r, %q : index
    %t = arith.remui %s, %c5 : index
    %v = arith.index_cast %t : index to i64
    %w = arith.subi %v, %i2 : i64
    %e = arith.sitofp %w : i64 to f64
    dist.yield %e : f64
  }
  %bc = dist.generate (%k, %n) : !dist.tensor<?x?xf64, split = 1> {
  ^bb0(%l: index, %j: index):
    %r = arith.muli %l, %c2 : index
    %q = arith.muli %j, %c3 : index
    %s = arith.addi %r, %q : index
    %t = arith.remui %s, %c5 : index
    %v = arith.index_cast %t : index to i64
    %w = arith.subi %v, %i2 : i64
    %e = arith.sitofp %w : i64 to f64
    dist.yield %e : f64
  }
  %x = dist.arange %mone, %one (%k) : !dist.tensor<?xf64>
  %c1 = dist.matmul %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %c2m = dist.matmul %a, %bc : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64, split = 1> -> !dist.tensor<?x?xf64, split = 1>
  %c3m = dist.matmul %ac, %b : !dist.tensor<?x?xf64, split = 1>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %c4 = dist.matmul %ac, %bc : !dist.tensor<?x?xf64, split = 1>, !dist.tensor<?x?xf64, split = 1> -> !dist.tensor<?x?xf64, split = 1>
  %c5m = dist.matmul %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64, split = 1>
  dist.print %c1 : !dist.tensor<?x?xf64>
  dist.print %c2m : !dist.tensor<?x?xf64, split = 1>
  dist.print %c3m : !dist.tensor<?x?xf64>
  dist.print %c4 : !dist.tensor<?x?xf64, split = 1>
  dist.print %c5m : !dist.tensor<?x?xf64, split = 1>
  %y1 = dist.matmul %a, %x : !dist.tensor<?x?xf64>, !dist.tensor<?xf64> -> !dist.tensor<?xf64>
  %y2 = dist.matmul %ac, %x : !dist.tensor<?x?xf64, split = 1>, !dist.tensor<?xf64> -> !dist.tensor<?xf64>
  dist.print %y1 : !dist.tensor<?xf64>
  dist.print %y2 : !dist.tensor<?xf64>
  %ai = dist.generate (%m, %k) : !dist.tensor<?x?xi64> {
  ^bb0(%i: index, %l: index):
    %r = arith.muli %i, %k : index
    %s = arith.addi %r, %l : index
    %t = arith.remui %s, %c7 : index
    %v = arith.index_cast %t : index to i64
    %w = arith.subi %v, %i3 : i64
    %e = arith.addi %w, %i0 : i64
    dist.yield %e : i64
  }
  %bi = dist.generate (%k, %n) : !dist.tensor<?x?xi64> {
  ^bb0(%l: index, %j: index):
    %r = arith.muli %l, %c2 : index
    %q = arith.muli %j, %c3 : index
    %s = arith.addi %r, %q : index
    %t = arith.remui %s, %c5 : index
    %v = arith.index_cast %t : index to i64
    %w = arith.subi %v, %i2 : i64
    %e = arith.addi %w, %i0 : i64
    dist.yield %e : i64
  }
  %ci = dist.matmul %ai, %bi : !dist.tensor<?x?xi64>, !dist.tensor<?x?xi64> -> !dist.tensor<?x?xi64>
  dist.print %ci : !dist.tensor<?x?xi64>
  %as = dist.generate : !dist.tensor<7x5xf64> {
  ^bb0(%i: index, %l: index):
    %r = arith.muli %i, %k : index
    %s = arith.addi %r, %l : index
    %t = arith.remui %s, %c7 : index
    %v = arith.index_cast %t : index to i64
    %w = arith.subi %v, %i3 : i64
    %e = arith.sitofp %w : i64 to f64
    dist.yield %e : f64
  }
  %bs = dist.generate : !dist.tensor<5x6xf64, split = 1> {
  ^bb0(%l: index, %j: index):
    %r = arith.muli %l, %c2 : index
    %q = arith.muli %j, %c3 : index
    %s = arith.addi %r, %q : index
    %t = arith.remui %s, %c5 : index
    %v = arith.index_cast %t : index to i64
    %w = arith.subi %v, %i2 : i64
    %e = arith.sitofp %w : i64 to f64
    dist.yield %e : f64
  }
  %cs = dist.matmul %as, %bs : !dist.tensor<7x5xf64>, !dist.tensor<5x6xf64, split = 1> -> !dist.tensor<7x6xf64>
  dist.print %cs : !dist.tensor<7x6xf64>
  %mm = arith.constant 37 : index
  %kk = arith.constant 29 : index
  %nn = arith.constant 33 : index
  %al = dist.generate (%mm, %kk) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %l: index):
    %r = arith.muli %i, %kk : index
    %s = arith.addi %r, %l : index
    %t = arith.remui %s, %c7 : index
    %v = arith.index_cast %t : index to i64
    %w = arith.subi %v, %i3 : i64
    %e = arith.sitofp %w : i64 to f64
    dist.yield %e : f64
  }
  %bl = dist.generate (%kk, %nn) : !dist.tensor<?x?xf64> {
  ^bb0(%l: index, %j: index):
    %r = arith.muli %l, %c2 : index
    %q = arith.muli %j, %c3 : index
    %s = arith.addi %r, %q : index
    %t = arith.remui %s, %c5 : index
    %v = arith.index_cast %t : index to i64
    %w = arith.subi %v, %i2 : i64
    %e = arith.sitofp %w : i64 to f64
    dist.yield %e : f64
  }
  %alc = dist.generate (%mm, %kk) : !dist.tensor<?x?xf64, split = 1> {
  ^bb0(%i: index, %l: index):
    %r = arith.muli %i, %kk : index
    %s = arith.addi %r, %l : index
    %t = arith.remui %s, %c7 : index
    %v = arith.index_cast %t : index to i64
    %w = arith.subi %v, %i3 : i64
    %e = arith.sitofp %w : i64 to f64
    dist.yield %e : f64
  }
  %cl = dist.matmul %al, %bl : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %cl2 = dist.mul %cl, %cl : !dist.tensor<?x?xf64>
  %sl = dist.reduce sum %cl2 : !dist.tensor<?x?xf64> -> f64
  dist.print %sl : f64
  %clc = dist.matmul %alc, %bl : !dist.tensor<?x?xf64, split = 1>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64, split = 1>
  %clc2 = dist.mul %clc, %clc : !dist.tensor<?x?xf64, split = 1>
  %slc = dist.reduce sum %clc2 : !dist.tensor<?x?xf64, split = 1> -> f64
  dist.print %slc : f64
  return
}
