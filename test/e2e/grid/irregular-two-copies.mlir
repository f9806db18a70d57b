// One op that moves two operands (dist.add of a balanced and an irregular
// 1 x 13 grid tensor to row blocks): two copy_reshapes at one source
// location. On 5 ranks the irregular column blocks are 3, 3, 2, 3, 2, so
// ranks 0 and 1 hold their balanced blocks. Both calls used to share one
// call site: ranks 0 and 1 found the first call's balanced plan for the
// second and reused it without asking, while ranks 2-4 waited in the
// agreement (a hang until IDTR_TIMEOUT). Every runtime call is now its own
// site (LowerDistRuntimeToIDTR.cpp, siteString). Found by the differential
// campaign.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: env IDTR_TIMEOUT=20 %mpirun -n 5 %t | FileCheck %s
// RUN: env IDTR_TIMEOUT=20 %mpirun -n 4 %t | FileCheck %s
// RUN: env IDTR_TIMEOUT=20 %mpirun -n 1 %t | FileCheck %s
// RUN: %distc -O0 %s -o %t.O0
// RUN: env IDTR_TIMEOUT=20 %mpirun -n 5 %t.O0 | FileCheck %s
// Two call sites of one op get two location constants with the same text:
// RUN: %distc %s --emit=mlir -o - | FileCheck %s --check-prefix=SITES

// CHECK: {{\[}}[2. 2. 2. 2. 2. 2. 2. 2. 2. 2. 2. 2. 2.]]
// SITES-DAG: llvm.mlir.global internal constant @[[FIRST:__distc_loc_[0-9A-F]+]]("{{.*}}irregular-two-copies.mlir:{{[0-9]+}}:8: dist.add\00")
// SITES-DAG: llvm.mlir.global internal constant @[[FIRST]]_0("{{.*}}irregular-two-copies.mlir:{{[0-9]+}}:8: dist.add\00#1\00")

!I = !dist.tensor<?x?xf64, grid = [1, ?], split = [0, 1], irregular>
!B = !dist.tensor<?x?xf64, grid = [1, ?], split = [0, 1]>
!R = !dist.tensor<?x?xf64>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c13 = arith.constant 13 : index
  %one = arith.constant 1.0 : f64
  // Rank r holds columns [lo(r), lo(r + 1)), lo(r) = 13 - 13 (P - r) / P.
  %p = dist.team_size
  %r = dist.team_member
  %t0 = arith.subi %p, %r : index
  %t1 = arith.muli %t0, %c13 : index
  %t2 = arith.divui %t1, %p : index
  %lo = arith.subi %c13, %t2 : index
  %r1 = arith.addi %r, %c1 : index
  %u0 = arith.subi %p, %r1 : index
  %u1 = arith.muli %u0, %c13 : index
  %u2 = arith.divui %u1, %p : index
  %hi = arith.subi %c13, %u2 : index
  %n = arith.subi %hi, %lo : index
  %part = tensor.generate %c1, %n {
  ^bb0(%i: index, %j: index):
    tensor.yield %one : f64
  } : tensor<?x?xf64>
  %v = dist.from_local %part offset %c0, %lo : tensor<?x?xf64> -> !I
  %a = dist.repartition %v : !I -> !B
  %b = dist.add %a, %v : !B, !I -> !R
  dist.print %b numpy : !R
  return
}
