// dist.matmul of operands whose inner sizes are `?` in the types and differ
// at run time (5 columns against 6 rows, from dist.param) stops the program
// with the op's location and both sizes, on any number of ranks, instead of
// multiplying blocks of different lengths.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: not %mpirun -n 2 %t 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="signal"
// RUN: not %mpirun -n 3 %t 2>&1 | FileCheck %s --implicit-check-not="Stack dump" --implicit-check-not="signal"
// RUN: %mpirun -n 2 %t --k 6 | FileCheck %s --check-prefix=OK

// CHECK: matmul-size-check.mlir:[[@LINE+10]]:{{[0-9]+}}: error: dist.matmul: the columns of the first operand and the rows of the second differ: 5 vs 6
// OK: 6

func.func @main() {
  %k = dist.param "k" default 5 : index
  %c6 = arith.constant 6 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f64
  %a = dist.full %one (%c4, %k) : !dist.tensor<?x?xf64>
  %b = dist.full %one (%c6, %c4) : !dist.tensor<?x?xf64>
  %c = dist.matmul %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %s = dist.reduce max %c : !dist.tensor<?x?xf64> -> f64
  dist.print %s : f64
  return
}
