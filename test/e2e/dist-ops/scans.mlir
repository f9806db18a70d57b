// dist.scan: numpy's cumsum, cumprod, minimum/maximum.accumulate along any
// axis, the split one too (a scan across the ranks), on 1 to 5 ranks (23 and
// 7x5 do not divide by 2..5) and at -O0. Expected values are numpy's for
//   a = (7*i+5) % 23 % 10 (i < 23), an = a with an[13] = nan,
//   b[i,j] = (3*(5i+j)+4) % 11 - 5 and c[i,j] = [1, 2, -1, 0.5][(5i+j) % 4]
// (7x5): cumsum(a), cumsum(a.astype(int64)), cumsum(an),
// maximum.accumulate(an), cumsum(b, axis=1) with rows and with columns
// split, minimum.accumulate(b, axis=0), cumprod(c, axis=0).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 5 %t | FileCheck %s --match-full-lines
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 3 %t.O0 | FileCheck %s --match-full-lines

// CHECK: ( 5, 7, 16, 19, 19, 26, 27, 35, 40, 42, 48, 51, 51, 55, 56, 64, 66, 75, 81, 81, 88, 92, 93 )
// CHECK-NEXT: ( 5, 7, 16, 19, 19, 26, 27, 35, 40, 42, 48, 51, 51, 55, 56, 64, 66, 75, 81, 81, 88, 92, 93 )
// CHECK-NEXT: ( 5, 7, 16, 19, 19, 26, 27, 35, 40, 42, 48, 51, 51, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan )
// CHECK-NEXT: ( 5, 5, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, nan, nan, nan, nan, nan, nan, nan, nan, nan, nan )
// CHECK-NEXT: ( ( -1, 1, 6, 3, 3 ), ( 3, -2, -4, -3, 1 ), ( -4, -5, -3, 2, -1 ), ( 0, 3, -2, -4, -3 ), ( 4, 0, -1, 1, 6 ), ( -3, -3, 0, -5, -7 ), ( 1, 5, 1, 0, 2 ) )
// CHECK-NEXT: ( ( -1, 1, 6, 3, 3 ), ( 3, -2, -4, -3, 1 ), ( -4, -5, -3, 2, -1 ), ( 0, 3, -2, -4, -3 ), ( 4, 0, -1, 1, 6 ), ( -3, -3, 0, -5, -7 ), ( 1, 5, 1, 0, 2 ) )
// CHECK-NEXT: ( ( -1, 2, 5, -3, 0 ), ( -1, -5, -2, -3, 0 ), ( -4, -5, -2, -3, -3 ), ( -4, -5, -5, -3, -3 ), ( -4, -5, -5, -3, -3 ), ( -4, -5, -5, -5, -3 ), ( -4, -5, -5, -5, -3 ) )
// CHECK-NEXT: ( ( 1, 2, -1, 0.5, 1 ), ( 2, -2, -0.5, 0.5, 2 ), ( -2, -1, -0.5, 1, -2 ), ( -1, -1, -1, -1, -1 ), ( -1, -2, 1, -0.5, -1 ), ( -2, 2, 0.5, -0.5, -2 ), ( 2, 1, 0.5, -1, 2 ) )

func.func @main() {
  %a = dist.generate : !dist.tensor<23xf64> {
  ^bb0(%i: index):
    %c5 = arith.constant 5 : index
    %c7 = arith.constant 7 : index
    %c10 = arith.constant 10 : index
    %c23 = arith.constant 23 : index
    %p = arith.muli %i, %c7 : index
    %q = arith.addi %p, %c5 : index
    %r = arith.remui %q, %c23 : index
    %s = arith.remui %r, %c10 : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %ca = dist.scan sum %a axis 0 : !dist.tensor<23xf64>
  dist.print %ca : !dist.tensor<23xf64>
  %ai = dist.elementwise %a : !dist.tensor<23xf64> -> !dist.tensor<23xi64> {
  ^bb0(%x: f64):
    %y = arith.fptosi %x : f64 to i64
    dist.yield %y : i64
  }
  %cai = dist.scan sum %ai axis 0 : !dist.tensor<23xi64>
  dist.print %cai : !dist.tensor<23xi64>

  %nan = arith.constant 0x7FF8000000000000 : f64
  %an = dist.elementwise %a : !dist.tensor<23xf64> -> !dist.tensor<23xf64> {
  ^bb0(%x: f64):
    %i = dist.index 0 : index
    %c13 = arith.constant 13 : index
    %is13 = arith.cmpi eq, %i, %c13 : index
    %y = arith.select %is13, %nan, %x : f64
    dist.yield %y : f64
  }
  %can = dist.scan sum %an axis 0 : !dist.tensor<23xf64>
  dist.print %can : !dist.tensor<23xf64>
  %man = dist.scan max %an axis 0 : !dist.tensor<23xf64>
  dist.print %man : !dist.tensor<23xf64>

  %b = dist.generate : !dist.tensor<7x5xf64> {
  ^bb0(%i: index, %j: index):
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c11 = arith.constant 11 : index
    %row = arith.muli %i, %c5 : index
    %k = arith.addi %row, %j : index
    %t = arith.muli %k, %c3 : index
    %u = arith.addi %t, %c4 : index
    %m = arith.remui %u, %c11 : index
    %v = arith.index_cast %m : index to i64
    %f = arith.sitofp %v : i64 to f64
    %five = arith.constant 5.0 : f64
    %g = arith.subf %f, %five : f64
    dist.yield %g : f64
  }
  %cb1 = dist.scan sum %b axis 1 : !dist.tensor<7x5xf64>
  dist.print %cb1 : !dist.tensor<7x5xf64>
  %bc = dist.repartition %b : !dist.tensor<7x5xf64> -> !dist.tensor<7x5xf64, split = 1>
  %cbc1 = dist.scan sum %bc axis 1 : !dist.tensor<7x5xf64, split = 1>
  dist.print %cbc1 : !dist.tensor<7x5xf64, split = 1>
  %mb0 = dist.scan min %b axis 0 : !dist.tensor<7x5xf64>
  dist.print %mb0 : !dist.tensor<7x5xf64>

  %c = dist.generate : !dist.tensor<7x5xf64> {
  ^bb0(%i: index, %j: index):
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %row = arith.muli %i, %c5 : index
    %k = arith.addi %row, %j : index
    %m = arith.remui %k, %c4 : index
    %one = arith.constant 1.0 : f64
    %two = arith.constant 2.0 : f64
    %neg = arith.constant -1.0 : f64
    %half = arith.constant 0.5 : f64
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %is1 = arith.cmpi eq, %m, %c1 : index
    %is2 = arith.cmpi eq, %m, %c2 : index
    %is0 = arith.cmpi ult, %m, %c1 : index
    %x0 = arith.select %is1, %two, %half : f64
    %x1 = arith.select %is2, %neg, %x0 : f64
    %x2 = arith.select %is0, %one, %x1 : f64
    dist.yield %x2 : f64
  }
  %pc0 = dist.scan prod %c axis 0 : !dist.tensor<7x5xf64>
  dist.print %pc0 : !dist.tensor<7x5xf64>
  return
}
