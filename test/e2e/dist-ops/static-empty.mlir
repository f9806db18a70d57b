// Tensors that are empty along a static dimension (0 x 3, 2 x 0, 0 x 0) and
// slices whose steps leave no element: every shift, slice and stencil of
// them is empty. Such slices used to stop the compiler in MLIR 22's slice
// verifier ("offset 1 is out-of-bounds: 0 >= 0", "slice along dimension 1
// runs out-of-bounds: 2 >= 1"; EmptySlices.h), also a reduction of a grid
// tensor with an empty dimension. numpy prints each as [].
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s
// RUN: %mpirun -n 3 %t | FileCheck %s
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 2 %t.O0 | FileCheck %s

// CHECK-COUNT-13: []
// CHECK-NEXT: 6
// CHECK-NOT: {{.}}

!E = !dist.tensor<2x0xf64>
!Z = !dist.tensor<0x3xf64, split = 1>
!G = !dist.tensor<0x0xf64, grid = [?, ?], split = [0, 1]>
func.func @main() {
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %e = dist.full %z : !E
  %e1 = dist.shift %e offsets [0, 0] fill %z : !E
  dist.print %e1 numpy : !E
  %e2 = dist.shift %e offsets [1, 0] periodic : !E
  dist.print %e2 numpy : !E
  %e3 = dist.slice %e [::-1, :] : !E -> !dist.tensor<?x?xf64>
  dist.print %e3 numpy : !dist.tensor<?x?xf64>
  %n = dist.shift %e offsets [-1, 0] fill %z : !E
  %s = dist.shift %e offsets [1, 0] fill %z : !E
  %avg = dist.elementwise %n, %s : !E, !E -> !E {
  ^bb0(%a: f64, %b: f64):
    %t = arith.addf %a, %b : f64
    dist.yield %t : f64
  }
  dist.print %avg numpy : !E
  %zz = dist.full %z : !Z
  %z1 = dist.shift %zz offsets [0, 1] fill %z : !Z
  dist.print %z1 numpy : !Z
  %z2 = dist.slice %zz [1:, 0:3:-2] : !Z -> !dist.tensor<?x?xf64>
  dist.print %z2 numpy : !dist.tensor<?x?xf64>
  %g = dist.full %z : !G
  %g1 = dist.shift %g offsets [1, -1] periodic : !G
  dist.print %g1 numpy : !G
  // Non-empty sources, slices that select nothing.
  %x = dist.full %one : !dist.tensor<2x3xf64>
  %x1 = dist.slice %x [0:2, 0:3:-2] : !dist.tensor<2x3xf64> -> !dist.tensor<2x0xf64>
  dist.print %x1 numpy : !dist.tensor<2x0xf64>
  %x2 = dist.slice %x [5:, ::2] : !dist.tensor<2x3xf64> -> !dist.tensor<0x2xf64>
  dist.print %x2 numpy : !dist.tensor<0x2xf64>
  %x3 = dist.insert_slice %x1 into %x [0:2, 1:1] : !dist.tensor<2x0xf64> into !dist.tensor<2x3xf64>
  %c = dist.concat %x1, %e axis 1 : !dist.tensor<2x0xf64>, !E -> !E
  dist.print %c numpy : !E
  // A reversed empty slice of a run-time-sized tensor whose sizes fold to
  // constants only after the lowering (the stride must not stay -2).
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d = dist.full %one (%c2, %c1) : !dist.tensor<?x?xf64>
  %d1 = dist.slice %d [3::3, :0:-2] : !dist.tensor<?x?xf64> -> !dist.tensor<0x0xf64>
  dist.print %d1 numpy : !dist.tensor<0x0xf64>
  // Reductions of a grid tensor with an empty dimension: the combined
  // partial result (4 x 0) is sliced to this rank's block, a slice of a
  // tensor whose source is empty along a static dimension.
  %h = dist.full %one : !dist.tensor<4x0x3xf64, grid = [?, ?], split = [2, 0]>
  %h1 = dist.reduce sum %h axis 2 : !dist.tensor<4x0x3xf64, grid = [?, ?], split = [2, 0]> -> !dist.tensor<4x0xf64>
  dist.print %h1 numpy : !dist.tensor<4x0xf64>
  %h2 = dist.reduce max %h axis 0 : !dist.tensor<4x0x3xf64, grid = [?, ?], split = [2, 0]> -> !dist.tensor<0x3xf64>
  dist.print %h2 numpy : !dist.tensor<0x3xf64>
  %sum = dist.reduce sum %x3 : !dist.tensor<2x3xf64> -> f64
  dist.print %sum : f64
  return
}
