// The output of a copy is read only after its wait, also when a later
// op's bufferization wants the slice it lands in early: here the concat
// inserts the repartitioned rows into its result and upstream's
// eliminate-empty-tensors builds the destination of the fill of the other
// column from that insertion. With the output's tensor defined at the
// call, the insertion moved above the wait and the rows from other ranks
// were copied before they had arrived (uninitialized columns at -O1/-O2;
// found by scripts/dist-differential.py). Expected: numpy's
// concatenate([a, full((9, 1), 10)], axis=1), a[i, j] = 10 i + j.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s
// RUN: %mpirun -n 2 %t | FileCheck %s
// RUN: %mpirun -n 3 %t | FileCheck %s
// RUN: %mpirun -n 4 %t | FileCheck %s
// RUN: %mpirun -n 5 %t | FileCheck %s

// CHECK: ( ( 0, 1, 2, 3, 10 ), ( 10, 11, 12, 13, 10 ), ( 20, 21, 22, 23, 10 ), ( 30, 31, 32, 33, 10 ), ( 40, 41, 42, 43, 10 ), ( 50, 51, 52, 53, 10 ), ( 60, 61, 62, 63, 10 ), ( 70, 71, 72, 73, 10 ), ( 80, 81, 82, 83, 10 ) )

!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
func.func @main() {
  %c10 = arith.constant 10 : index
  %ten = arith.constant 10.0 : f64
  %a = dist.generate : !dist.tensor<9x4xf64, grid = [?, ?], split = [1, 0]> {
  ^bb0(%i: index, %j: index):
    %t = arith.muli %i, %c10 : index
    %s = arith.addi %t, %j : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %rows = dist.repartition %a : !dist.tensor<9x4xf64, grid = [?, ?], split = [1, 0]> -> !dist.tensor<9x4xf64>
  %col = dist.full %ten : !dist.tensor<9x1xf64>
  %c = dist.concat %rows, %col axis 1 : !dist.tensor<9x4xf64>, !dist.tensor<9x1xf64> -> !dist.tensor<?x?xf64>
  %g = dist.repartition %c : !dist.tensor<?x?xf64> -> !G
  %back = dist.repartition %g : !G -> !dist.tensor<?x?xf64>
  dist.print %back : !dist.tensor<?x?xf64>
  return
}
