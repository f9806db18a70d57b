// Process-grid distributions of !dist.tensor: they round-trip, and the 1-D
// forms keep their spelling.
// RUN: %distc-opt %s | FileCheck %s
// RUN: %distc-opt %s | %distc-opt | FileCheck %s

// CHECK-LABEL: func.func @grids
// CHECK-SAME: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
// CHECK-SAME: !dist.tensor<64x64x3xf32, team = 1, grid = [2, ?], split = [1, 0]>
// CHECK-SAME: !dist.tensor<8x8x8xi32, grid = [2, 2, ?], split = [0, 1, 2]>
func.func @grids(%a: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>,
                 %b: !dist.tensor<64x64x3xf32, team = 1, grid = [2, ?], split = [1, 0]>,
                 %c: !dist.tensor<8x8x8xi32, grid = [2, 2, ?], split = [0, 1, 2]>) {
  return
}

// One run-time axis is the 1-D form.
// CHECK-LABEL: func.func @one_axis
// CHECK-SAME: !dist.tensor<?x?xf64, split = 1>
// CHECK-SAME: !dist.tensor<?x?xf64>
// CHECK-SAME: !dist.tensor<?xf64, grid = [4], split = [0]>
func.func @one_axis(%a: !dist.tensor<?x?xf64, grid = [?], split = [1]>,
                    %b: !dist.tensor<?x?xf64, grid = [?], split = [0]>,
                    %c: !dist.tensor<?xf64, grid = [4], split = [0]>) {
  return
}

// Every split dimension of a grid is dynamic in the local part.
// CHECK-LABEL: func.func @local
// CHECK: dist.local %{{.*}} : !dist.tensor<16x8x4xf64, grid = [?, ?], split = [2, 0]> -> tensor<?x8x?xf64>
func.func @local(%a: !dist.tensor<16x8x4xf64, grid = [?, ?], split = [2, 0]>) {
  %l = dist.local %a : !dist.tensor<16x8x4xf64, grid = [?, ?], split = [2, 0]> -> tensor<?x8x?xf64>
  return
}
