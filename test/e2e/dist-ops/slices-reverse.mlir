// dist.slice and dist.insert_slice with negative steps and with bounds
// and steps that are run-time values (dist.param), against numpy (the
// CHECK lines come from numpy 1.24: a[::-1], a[5:1:-2], m[::-1, ::-2],
// d[::-2, 1::2] = ..., and x[lo:hi:step] for the parameters given). Sizes
// that 1-5 ranks do not divide, every dimension reversed, the split
// dimension too, an irregular result, empty slices, clamped bounds.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --check-prefixes=CONST,CHECK --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --check-prefixes=CONST,CHECK --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --check-prefixes=CONST,CHECK --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %s --check-prefixes=CONST,CHECK --match-full-lines
// RUN: %mpirun -n 5 %t | FileCheck %s --check-prefixes=CONST,CHECK --match-full-lines
// RUN: %mpirun -n 3 %t --lo=-1 --hi=-20 --step=-4 | FileCheck %s --check-prefixes=CONST,BACK --match-full-lines
// RUN: %mpirun -n 4 %t --lo 2 --hi 100 --step 3 | FileCheck %s --check-prefixes=CONST,FWD --match-full-lines
// RUN: %mpirun -n 5 %t --n 3 --r 2 --lo 1 --hi 5 --step=-1 | FileCheck %s --check-prefixes=CONST,EMPTY --match-full-lines
// RUN: not %mpirun -n 2 %t --step 0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 3 %t.O0 | FileCheck %s --check-prefixes=CONST,CHECK --match-full-lines

// Constant bounds, a = arange(10), m = 10 * i + j (7x5).
// CONST: ( 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 )
// CONST-NEXT: ( 5, 3 )
// CONST-NEXT: ( 8, 5, 2 )
// CONST-NEXT: ( 9, 5, 1 )
// CONST-NEXT: 0
// CONST-NEXT: ( 9, 6, 3, 0 )
// CONST-NEXT: ( ( 64, 62, 60 ), ( 54, 52, 50 ), ( 44, 42, 40 ), ( 34, 32, 30 ), ( 24, 22, 20 ), ( 14, 12, 10 ), ( 4, 2, 0 ) )
// CONST-NEXT: ( ( 51, 52, 53 ), ( 31, 32, 33 ), ( 11, 12, 13 ) )
// CONST-NEXT: ( ( 4, 3, 2, 1, 0 ), ( 14, 13, 12, 11, 10 ), ( 24, 23, 22, 21, 20 ), ( 34, 33, 32, 31, 30 ), ( 44, 43, 42, 41, 40 ), ( 54, 53, 52, 51, 50 ), ( 64, 63, 62, 61, 60 ) )
// CONST-NEXT: ( ( 0, -1, 2, -3, 4 ), ( 10, 11, 12, 13, 14 ), ( 20, -21, 22, -23, 24 ), ( 30, 31, 32, 33, 34 ), ( 40, -41, 42, -43, 44 ), ( 50, 51, 52, 53, 54 ), ( 60, -61, 62, -63, 64 ) )
// CONST-NEXT: ( ( 0, 1, 2, 3, 4 ), ( 10, 11, 12, 13, 14 ), ( 20, 21, 22, 23, 24 ), ( 109, 108, 107, 106, 105 ), ( 40, 41, 42, 43, 44 ), ( 50, 51, 52, 53, 54 ), ( 104, 103, 102, 101, 100 ) )
// Run-time bounds x[lo:hi:step], m[lo:hi:step, ::-1], z[lo:hi:step, 1:4] = -m[...]
// (x = arange(n), m = 10 * i + j (r x 5), defaults n = 10, r = 7, 8:1:-3).
// CHECK: ( 8, 5, 2 )
// CHECK-NEXT: 3
// CHECK-NEXT: ( ( 64, 63, 62, 61, 60 ), ( 34, 33, 32, 31, 30 ) )
// CHECK-NEXT: ( ( 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0 ), ( 0, -31, -32, -33, 0 ), ( 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0 ), ( 0, -61, -62, -63, 0 ) )
// BACK: ( 9, 5, 1 )
// BACK-NEXT: 3
// BACK-NEXT: ( ( 64, 63, 62, 61, 60 ), ( 24, 23, 22, 21, 20 ) )
// BACK-NEXT: ( ( 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0 ), ( 0, -21, -22, -23, 0 ), ( 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0 ), ( 0, -61, -62, -63, 0 ) )
// FWD: ( 2, 5, 8 )
// FWD-NEXT: 3
// FWD-NEXT: ( ( 24, 23, 22, 21, 20 ), ( 54, 53, 52, 51, 50 ) )
// FWD-NEXT: ( ( 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0 ), ( 0, -21, -22, -23, 0 ), ( 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0 ), ( 0, -51, -52, -53, 0 ), ( 0, 0, 0, 0, 0 ) )
// EMPTY: ( )
// EMPTY-NEXT: 0
// EMPTY-NEXT: ( )
// EMPTY-NEXT: ( ( 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0 ) )
// ZERO: slices-reverse.mlir:{{[0-9]+}}:{{[0-9]+}}: error: dist.slice: the step along dimension 0 is zero

func.func @main() {
  %c10 = arith.constant 10 : i64
  %a = dist.generate : !dist.tensor<10xi64> {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i64
    dist.yield %v : i64
  }
  %r1 = dist.slice %a [::-1] : !dist.tensor<10xi64> -> !dist.tensor<10xi64>
  dist.print %r1 : !dist.tensor<10xi64>
  %r2 = dist.slice %a [5:1:-2] : !dist.tensor<10xi64> -> !dist.tensor<2xi64>
  dist.print %r2 : !dist.tensor<2xi64>
  %r3 = dist.slice %a [-2::-3] : !dist.tensor<10xi64> -> !dist.tensor<3xi64, irregular>
  dist.print %r3 : !dist.tensor<3xi64, irregular>
  %r4 = dist.slice %a [:-20:-4] : !dist.tensor<10xi64> -> !dist.tensor<?xi64>
  dist.print %r4 : !dist.tensor<?xi64>
  %r5 = dist.slice %a [1:5:-1] : !dist.tensor<10xi64> -> !dist.tensor<0xi64>
  %n5 = dist.global_dim %r5, 0 : !dist.tensor<0xi64>
  dist.print %n5 : index
  %r6 = dist.slice %a [20:-20:-3] : !dist.tensor<10xi64> -> !dist.tensor<4xi64>
  dist.print %r6 : !dist.tensor<4xi64>

  %m = dist.generate : !dist.tensor<7x5xi64> {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %t = arith.muli %ii, %c10 : i64
    %v = arith.addi %t, %jj : i64
    dist.yield %v : i64
  }
  %m1 = dist.slice %m [::-1, ::-2] : !dist.tensor<7x5xi64> -> !dist.tensor<7x3xi64>
  dist.print %m1 : !dist.tensor<7x3xi64>
  %mc = dist.repartition %m : !dist.tensor<7x5xi64> -> !dist.tensor<7x5xi64, split = 1>
  %m2 = dist.slice %mc [5:0:-2, 1:4] : !dist.tensor<7x5xi64, split = 1> -> !dist.tensor<3x3xi64>
  dist.print %m2 : !dist.tensor<3x3xi64>
  %m3 = dist.slice %m [:, ::-1] : !dist.tensor<7x5xi64> -> !dist.tensor<7x5xi64>
  dist.print %m3 : !dist.tensor<7x5xi64>
  %sel = dist.slice %m [::-2, 1::2] : !dist.tensor<7x5xi64> -> !dist.tensor<4x2xi64, irregular>
  %negs = dist.elementwise %sel : !dist.tensor<4x2xi64, irregular> -> !dist.tensor<4x2xi64, irregular> {
  ^bb0(%v: i64):
    %z = arith.constant 0 : i64
    %w = arith.subi %z, %v : i64
    dist.yield %w : i64
  }
  %d1 = dist.insert_slice %negs into %m [::-2, 1::2] : !dist.tensor<4x2xi64, irregular> into !dist.tensor<7x5xi64>
  dist.print %d1 : !dist.tensor<7x5xi64>
  %hundred = arith.constant 100 : i64
  %one = arith.constant 1 : i64
  %ten = dist.arange %hundred, %one : !dist.tensor<10xi64>
  %block = dist.reshape %ten : !dist.tensor<10xi64> -> !dist.tensor<2x5xi64, split = 1>
  %d2 = dist.insert_slice %block into %m [6:1:-3, ::-1] : !dist.tensor<2x5xi64, split = 1> into !dist.tensor<7x5xi64>
  dist.print %d2 : !dist.tensor<7x5xi64>

  %n = dist.param "n" default 10 : index
  %r = dist.param "r" default 7 : index
  %lo = dist.param "lo" default 8 : index
  %hi = dist.param "hi" default 1 : index
  %step = dist.param "step" default -3 : index
  %x = dist.generate (%n) : !dist.tensor<?xi64> {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i64
    dist.yield %v : i64
  }
  %xs = dist.slice %x [%lo:%hi:%step] : !dist.tensor<?xi64> -> !dist.tensor<?xi64>
  dist.print %xs : !dist.tensor<?xi64>
  %xn = dist.global_dim %xs, 0 : !dist.tensor<?xi64>
  dist.print %xn : index
  %c5 = arith.constant 5 : index
  %md = dist.generate (%r) : !dist.tensor<?x5xi64> {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %t = arith.muli %ii, %c10 : i64
    %v = arith.addi %t, %jj : i64
    dist.yield %v : i64
  }
  %ms = dist.slice %md [%lo:%hi:%step, ::-1] : !dist.tensor<?x5xi64> -> !dist.tensor<?x5xi64>
  dist.print %ms : !dist.tensor<?x5xi64>
  %inner = dist.slice %md [%lo:%hi:%step, 1:4] : !dist.tensor<?x5xi64> -> !dist.tensor<?x3xi64, irregular>
  %ninner = dist.elementwise %inner : !dist.tensor<?x3xi64, irregular> -> !dist.tensor<?x3xi64, irregular> {
  ^bb0(%v: i64):
    %z = arith.constant 0 : i64
    %w = arith.subi %z, %v : i64
    dist.yield %w : i64
  }
  %zero = arith.constant 0 : i64
  %zd = dist.full %zero (%r) : !dist.tensor<?x5xi64>
  %fd = dist.insert_slice %ninner into %zd [%lo:%hi:%step, 1:4] : !dist.tensor<?x3xi64, irregular> into !dist.tensor<?x5xi64>
  dist.print %fd : !dist.tensor<?x5xi64>
  return
}
