// End-to-end: every -O level gives the answer -O0 gives, for each
// -ffp-contract setting. C = A A (dist.matmul: at -O2 and up the packed,
// vectorized product of distc-tile-matmul, whose vector.fma is fused with
// -ffp-contract=on and not with off; below -O2 the loops of
// distc-fp-contract-named-ops, fused likewise), D = C + 0.1 A (one body:
// contracted with on) and A D + C (two ops: never contracted, even when
// -O2 fuses them into one loop), printed with 17 digits. A's elements are
// quotients of small integers: no libm, so the bits depend only on the
// rounding of each step. Before, -O2 and -O3 fused the matmul's products
// and -O0 and -O1 did not: C differed in the last bits.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc -O0 %s -o %t.O0
// RUN: %distc -O1 %s -o %t.O1
// RUN: %distc -O2 %s -o %t.O2
// RUN: %distc -O3 %s -o %t.O3
// RUN: %mpirun -n 1 %t.O0 > %t.O0.1
// RUN: FileCheck %s < %t.O0.1
// RUN: %mpirun -n 1 %t.O1 | diff %t.O0.1 -
// RUN: %mpirun -n 1 %t.O2 | diff %t.O0.1 -
// RUN: %mpirun -n 1 %t.O3 | diff %t.O0.1 -
// RUN: %mpirun -n 2 %t.O0 > %t.O0.2
// RUN: %mpirun -n 2 %t.O2 | diff %t.O0.2 -
// RUN: %distc -O0 -ffp-contract=off %s -o %t.off.O0
// RUN: %distc -O2 -ffp-contract=off %s -o %t.off.O2
// RUN: %distc -O3 -ffp-contract=off %s -o %t.off.O3
// RUN: %mpirun -n 1 %t.off.O0 > %t.off.O0.1
// RUN: FileCheck %s < %t.off.O0.1
// RUN: %mpirun -n 1 %t.off.O2 | diff %t.off.O0.1 -
// RUN: %mpirun -n 1 %t.off.O3 | diff %t.off.O0.1 -

// CHECK: ( ( 39.10595238095{{[0-9]+}}, 31.60456349206{{[0-9]+}},
// CHECK-NEXT: ( ( 39.20595238095{{[0-9]+}}, 31.75456349206{{[0-9]+}},
// CHECK-NEXT: ( ( 78.31190476190{{[0-9]+}}, 79.23640873015{{[0-9]+}},

func.func @main() {
  %n = dist.param "n" default 9 : index
  %c3 = arith.constant 3 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %seven = arith.constant 7.0 : f64
  %alpha = arith.constant 0.1 : f64
  %a = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %i7 = arith.muli %i, %c7 : index
    %j3 = arith.muli %j, %c3 : index
    %s = arith.addi %i7, %j3 : index
    %r = arith.remui %s, %c11 : index
    %r1 = arith.addi %r, %c3 : index
    %v = arith.index_cast %r1 : index to i64
    %f = arith.sitofp %v : i64 to f64
    %jm = arith.remui %j, %c7 : index
    %jd = arith.addi %jm, %c3 : index
    %dv = arith.index_cast %jd : index to i64
    %df = arith.sitofp %dv : i64 to f64
    %g = arith.divf %f, %df : f64
    dist.yield %g : f64
  }
  // One op, one expression: C = A A, then C + alpha A.
  %c = dist.matmul %a, %a : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %d = dist.elementwise %a, %c : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%x: f64, %y: f64):
    %t = arith.mulf %alpha, %x : f64
    %u = arith.addf %t, %y : f64
    dist.yield %u : f64
  }
  // Two ops: never contracted (below -ffp-contract=fast).
  %e = dist.mul %a, %d : !dist.tensor<?x?xf64>
  %f = dist.add %e, %c : !dist.tensor<?x?xf64>
  %sc = dist.reduce sum %c : !dist.tensor<?x?xf64> -> f64
  %sd = dist.reduce sum %d : !dist.tensor<?x?xf64> -> f64
  %sf = dist.reduce sum %f : !dist.tensor<?x?xf64> -> f64
  dist.print %c precision = 17 : !dist.tensor<?x?xf64>
  dist.print %d precision = 17 : !dist.tensor<?x?xf64>
  dist.print %f precision = 17 : !dist.tensor<?x?xf64>
  return
}
