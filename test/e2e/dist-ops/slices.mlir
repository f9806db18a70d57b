// dist.slice, dist.insert_slice and dist.concat against numpy's basic
// slicing, assignment into a slice and numpy.concatenate (the CHECK lines
// come from a Python reference; Python's list slicing has numpy's meaning
// for positive steps). Sizes that 1-5 ranks do not divide (10 and 7x5),
// static and run-time (`?`, from dist.param) shapes, every dimension
// sliced, a split = 1 source, an irregular (free) result, empty slices,
// negative and clamped bounds, sources in another partition than the
// destination. Integers, so every digit is checked; the output must be
// identical on every rank count.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 5 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t --n 1 --r 2 | FileCheck %s --check-prefix=SMALL --match-full-lines
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 4 %t.O0 | FileCheck %s --match-full-lines

// a = arange(10)
// CHECK: ( 2, 5, 8 )
// CHECK-NEXT: ( 7, 8, 9 )
// CHECK-NEXT: ( 0, 4, 8 )
// CHECK-NEXT: 0
// CHECK-NEXT: ( 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 )
// m = 10 * i + j, 7x5
// CHECK-NEXT: ( ( 11, 12, 13 ), ( 21, 22, 23 ), ( 31, 32, 33 ), ( 41, 42, 43 ), ( 51, 52, 53 ) )
// CHECK-NEXT: ( ( 0, 2, 4 ), ( 10, 12, 14 ), ( 20, 22, 24 ), ( 30, 32, 34 ), ( 40, 42, 44 ), ( 50, 52, 54 ), ( 60, 62, 64 ) )
// CHECK-NEXT: ( ( 4 ), ( 34 ), ( 64 ) )
// CHECK-NEXT: ( ( 21, 22, 23 ), ( 31, 32, 33 ), ( 41, 42, 43 ), ( 51, 52, 53 ) )
// insert_slice
// CHECK-NEXT: ( ( 0, 0, 0, 0, 0 ), ( 0, 11, 12, 13, 0 ), ( 0, 21, 22, 23, 0 ), ( 0, 31, 32, 33, 0 ), ( 0, 41, 42, 43, 0 ), ( 0, 51, 52, 53, 0 ), ( 0, 0, 0, 0, 0 ) )
// CHECK-NEXT: ( ( 0, -1, 2, -1, 4 ), ( 10, 11, 12, 13, 14 ), ( 20, -1, 22, -1, 24 ), ( 30, 31, 32, 33, 34 ), ( 40, -1, 42, -1, 44 ), ( 50, 51, 52, 53, 54 ), ( 60, -1, 62, -1, 64 ) )
// CHECK-NEXT: ( ( 0, 1, 2, 3, 4 ), ( 10, 11, 12, 13, 14 ), ( 20, 21, 22, 23, 24 ), ( 30, 31, 32, 33, 34 ), ( 40, 41, 42, 43, 44 ), ( 7, 7, 7, 7, 7 ), ( 7, 7, 7, 7, 7 ) )
// concat
// CHECK-NEXT: ( 0, 1, 2, 5, 6, 7, 8, 9 )
// CHECK-NEXT: ( ( 0, 1, 2, 3, 4 ), ( 10, 11, 12, 13, 14 ), ( 20, 21, 22, 23, 24 ), ( 30, 31, 32, 33, 34 ), ( 40, 41, 42, 43, 44 ), ( 50, 51, 52, 53, 54 ), ( 60, 61, 62, 63, 64 ), ( 0, 1, 2, 3, 4 ), ( 10, 11, 12, 13, 14 ) )
// CHECK-NEXT: ( ( 0, 1, 2, 3, 4, 3, 4 ), ( 10, 11, 12, 13, 14, 13, 14 ), ( 20, 21, 22, 23, 24, 23, 24 ), ( 30, 31, 32, 33, 34, 33, 34 ), ( 40, 41, 42, 43, 44, 43, 44 ), ( 50, 51, 52, 53, 54, 53, 54 ), ( 60, 61, 62, 63, 64, 63, 64 ) )
// run-time sizes: n = 10, r = 7
// CHECK-NEXT: ( 1, 2, 3, 4, 5, 6, 7, 8 )
// CHECK-NEXT: ( 9, 6, 3, 0 )
// CHECK-NEXT: ( 8, 9, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1 )
// CHECK-NEXT: 5
// CHECK-NEXT: 480
// CHECK-NEXT: ( ( 0, 0, 0, 0, 0 ), ( 0, 1, 2, 3, 0 ), ( 0, 4, 5, 6, 0 ), ( 0, 7, 8, 9, 0 ), ( 0, 10, 11, 12, 0 ), ( 0, 13, 14, 15, 0 ), ( 0, 0, 0, 0, 0 ) )
// n = 1, r = 2: empty interiors
// SMALL: ( 1, 2, 3, 4, 5, 6, 7, 8 )
// SMALL-NEXT: ( 9 )
// SMALL-NEXT: ( 0, 0, 0 )
// SMALL-NEXT: 0
// SMALL-NEXT: 0
// SMALL-NEXT: ( ( 0, 0, 0, 0, 0 ), ( 0, 0, 0, 0, 0 ) )

func.func @main() {
  %c10 = arith.constant 10 : i64
  %a = dist.generate : !dist.tensor<10xi64> {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i64
    dist.yield %v : i64
  }
  %s1 = dist.slice %a [2:9:3] : !dist.tensor<10xi64> -> !dist.tensor<3xi64>
  dist.print %s1 : !dist.tensor<3xi64>
  %s2 = dist.slice %a [-3:] : !dist.tensor<10xi64> -> !dist.tensor<?xi64>
  dist.print %s2 : !dist.tensor<?xi64>
  %s3 = dist.slice %a [::4] : !dist.tensor<10xi64> -> !dist.tensor<3xi64, irregular>
  dist.print %s3 : !dist.tensor<3xi64, irregular>
  %s4 = dist.slice %a [5:2] : !dist.tensor<10xi64> -> !dist.tensor<?xi64>
  %c0 = arith.constant 0 : index
  %n4 = dist.global_dim %s4, 0 : !dist.tensor<?xi64>
  dist.print %n4 : index
  %s5 = dist.slice %a [-20:20] : !dist.tensor<10xi64> -> !dist.tensor<10xi64>
  dist.print %s5 : !dist.tensor<10xi64>

  %m = dist.generate : !dist.tensor<7x5xi64> {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %t = arith.muli %ii, %c10 : i64
    %v = arith.addi %t, %jj : i64
    dist.yield %v : i64
  }
  %inner = dist.slice %m [1:-1, 1:-1] : !dist.tensor<7x5xi64> -> !dist.tensor<5x3xi64>
  dist.print %inner : !dist.tensor<5x3xi64>
  %even = dist.slice %m [:, ::2] : !dist.tensor<7x5xi64> -> !dist.tensor<7x3xi64>
  dist.print %even : !dist.tensor<7x3xi64>
  %corner = dist.slice %m [::3, 4:] : !dist.tensor<7x5xi64> -> !dist.tensor<3x1xi64, split = 1>
  dist.print %corner : !dist.tensor<3x1xi64, split = 1>
  %mc = dist.repartition %m : !dist.tensor<7x5xi64> -> !dist.tensor<7x5xi64, split = 1>
  %cs = dist.slice %mc [2:6, 1:4] : !dist.tensor<7x5xi64, split = 1> -> !dist.tensor<4x3xi64, split = 1>
  dist.print %cs : !dist.tensor<4x3xi64, split = 1>

  %zero = arith.constant 0 : i64
  %z = dist.full %zero : !dist.tensor<7x5xi64>
  %framed = dist.insert_slice %inner into %z [1:-1, 1:-1] : !dist.tensor<5x3xi64> into !dist.tensor<7x5xi64>
  dist.print %framed : !dist.tensor<7x5xi64>
  %minus = arith.constant -1 : i64
  %ones = dist.full %minus : !dist.tensor<4x2xi64, split = 1>
  %holes = dist.insert_slice %ones into %m [::2, 1::2] : !dist.tensor<4x2xi64, split = 1> into !dist.tensor<7x5xi64>
  dist.print %holes : !dist.tensor<7x5xi64>
  %seven = arith.constant 7 : i64
  %tail = dist.full %seven : !dist.tensor<2x5xi64>
  %over = dist.insert_slice %tail into %m [5:, :] : !dist.tensor<2x5xi64> into !dist.tensor<7x5xi64>
  dist.print %over : !dist.tensor<7x5xi64>

  %head = dist.slice %a [:3] : !dist.tensor<10xi64> -> !dist.tensor<3xi64>
  %rest = dist.slice %a [5:] : !dist.tensor<10xi64> -> !dist.tensor<5xi64, irregular>
  %cat = dist.concat %head, %rest axis 0 : !dist.tensor<3xi64>, !dist.tensor<5xi64, irregular> -> !dist.tensor<8xi64>
  dist.print %cat : !dist.tensor<8xi64>
  %top = dist.slice %m [:2, :] : !dist.tensor<7x5xi64> -> !dist.tensor<2x5xi64>
  %rows = dist.concat %m, %top axis 0 : !dist.tensor<7x5xi64>, !dist.tensor<2x5xi64> -> !dist.tensor<9x5xi64>
  dist.print %rows : !dist.tensor<9x5xi64>
  %right = dist.slice %mc [:, 3:] : !dist.tensor<7x5xi64, split = 1> -> !dist.tensor<7x2xi64, split = 1>
  %cols = dist.concat %m, %right axis 1 : !dist.tensor<7x5xi64>, !dist.tensor<7x2xi64, split = 1> -> !dist.tensor<7x7xi64>
  dist.print %cols : !dist.tensor<7x7xi64>

  %n = dist.param "n" default 10 : index
  %r = dist.param "r" default 7 : index
  %x = dist.generate (%n) : !dist.tensor<?xi64> {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i64
    dist.yield %v : i64
  }
  %eight = dist.generate : !dist.tensor<10xi64> {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i64
    dist.yield %v : i64
  }
  %xi = dist.slice %eight [1:-1] : !dist.tensor<10xi64> -> !dist.tensor<?xi64>
  dist.print %xi : !dist.tensor<?xi64>
  %back = dist.slice %x [::3] : !dist.tensor<?xi64> -> !dist.tensor<?xi64>
  %backw = dist.concat %back axis 0 : !dist.tensor<?xi64> -> !dist.tensor<?xi64>
  %neg = dist.elementwise %backw : !dist.tensor<?xi64> -> !dist.tensor<?xi64> {
  ^bb0(%v: i64):
    %k = arith.constant 9 : i64
    %w = arith.subi %k, %v : i64
    dist.yield %w : i64
  }
  dist.print %neg : !dist.tensor<?xi64>
  %l = dist.slice %x [-2:] : !dist.tensor<?xi64> -> !dist.tensor<?xi64, irregular>
  %f = dist.slice %x [:2] : !dist.tensor<?xi64> -> !dist.tensor<?xi64>
  %wrap = dist.concat %l, %x, %f axis 0 : !dist.tensor<?xi64, irregular>, !dist.tensor<?xi64>, !dist.tensor<?xi64> -> !dist.tensor<?xi64>
  dist.print %wrap : !dist.tensor<?xi64>
  %c5 = arith.constant 5 : index
  %md = dist.generate (%r, %c5) : !dist.tensor<?x?xi64> {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %t = arith.muli %ii, %c10 : i64
    %v = arith.addi %t, %jj : i64
    dist.yield %v : i64
  }
  %mdi = dist.slice %md [1:-1, 1:-1] : !dist.tensor<?x?xi64> -> !dist.tensor<?x?xi64>
  %mdr = dist.global_dim %mdi, 0 : !dist.tensor<?x?xi64>
  %mdsum = dist.reduce sum %mdi : !dist.tensor<?x?xi64> -> i64
  dist.print %mdr : index
  dist.print %mdsum : i64
  %rm2 = arith.constant 2 : index
  %ri = arith.subi %r, %rm2 : index
  %c3 = arith.constant 3 : index
  %cnt = dist.generate (%ri, %c3) : !dist.tensor<?x?xi64> {
  ^bb0(%i: index, %j: index):
    %k = arith.muli %i, %c3 : index
    %s = arith.addi %k, %j : index
    %v = arith.index_cast %s : index to i64
    %one = arith.constant 1 : i64
    %w = arith.addi %v, %one : i64
    dist.yield %w : i64
  }
  %zd = dist.full %zero (%r, %c5) : !dist.tensor<?x?xi64>
  %fd = dist.insert_slice %cnt into %zd [1:-1, 1:-1] : !dist.tensor<?x?xi64> into !dist.tensor<?x?xi64>
  dist.print %fd : !dist.tensor<?x?xi64>
  return
}
