// Irregular blocks that equal the balanced ones in one run of a loop and
// differ in the next: 12 x 2 rows from dist.from_local, balanced in
// iterations 0 and 2; in iteration 1 the second-to-last rank gives its last
// row to the last rank, so every other rank's block stays the same. Those
// ranks used to reuse the balanced plan of iteration 0 without asking, while
// the two ranks whose blocks changed waited in the agreement (a hang until
// IDTR_TIMEOUT, or collectives matched out of order). Copies and halos of
// irregular tensors now carry `irregular` and the runtime agrees before every
// reuse of their plans (IDTR_CALL_IRREGULAR).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: env IDTR_TIMEOUT=20 %mpirun -n 1 %t | FileCheck %s
// RUN: env IDTR_TIMEOUT=20 %mpirun -n 2 %t | FileCheck %s
// RUN: env IDTR_TIMEOUT=20 %mpirun -n 3 %t | FileCheck %s
// RUN: env IDTR_TIMEOUT=20 %mpirun -n 4 %t | FileCheck %s
// RUN: env IDTR_TIMEOUT=20 %mpirun -n 5 %t | FileCheck %s
// RUN: %distc -O0 %s -o %t.O0
// RUN: env IDTR_TIMEOUT=20 %mpirun -n 3 %t.O0 | FileCheck %s
// The copies, the permutation and the halo of the irregular tensor are
// marked; the balanced print's gather is not:
// RUN: %distc %s --emit=mlir --pipeline=distc-dist-to-distruntime -o - | FileCheck %s --check-prefix=MARK

// CHECK-COUNT-3: [276. 276. 275. 276.]
// CHECK-NOT: {{.}}

// MARK-DAG: distruntime.copy_reshape {{.*}}irregular
// MARK-DAG: distruntime.copy_permute {{.*}}irregular
// MARK-DAG: distruntime.update_halo {{.*}}irregular

!I = !dist.tensor<?x?xf64, irregular>
!R = !dist.tensor<?x?xf64>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c12 = arith.constant 12 : index
  %zero = arith.constant 0.0 : f64
  %p = dist.team_size
  %r = dist.team_member
  // Balanced rows of 12: [lo(r), lo(r) + n(r)).
  %q = arith.divui %c12, %p : index
  %m = arith.remui %c12, %p : index
  %qr = arith.muli %q, %r : index
  %minr = arith.minui %r, %m : index
  %lo0 = arith.addi %qr, %minr : index
  %extra = arith.cmpi ult, %r, %m : index
  %e = arith.select %extra, %c1, %c0 : index
  %n0 = arith.addi %q, %e : index
  %last = arith.subi %p, %c1 : index
  %multi = arith.cmpi uge, %p, %c2 : index
  %isLast = arith.cmpi eq, %r, %last : index
  %rp1 = arith.addi %r, %c1 : index
  %isSecond = arith.cmpi eq, %rp1, %last : index
  scf.for %it = %c0 to %c3 step %c1 {
    %odd = arith.remui %it, %c2 : index
    %move = arith.select %multi, %odd, %c0 : index
    %gain = arith.select %isLast, %move, %c0 : index
    %loss = arith.select %isSecond, %move, %c0 : index
    %n1 = arith.addi %n0, %gain : index
    %n = arith.subi %n1, %loss : index
    %lo = arith.subi %lo0, %gain : index
    %part = tensor.generate %n, %c2 {
    ^bb0(%i: index, %j: index):
      %gi = arith.addi %i, %lo : index
      %row = arith.muli %gi, %c2 : index
      %g = arith.addi %row, %j : index
      %g64 = arith.index_cast %g : index to i64
      %f = arith.sitofp %g64 : i64 to f64
      tensor.yield %f : f64
    } : tensor<?x?xf64>
    %v = dist.from_local %part offset %lo : tensor<?x?xf64> -> !I
    // Moved to balanced rows, transposed, and shifted by one row (a
    // halo: row i reads row i + 1), each summed: 276 = sum(0..23), the
    // shift drops row 0: 276 - 0 - 1.
    %b = dist.repartition %v : !I -> !R
    %t = dist.permute %v axes [1, 0] : !I -> !R
    %s = dist.shift %v offsets [1, 0] fill %zero : !I
    %sb = dist.reduce sum %b : !R -> f64
    %st = dist.reduce sum %t : !R -> f64
    %ss = dist.reduce sum %s : !I -> f64
    %sv = dist.reduce sum %v : !I -> f64
    %sums = tensor.from_elements %sb, %st, %ss, %sv : tensor<4xf64>
    dist.print %sums numpy : tensor<4xf64>
  }
  return
}
