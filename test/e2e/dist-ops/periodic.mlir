// dist.shift ... periodic against numpy.roll(a, -offsets) (the CHECK lines
// come from a Python reference): along the split dimension (rows wrap from
// the last rank to the first and back), along the others, both at once, a
// split = 1 tensor, offsets of the whole size, run-time sizes (dist.param),
// and periodic stencils: element-wise ops over periodic shifts, mixed with
// fill shifts (which distc-form-stencils still turns into a halo stencil).
// Sizes 1-5 ranks do not divide; with --n 3 a rank holds at most one row,
// so the wrapped rows come from ranks that are not neighbours. An offset
// larger than the size stops the program.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 5 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 5 %t --n 3 | FileCheck %s --check-prefix=SMALL --match-full-lines
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 4 %t.O0 | FileCheck %s --match-full-lines
// RUN: not %mpirun -n 2 %t --n 1 2>&1 | FileCheck %s --check-prefix=TOOBIG

// CHECK: ( 3, 4, 5, 6, 7, 8, 9, 0, 1, 2 )
// CHECK-NEXT: ( 9, 0, 1, 2, 3, 4, 5, 6, 7, 8 )
// CHECK-NEXT: ( 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 )
// CHECK-NEXT: ( 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 )
// CHECK-NEXT: ( ( 62, 63, 64, 60, 61 ), ( 2, 3, 4, 0, 1 ), ( 12, 13, 14, 10, 11 ), ( 22, 23, 24, 20, 21 ), ( 32, 33, 34, 30, 31 ), ( 42, 43, 44, 40, 41 ), ( 52, 53, 54, 50, 51 ) )
// CHECK-NEXT: ( ( 24, 20, 21, 22, 23 ), ( 34, 30, 31, 32, 33 ), ( 44, 40, 41, 42, 43 ), ( 54, 50, 51, 52, 53 ), ( 64, 60, 61, 62, 63 ), ( 4, 0, 1, 2, 3 ), ( 14, 10, 11, 12, 13 ) )
// CHECK-NEXT: ( 1, 2, 3, 4, 5, 6, 7, 8, 9, 0 )
// CHECK-NEXT: ( 8, 9, 0, 1, 2, 3, 4, 5, 6, 7 )
// CHECK-NEXT: ( 109, 210, 321, 432, 543, 654, 765, 876, 987, 98 )
// CHECK-NEXT: ( ( 1041060, 2001161, 3011262, 4021363, 31464 ), ( 11142000, 12102101, 13112202, 14122303, 132404 ), ( 21243010, 22203111, 23213212, 24223313, 233414 ), ( 31344020, 32304121, 33314222, 34324323, 334424 ), ( 41445030, 42405131, 43415232, 44425333, 435434 ), ( 51546040, 52506141, 53516242, 54526343, 536444 ), ( 61640050, 62600051, 63610052, 64620053, 630054 ) )

// SMALL: ( 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 )
// SMALL: ( 1, 2, 0 )
// SMALL-NEXT: ( 1, 2, 0 )
// SMALL-NEXT: ( 102, 210, 21 )

// TOOBIG: {{.*}}periodic.mlir:{{[0-9]+}}:{{[0-9]+}}: error: dist.shift: the periodic offset along dimension 0 exceeds the size: -2 vs 1

func.func @main() {
  %c10 = arith.constant 10 : i64
  %a = dist.generate : !dist.tensor<10xi64> {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i64
    dist.yield %v : i64
  }
  %r3 = dist.shift %a offsets [3] periodic : !dist.tensor<10xi64>
  dist.print %r3 : !dist.tensor<10xi64>
  %rm1 = dist.shift %a offsets [-1] periodic : !dist.tensor<10xi64>
  dist.print %rm1 : !dist.tensor<10xi64>
  %r10 = dist.shift %a offsets [10] periodic : !dist.tensor<10xi64>
  dist.print %r10 : !dist.tensor<10xi64>
  %rm10 = dist.shift %a offsets [-10] periodic : !dist.tensor<10xi64>
  dist.print %rm10 : !dist.tensor<10xi64>

  %m = dist.generate : !dist.tensor<7x5xi64> {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %t = arith.muli %ii, %c10 : i64
    %v = arith.addi %t, %jj : i64
    dist.yield %v : i64
  }
  %mr = dist.shift %m offsets [-1, 2] periodic : !dist.tensor<7x5xi64>
  dist.print %mr : !dist.tensor<7x5xi64>
  %mc = dist.repartition %m : !dist.tensor<7x5xi64> -> !dist.tensor<7x5xi64, split = 1>
  %mcr = dist.shift %mc offsets [2, -1] periodic : !dist.tensor<7x5xi64, split = 1>
  dist.print %mcr : !dist.tensor<7x5xi64, split = 1>

  %n = dist.param "n" default 10 : index
  %x = dist.generate (%n) : !dist.tensor<?xi64> {
  ^bb0(%i: index):
    %v = arith.index_cast %i : index to i64
    dist.yield %v : i64
  }
  %x1 = dist.shift %x offsets [1] periodic : !dist.tensor<?xi64>
  dist.print %x1 : !dist.tensor<?xi64>
  %xm2 = dist.shift %x offsets [-2] periodic : !dist.tensor<?xi64>
  dist.print %xm2 : !dist.tensor<?xi64>

  // x[i-1] + 10 x[i] + 100 x[i+1], periodic
  %west = dist.shift %x offsets [-1] periodic : !dist.tensor<?xi64>
  %east = dist.shift %x offsets [1] periodic : !dist.tensor<?xi64>
  %s = dist.elementwise %west, %x, %east : !dist.tensor<?xi64>, !dist.tensor<?xi64>, !dist.tensor<?xi64> -> !dist.tensor<?xi64> {
  ^bb0(%w: i64, %c: i64, %e: i64):
    %k100 = arith.constant 100 : i64
    %t1 = arith.muli %c, %c10 : i64
    %t2 = arith.muli %e, %k100 : i64
    %u = arith.addi %w, %t1 : i64
    %v = arith.addi %u, %t2 : i64
    dist.yield %v : i64
  }
  dist.print %s : !dist.tensor<?xi64>

  // 2-D: north periodic, south with fill 0 (a halo stencil), west periodic,
  // east fill 0: n + 100 s + 10^4 w + 10^6 e.
  %zero = arith.constant 0 : i64
  %no = dist.shift %m offsets [-1, 0] periodic : !dist.tensor<7x5xi64>
  %so = dist.shift %m offsets [1, 0] fill %zero : !dist.tensor<7x5xi64>
  %we = dist.shift %m offsets [0, -1] periodic : !dist.tensor<7x5xi64>
  %ea = dist.shift %m offsets [0, 1] fill %zero : !dist.tensor<7x5xi64>
  %st = dist.elementwise %no, %so, %we, %ea : !dist.tensor<7x5xi64>, !dist.tensor<7x5xi64>, !dist.tensor<7x5xi64>, !dist.tensor<7x5xi64> -> !dist.tensor<7x5xi64> {
  ^bb0(%pn: i64, %ps: i64, %pw: i64, %pe: i64):
    %k100 = arith.constant 100 : i64
    %k10000 = arith.constant 10000 : i64
    %k1000000 = arith.constant 1000000 : i64
    %t1 = arith.muli %ps, %k100 : i64
    %t2 = arith.muli %pw, %k10000 : i64
    %t3 = arith.muli %pe, %k1000000 : i64
    %u1 = arith.addi %pn, %t1 : i64
    %u2 = arith.addi %u1, %t2 : i64
    %u3 = arith.addi %u2, %t3 : i64
    dist.yield %u3 : i64
  }
  dist.print %st : !dist.tensor<7x5xi64>
  return
}
