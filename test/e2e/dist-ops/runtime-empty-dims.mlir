// Tensors whose sizes are run-time values that turn out to be 0 (a 1 x 0
// shift, a 2 x 0 extend sliced by the user, a 0 x 5 x 0 stencil in a
// loop): once canonicalization folded those sizes to constants, upstream's
// folders gave slices and subviews static offsets past the end of an empty
// dimension, which MLIR 22's verifiers reject ("offset 2 is out-of-bounds:
// 0 >= 0"), and the compiler stopped on a valid program, at -O0 after
// bufferization and at -O2 in the loop. The distruntime dialect's
// canonicalization patterns replace such empty views first (EmptyViews.cpp).
// Found by the differential campaign. numpy prints each as [].
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t && split-file %s %t
// RUN: %distc -O0 %t/shift.mlir -o %t/shift.O0
// RUN: %mpirun -n 2 %t/shift.O0 | FileCheck %s --check-prefix=EMPTY
// RUN: %distc %t/shift.mlir -o %t/shift
// RUN: %mpirun -n 3 %t/shift | FileCheck %s --check-prefix=EMPTY
// RUN: %distc -O0 %t/extend.mlir -o %t/extend.O0
// RUN: %mpirun -n 2 %t/extend.O0 | FileCheck %s --check-prefix=EMPTY
// RUN: %distc %t/extend.mlir -o %t/extend
// RUN: %mpirun -n 1 %t/extend | FileCheck %s --check-prefix=EMPTY
// RUN: %distc -O0 %t/loop.mlir -o %t/loop.O0
// RUN: %mpirun -n 3 %t/loop.O0 | FileCheck %s --check-prefix=LOOP
// RUN: %distc %t/loop.mlir -o %t/loop
// RUN: %mpirun -n 2 %t/loop | FileCheck %s --check-prefix=LOOP

// EMPTY: []
// LOOP: []
// LOOP-NEXT: 0

//--- shift.mlir
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %fill = arith.constant -2.0 : f64
  %a = dist.full %fill (%c1, %c0) : !dist.tensor<?x?xf64>
  %s = dist.shift %a offsets [0, 1] fill %fill : !dist.tensor<?x?xf64>
  dist.print %s numpy : !dist.tensor<?x?xf64>
  return
}

//--- extend.mlir
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %fill = arith.constant -2.0 : f64
  %a = dist.full %fill (%c2, %c0) : !dist.tensor<?x?xf64>
  %e = dist.extend %a low [0, 1] high [0, 1] fill %fill : !dist.tensor<?x?xf64> -> tensor<?x?xf64>
  %l = dist.local %a : !dist.tensor<?x?xf64> -> tensor<?x?xf64>
  %d0 = tensor.dim %l, %c0 : tensor<?x?xf64>
  %d1 = tensor.dim %l, %c1 : tensor<?x?xf64>
  %s = tensor.extract_slice %e[0, 2][%d0, %d1][1, 1] : tensor<?x?xf64> to tensor<?x?xf64>
  %y = dist.with_local %a, %s : !dist.tensor<?x?xf64>, tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  dist.print %y numpy : !dist.tensor<?x?xf64>
  return
}

//--- loop.mlir
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %fill = arith.constant -1.0 : f64
  %a = dist.generate (%c0, %c5, %c0) : !dist.tensor<?x?x?xf64> {
  ^bb0(%i: index, %j: index, %k: index):
    %v = arith.index_cast %i : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %r = scf.for %it = %c0 to %c3 step %c1 iter_args(%u = %a) -> (!dist.tensor<?x?x?xf64>) {
    %s = dist.shift %u offsets [1, 0, -2] fill %fill : !dist.tensor<?x?x?xf64>
    %y = dist.sub %s, %u : !dist.tensor<?x?x?xf64>, !dist.tensor<?x?x?xf64> -> !dist.tensor<?x?x?xf64>
    scf.yield %y : !dist.tensor<?x?x?xf64>
  }
  dist.print %r numpy : !dist.tensor<?x?x?xf64>
  %sum = dist.reduce sum %r : !dist.tensor<?x?x?xf64> -> f64
  dist.print %sum : f64
  return
}
