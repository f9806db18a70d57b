// RUN: %distc-opt %s --distc-shard-partition --split-input-file | FileCheck %s

// Annotations that contradict each other at one op (upstream's propagation
// leaves such an op as it is, and its partitioning crashed on it): the op
// runs in the loop sharding of its annotated result, and the operands
// annotated otherwise are resharded to it.

shard.grid @g(shape = 4)

// The argument's annotation splits the contracted dimension, the product's
// its columns: one grid axis on two loops. The argument is read whole (it
// is global at the boundary: no communication), B and the init by columns.
// CHECK-LABEL: func.func @contraction_and_columns
// CHECK-SAME:    %[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<8x12xf32>
// CHECK:         %[[FILL:.*]] = linalg.fill
// CHECK-DAG:     %[[BS:.*]] = shard.all_slice %[[B]] on @g grid_axes = [0] slice_axis = 1 : tensor<8x12xf32> -> tensor<8x3xf32>
// CHECK-DAG:     %[[INIT:.*]] = shard.all_slice %[[FILL]] on @g grid_axes = [0] slice_axis = 1 : tensor<4x12xf32> -> tensor<4x3xf32>
// CHECK:         %[[M:.*]] = linalg.matmul ins(%[[A]], %[[BS]] : tensor<4x8xf32>, tensor<8x3xf32>) outs(%[[INIT]] : tensor<4x3xf32>)
// CHECK:         shard.all_gather %[[M]] on @g grid_axes = [0] gather_axis = 1 : tensor<4x3xf32> -> tensor<4x12xf32>
func.func @contraction_and_columns(%a: tensor<4x8xf32>, %b: tensor<8x12xf32>) -> tensor<4x12xf32> {
  %s = shard.sharding @g split_axes = [[], [0]] : !shard.sharding
  %a1 = shard.shard %a to %s : tensor<4x8xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<4x12xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<4x12xf32>) -> tensor<4x12xf32>
  %m = linalg.matmul ins(%a1, %b : tensor<4x8xf32>, tensor<8x12xf32>) outs(%f : tensor<4x12xf32>) -> tensor<4x12xf32>
  %r = shard.shard %m to %s : tensor<4x12xf32>
  return %r : tensor<4x12xf32>
}

// -----

shard.grid @g(shape = 2x2)

// A in blocks [[0], [1]], B by rows along axis 1, the product in blocks
// [[1], [0]]: both axes would split two loops. The product's sharding
// wins: A by rows along axis 1, B by columns along axis 0, no reduction.
// CHECK-LABEL: func.func @blocks_disagree
// CHECK-SAME:    %[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<8x6xf32>
// CHECK-DAG:     %[[AS:.*]] = shard.all_slice %[[A]] on @g grid_axes = [1] slice_axis = 0 : tensor<4x8xf32> -> tensor<2x8xf32>
// CHECK-DAG:     %[[BS:.*]] = shard.all_slice %[[B]] on @g grid_axes = [0] slice_axis = 1 : tensor<8x6xf32> -> tensor<8x3xf32>
// CHECK:         linalg.matmul ins(%[[AS]], %[[BS]] : tensor<2x8xf32>, tensor<8x3xf32>) outs(%{{.*}} : tensor<2x3xf32>)
// CHECK-NOT:     shard.all_reduce
// CHECK:         return
func.func @blocks_disagree(%a: tensor<4x8xf32>, %b: tensor<8x6xf32>) -> tensor<4x6xf32> {
  %sa = shard.sharding @g split_axes = [[0], [1]] : !shard.sharding
  %sb = shard.sharding @g split_axes = [[1]] : !shard.sharding
  %sr = shard.sharding @g split_axes = [[1], [0]] : !shard.sharding
  %a1 = shard.shard %a to %sa annotate_for_users : tensor<4x8xf32>
  %b1 = shard.shard %b to %sb annotate_for_users : tensor<8x6xf32>
  %e = tensor.empty() : tensor<4x6xf32>
  %m = linalg.matmul ins(%a1, %b1 : tensor<4x8xf32>, tensor<8x6xf32>) outs(%e : tensor<4x6xf32>) -> tensor<4x6xf32>
  %r = shard.shard %m to %sr : tensor<4x6xf32>
  return %r : tensor<4x6xf32>
}
