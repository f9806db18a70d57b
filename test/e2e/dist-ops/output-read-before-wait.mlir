// b = a[:2] moved onto a P x 1 grid (a copy_reshape), carried through a
// loop and read again after it. The copy's output had a pure user (a
// tensor.cast) before its wait, so lower-distruntime-to-idtr defined the
// output tensor at the call; bufferization then put the loop's copy of
// its initial value there, before the wait, and on 2 ranks at -O1 and above
// row 1 of the result was uninitialised memory (2.77e-309). Such users now
// move below the wait (sinkOutputUsersBelowWait). Found by the differential
// campaign. numpy: r = [[0], [40]], sum(r) = 40, sum(b) = 10.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc -O1 %s -o %t.O1
// RUN: %mpirun -n 2 %t.O1 | FileCheck %s
// RUN: %distc %s -o %t
// RUN: %mpirun -n 2 %t | FileCheck %s
// RUN: %mpirun -n 3 %t | FileCheck %s
// RUN: %mpirun -n 1 %t | FileCheck %s
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 2 %t.O0 | FileCheck %s

// CHECK:      {{\[}}[ 0.]
// CHECK-NEXT:  [40.]]
// CHECK-NEXT: 40
// CHECK-NEXT: 10

!T = !dist.tensor<2x1xf64, grid = [?, 1], split = [0, 1]>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %a = dist.generate : !dist.tensor<3x1xf64> {
  ^bb0(%i: index, %j: index):
    %t = arith.muli %i, %c10 : index
    %v = arith.index_cast %t : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %b = dist.slice %a [:2, :] : !dist.tensor<3x1xf64> -> !T
  %r = scf.for %it = %c0 to %c2 step %c1 iter_args(%u = %b) -> (!T) {
    %y = dist.add %u, %u : !T, !T -> !T
    scf.yield %y : !T
  }
  %sr = dist.reduce sum %r : !T -> f64
  %sb = dist.reduce sum %b : !T -> f64
  dist.print %r numpy : !T
  dist.print %sr : f64
  dist.print %sb : f64
  return
}
