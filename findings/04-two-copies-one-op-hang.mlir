// Both operands of the add are moved to row blocks (two copy_reshapes at
// one op). On 4 ranks (a 2 x 2 grid) ranks 0 and 1 hold the same box of
// the 1 x 2 array in both partitions (column 0, column 1); ranks 2 and 3
// hold different (empty) boxes.
func.func @main() {
  %one = arith.constant 1.0 : f64
  %a = dist.full %one : !dist.tensor<1x2xf64, split = 1>
  %b = dist.full %one : !dist.tensor<1x2xf64, grid = [?, ?], split = [0, 1]>
  %c = dist.add %a, %b : !dist.tensor<1x2xf64, split = 1>, !dist.tensor<1x2xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<1x2xf64>
  dist.print %c numpy : !dist.tensor<1x2xf64>
  return
}
// FINDINGS.md #4. mpirun -n 4 (and -n 6) hangs until IDTR_TIMEOUT;
// -n 1, 2, 3, 5 print the expected [[2. 2.]].
