// RUN: %distc-opt %s --distc-shard-partition --split-input-file | FileCheck %s

// Reshardings on a 2-D grid that upstream's shard-partition would do in one
// step (building invalid IR) or crash on become chains of one step each:
// [[0], [1]] -> [[0, 1]] gathers along grid axis 1, then slices dimension
// 0 along it.

shard.grid @grid(shape = 2x2)

// CHECK-LABEL: func.func @blocks_to_rows
// CHECK: %[[S0:.*]] = shard.all_slice %arg0 on @grid grid_axes = [0] slice_axis = 0 : tensor<8x4xf32> -> tensor<4x4xf32>
// CHECK: %[[S1:.*]] = shard.all_slice %[[S0]] on @grid grid_axes = [1] slice_axis = 1 : tensor<4x4xf32> -> tensor<4x2xf32>
// CHECK: %[[G:.*]] = shard.all_gather %[[S1]] on @grid grid_axes = [1] gather_axis = 1 : tensor<4x2xf32> -> tensor<4x4xf32>
// CHECK: %[[S2:.*]] = shard.all_slice %{{.*}} on @grid grid_axes = [1] slice_axis = 0 : tensor<4x4xf32> -> tensor<2x4xf32>
// CHECK: linalg.negf ins(%[[S2]] : tensor<2x4xf32>)
func.func @blocks_to_rows(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %blocks = shard.sharding @grid split_axes = [[0], [1]] : !shard.sharding
  %rows = shard.sharding @grid split_axes = [[0, 1]] : !shard.sharding
  %a0 = shard.shard %a to %blocks : tensor<8x4xf32>
  %a1 = shard.shard %a0 to %rows annotate_for_users : tensor<8x4xf32>
  %e = tensor.empty() : tensor<8x4xf32>
  %n = linalg.negf ins(%a1 : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %n : tensor<8x4xf32>
}

// -----

shard.grid @grid(shape = 2x2)

// One tensor.empty for two ops of different shardings: each gets its own.
// CHECK-LABEL: func.func @shared_empty
// CHECK-DAG: tensor.empty() : tensor<4x4xf32>
// CHECK-DAG: tensor.empty() : tensor<8x2xf32>
func.func @shared_empty(%a: tensor<8x4xf32>) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %cols = shard.sharding @grid split_axes = [[], [1]] : !shard.sharding
  %e = tensor.empty() : tensor<8x4xf32>
  %ar = shard.shard %a to %rows annotate_for_users : tensor<8x4xf32>
  %x = linalg.negf ins(%ar : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %x1 = shard.shard %x to %rows : tensor<8x4xf32>
  %ac = shard.shard %a to %cols annotate_for_users : tensor<8x4xf32>
  %y = linalg.exp ins(%ac : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %y1 = shard.shard %y to %cols : tensor<8x4xf32>
  return %x1, %y1 : tensor<8x4xf32>, tensor<8x4xf32>
}
