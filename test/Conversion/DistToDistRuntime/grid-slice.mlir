// Slices, insertions and concatenations of tensors on process grids: each
// rank cuts its part out of its own block (its box along every split
// dimension), and a copy_reshape moves boxes only where the result's
// blocks need elements of other ranks. Free: an irregular result split
// over the same grid with positive steps along the split dimensions, the
// split dimensions taken whole between balanced blocks of one grid, a
// concatenation along a dimension that is not split.
// RUN: %distc-opt %s --convert-dist-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s

// The pieces are the result: one strided extract_slice of the block.
// CHECK-LABEL: func.func @slice_irregular
// CHECK: tensor.extract_slice {{.*}} [1, 2] : tensor<?x?xf64> to tensor<?x?xf64>
// CHECK-NOT: copy_reshape
// CHECK: return
func.func @slice_irregular(%a: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>) -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular> {
  %s = dist.slice %a [1:-1, 1::2] : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
  return %s : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
}

// -----

// u[1:-1, 1:-1] into balanced 2-D blocks: the pieces move once, to the
// balanced blocks of the 5 x 8 result on its grid (both extents from the
// run-time factoring of the team).
// CHECK-LABEL: func.func @slice_balanced
// CHECK: %[[P:.*]] = tensor.extract_slice {{.*}} [1, 1] : tensor<?x?xf64> to tensor<?x?xf64>
// CHECK-COUNT-2: distruntime.grid_factor
// CHECK: %[[H:.*]], %{{.*}} = distruntime.copy_reshape %[[P]] {{.*}} to n_g_shape %c5{{.*}}, %c8
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK-NOT: copy_reshape
// CHECK: return
func.func @slice_balanced(%a: !dist.tensor<7x10xf64, grid = [?, ?], split = [0, 1]>) -> !dist.tensor<5x8xf64, grid = [?, ?], split = [0, 1]> {
  %s = dist.slice %a [1:-1, 1:-1] : !dist.tensor<7x10xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<5x8xf64, grid = [?, ?], split = [0, 1]>
  return %s : !dist.tensor<5x8xf64, grid = [?, ?], split = [0, 1]>
}

// -----

// A negative step along a split dimension reverses the order of the
// blocks along its grid axis: even an irregular result costs a copy. (The
// stride is -1, or 1 where the run-time range is empty: MLIR 22's verifier
// rejects an empty slice with a negative stride once its sizes fold.)
// CHECK-LABEL: func.func @slice_reverse
// CHECK: %[[STRIDE:.*]] = arith.select %{{.*}}, %c1, %c-1 : index
// CHECK: tensor.extract_slice {{.*}} [1, %[[STRIDE]]] : tensor<?x?xf64> to tensor<?x?xf64>
// CHECK: distruntime.copy_reshape
// CHECK: return
func.func @slice_reverse(%a: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>) -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular> {
  %s = dist.slice %a [:, ::-1] : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
  return %s : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
}

// -----

// The split dimensions (2 and 0) whole: the balanced blocks stay.
// CHECK-LABEL: func.func @slice_unsplit_dim
// CHECK: tensor.extract_slice {{.*}} [1, -2, 1] : tensor<?x7x?xf64> to tensor<?x3x?xf64>
// CHECK-NOT: copy_reshape
// CHECK: return
func.func @slice_unsplit_dim(%a: !dist.tensor<4x7x5xf64, grid = [?, ?], split = [2, 0]>) -> !dist.tensor<4x3x5xf64, grid = [?, ?], split = [2, 0]> {
  %s = dist.slice %a [:, 5:0:-2, :] : !dist.tensor<4x7x5xf64, grid = [?, ?], split = [2, 0]> -> !dist.tensor<4x3x5xf64, grid = [?, ?], split = [2, 0]>
  return %s : !dist.tensor<4x3x5xf64, grid = [?, ?], split = [2, 0]>
}

// -----

// Another grid (the axes swapped) is another partition: a copy.
// CHECK-LABEL: func.func @slice_other_grid
// CHECK: distruntime.copy_reshape
// CHECK: return
func.func @slice_other_grid(%a: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>) -> !dist.tensor<?x?xf64, grid = [?, ?], split = [1, 0]> {
  %s = dist.slice %a [:, :] : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [1, 0]>
  return %s : !dist.tensor<?x?xf64, grid = [?, ?], split = [1, 0]>
}

// -----

// 1-D rows into grid blocks: the pieces of the rows, then one copy.
// CHECK-LABEL: func.func @slice_rows_to_grid
// CHECK: tensor.extract_slice
// CHECK: distruntime.copy_reshape
// CHECK-NOT: copy_reshape
// CHECK: return
func.func @slice_rows_to_grid(%a: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64, grid = [2, ?], split = [0, 1]> {
  %s = dist.slice %a [1:, :-1] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64, grid = [2, ?], split = [0, 1]>
  return %s : !dist.tensor<?x?xf64, grid = [2, ?], split = [0, 1]>
}

// -----

// The split dimensions whole and both balanced on one grid: the source's
// block is the part of the destination's block it replaces.
// CHECK-LABEL: func.func @insert_aligned
// CHECK-NOT: copy_reshape
// CHECK: tensor.insert_slice
// CHECK: return
func.func @insert_aligned(%s: !dist.tensor<4x3x5xf64, grid = [?, ?], split = [2, 0]>, %d: !dist.tensor<4x7x5xf64, grid = [?, ?], split = [2, 0]>) -> !dist.tensor<4x7x5xf64, grid = [?, ?], split = [2, 0]> {
  %r = dist.insert_slice %s into %d [:, 2:5, :] : !dist.tensor<4x3x5xf64, grid = [?, ?], split = [2, 0]> into !dist.tensor<4x7x5xf64, grid = [?, ?], split = [2, 0]>
  return %r : !dist.tensor<4x7x5xf64, grid = [?, ?], split = [2, 0]>
}

// -----

// CHECK-LABEL: func.func @insert_interior
// CHECK: %{{.*}}, %[[P:.*]] = distruntime.copy_reshape
// CHECK: tensor.insert_slice %[[P]]
// CHECK: return
func.func @insert_interior(%s: !dist.tensor<5x8xf64, grid = [?, ?], split = [0, 1]>, %d: !dist.tensor<7x10xf64, grid = [?, ?], split = [0, 1]>) -> !dist.tensor<7x10xf64, grid = [?, ?], split = [0, 1]> {
  %r = dist.insert_slice %s into %d [1:-1, 1:-1] : !dist.tensor<5x8xf64, grid = [?, ?], split = [0, 1]> into !dist.tensor<7x10xf64, grid = [?, ?], split = [0, 1]>
  return %r : !dist.tensor<7x10xf64, grid = [?, ?], split = [0, 1]>
}

// -----

// Along the dimension that is not split, balanced inputs of the result's
// grid are copied locally.
// CHECK-LABEL: func.func @concat_unsplit_axis
// CHECK-NOT: copy_reshape
// CHECK: tensor.insert_slice
// CHECK: tensor.insert_slice
// CHECK: return
func.func @concat_unsplit_axis(%a: !dist.tensor<4x7x5xf64, grid = [?, ?], split = [2, 0]>, %b: !dist.tensor<4x3x5xf64, grid = [?, ?], split = [2, 0]>) -> !dist.tensor<4x10x5xf64, grid = [?, ?], split = [2, 0]> {
  %c = dist.concat %a, %b axis 1 : !dist.tensor<4x7x5xf64, grid = [?, ?], split = [2, 0]>, !dist.tensor<4x3x5xf64, grid = [?, ?], split = [2, 0]> -> !dist.tensor<4x10x5xf64, grid = [?, ?], split = [2, 0]>
  return %c : !dist.tensor<4x10x5xf64, grid = [?, ?], split = [2, 0]>
}

// -----

// Along a split dimension every input moves its boxes.
// CHECK-LABEL: func.func @concat_split_axis
// CHECK: distruntime.copy_reshape
// CHECK: tensor.insert_slice
// CHECK: distruntime.copy_reshape
// CHECK: tensor.insert_slice
// CHECK-NOT: copy_reshape
// CHECK: return
func.func @concat_split_axis(%a: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, %b: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> {
  %c = dist.concat %a, %b axis 1 : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  return %c : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
}

// -----

// A roll (periodic shift) on a grid is the concatenation of two slices
// along the grid's split dimension: two copies that move the elements
// crossing a block edge of grid axis 0, and nothing else.
// CHECK-LABEL: func.func @roll_grid_rows
// CHECK: distruntime.copy_reshape
// CHECK: distruntime.copy_reshape
// CHECK-NOT: copy_reshape
// CHECK: return
func.func @roll_grid_rows(%a: !dist.tensor<?x?xcomplex<f64>, grid = [?, ?], split = [0, 1]>) -> !dist.tensor<?x?xcomplex<f64>, grid = [?, ?], split = [0, 1]> {
  %r = dist.shift %a offsets [1, 0] periodic : !dist.tensor<?x?xcomplex<f64>, grid = [?, ?], split = [0, 1]>
  return %r : !dist.tensor<?x?xcomplex<f64>, grid = [?, ?], split = [0, 1]>
}

// -----

// Along the dimension that is not split the blocks rotate locally.
// CHECK-LABEL: func.func @roll_grid_unsplit
// CHECK-NOT: copy_reshape
// CHECK: return
func.func @roll_grid_unsplit(%a: !dist.tensor<4x7x5xf64, grid = [?, ?], split = [2, 0]>) -> !dist.tensor<4x7x5xf64, grid = [?, ?], split = [2, 0]> {
  %r = dist.shift %a offsets [0, -2, 0] periodic : !dist.tensor<4x7x5xf64, grid = [?, ?], split = [2, 0]>
  return %r : !dist.tensor<4x7x5xf64, grid = [?, ?], split = [2, 0]>
}
