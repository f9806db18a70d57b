// A 1 x 13 array on a 1 x P process grid. %v holds it in irregular column
// blocks (dist.from_local): rank r holds columns [lo(r), lo(r+1)) with
// lo(r) = 13 - 13 (P - r) / P; on 5 ranks 3, 3, 2, 3, 2 columns (the
// balanced blocks are 3, 3, 3, 2, 2), on 1-4 and 6 ranks the balanced ones.
!I = !dist.tensor<?x?xf64, grid = [1, ?], split = [0, 1], irregular>
!B = !dist.tensor<?x?xf64, grid = [1, ?], split = [0, 1]>
!R = !dist.tensor<?x?xf64>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c13 = arith.constant 13 : index
  %one = arith.constant 1.0 : f64
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
  // Both operands of the add are moved to row blocks (two copy_reshapes
  // at one op): the first from balanced, the second from irregular blocks.
  %a = dist.repartition %v : !I -> !B
  %b = dist.add %a, %v : !B, !I -> !R
  dist.print %b numpy : !R
  return
}
// FINDINGS.md #4b. mpirun -n 5 hangs until IDTR_TIMEOUT; -n 1-4 and 6
// print the expected [[2. 2. 2. 2. 2. 2. 2. 2. 2. 2. 2. 2. 2.]].
