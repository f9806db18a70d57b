// A grid matrix-vector product whose sizes are `?` in the types and differ
// at run time (10 columns of A against a vector of 9, from dist.param)
// stops the program with the op's location and both sizes, on a 2x2 and a
// 3x2 grid, before any rank fetches its piece of x; with --k 10 it runs.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: not %mpirun -n 4 %t 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="signal"
// RUN: not %mpirun -n 6 %t 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="signal"
// RUN: %mpirun -n 6 %t --k 10 | FileCheck %s --check-prefix=OK

// CHECK: matvec-errors.mlir:[[@LINE+11]]:{{[0-9]+}}: error: dist.matmul: the columns of the first operand and the rows of the second differ: 10 vs 9
// sum(A x) for A = ones(7, 10), x = ones(10): 70
// OK: 70

func.func @main() {
  %k = dist.param "k" default 9 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %one = arith.constant 1.0 : f64
  %a = dist.full %one (%c7, %c10) : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %x = dist.full %one (%k) : !dist.tensor<?xf64>
  %y = dist.matmul %a, %x : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?xf64> -> !dist.tensor<?xf64>
  %s = dist.reduce sum %y : !dist.tensor<?xf64> -> f64
  dist.print %s : f64
  return
}
