// RUN: %distc-opt %s --distc-shard-partition --split-input-file | FileCheck %s

// Ops that have no sharding rule upstream are computed replicated (their
// split operands gathered first); the reshapes have distc's rule, and
// linalg.softmax is decomposed into linalg.generic ops, which have rules.
// 8 rows into 2x4 on 4 shards: a shard would hold half a group, so the
// reshape is computed replicated (on the global argument: no gather).

shard.grid @g(shape = 4)

// CHECK-LABEL: func.func @reshape_replicated
// CHECK-SAME:    %[[A:.*]]: tensor<8x6xf32>
// CHECK-NEXT:    tensor.expand_shape %[[A]] {{\[}}[0, 1], [2]] output_shape [2, 4, 6] : tensor<8x6xf32> into tensor<2x4x6xf32>
func.func @reshape_replicated(%a: tensor<8x6xf32>) -> tensor<2x4x6xf32> {
  %rows = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %a1 = shard.shard %a to %rows : tensor<8x6xf32>
  %x = tensor.expand_shape %a1 [[0, 1], [2]] output_shape [2, 4, 6] : tensor<8x6xf32> into tensor<2x4x6xf32>
  return %x : tensor<2x4x6xf32>
}

// -----

shard.grid @g(shape = 4)

// A reshape keeps a split of the leading dimension of a group when every
// shard holds whole groups: 8 rows into 4x2 on 4 (one each), and collapsed.
// CHECK-LABEL: func.func @reshape_local
// CHECK:         %[[S:.*]] = shard.all_slice %{{.*}} on @g grid_axes = [0] slice_axis = 0 : tensor<8x6xf32> -> tensor<2x6xf32>
// CHECK-NOT:     shard.all_gather
// CHECK:         %[[E:.*]] = tensor.expand_shape %[[S]] {{\[}}[0, 1], [2]] output_shape [1, 2, 6] : tensor<2x6xf32> into tensor<1x2x6xf32>
// CHECK-NOT:     shard.all_gather
// CHECK:         %[[C:.*]] = tensor.collapse_shape %[[E]] {{\[}}[0, 1], [2]] : tensor<1x2x6xf32> into tensor<2x6xf32>
// CHECK:         shard.all_gather %[[C]] on @g grid_axes = [0] gather_axis = 0 : tensor<2x6xf32> -> tensor<8x6xf32>
func.func @reshape_local(%a: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %rows = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %a1 = shard.shard %a to %rows : tensor<8x6xf32>
  %x = tensor.expand_shape %a1 [[0, 1], [2]] output_shape [4, 2, 6] : tensor<8x6xf32> into tensor<4x2x6xf32>
  %y = tensor.collapse_shape %x [[0, 1], [2]] : tensor<4x2x6xf32> into tensor<8x6xf32>
  %y1 = shard.shard %y to %rows : tensor<8x6xf32>
  return %y1 : tensor<8x6xf32>
}

// -----

shard.grid @g(shape = 4)

// Along a dimension that is not split, every step is local.
// CHECK-LABEL: func.func @softmax_local
// CHECK-NOT:     shard.all_reduce
// CHECK:         arith.maximumf
// CHECK-NOT:     shard.all_reduce
// CHECK:         math.exp
// CHECK-NOT:     shard.all_reduce
// CHECK:         arith.divf
// CHECK:         shard.all_gather
func.func @softmax_local(%a: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %rows = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %a1 = shard.shard %a to %rows : tensor<8x6xf32>
  %e = tensor.empty() : tensor<8x6xf32>
  %s = linalg.softmax dimension(1) ins(%a1 : tensor<8x6xf32>) outs(%e : tensor<8x6xf32>) -> tensor<8x6xf32>
  %r = shard.shard %s to %rows : tensor<8x6xf32>
  return %r : tensor<8x6xf32>
}

// -----

shard.grid @g(shape = 4)

// Along the split dimension the maximum and the sum are partial reductions
// and an all_reduce each (the maximum from -inf, with maximumf: a reduction
// kind upstream knows); the exponentials stay split.
// CHECK-LABEL: func.func @softmax_split
// CHECK:         arith.constant 0xFF800000 : f32
// CHECK:         arith.maximumf
// CHECK:         shard.all_reduce %{{.*}} on @g grid_axes = [0] reduction = max : tensor<6xf32> -> tensor<6xf32>
// CHECK:         math.exp
// CHECK-NOT:     shard.all_gather
// CHECK:         arith.addf
// CHECK:         shard.all_reduce %{{.*}} on @g grid_axes = [0] : tensor<6xf32> -> tensor<6xf32>
// CHECK:         arith.divf
// CHECK:         shard.all_gather
func.func @softmax_split(%a: tensor<8x6xf32>) -> tensor<8x6xf32> {
  %rows = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %a1 = shard.shard %a to %rows : tensor<8x6xf32>
  %e = tensor.empty() : tensor<8x6xf32>
  %s = linalg.softmax dimension(0) ins(%a1 : tensor<8x6xf32>) outs(%e : tensor<8x6xf32>) -> tensor<8x6xf32>
  %r = shard.shard %s to %rows : tensor<8x6xf32>
  return %r : tensor<8x6xf32>
}

// -----

shard.grid @g(shape = 4)

// A loop computed replicated whose body reads a split tensor from outside:
// the body reads the gathered tensor.
// CHECK-LABEL: func.func @captured
// CHECK:         %[[X:.*]] = linalg.exp ins(%{{.*}} : tensor<2xf32>)
// CHECK:         shard.all_gather %[[X]] on @g grid_axes = [0] gather_axis = 0 : tensor<2xf32> -> tensor<8xf32>
// CHECK:         scf.for
// CHECK:           linalg.add ins(%{{.*}}, %{{.*}} : tensor<8xf32>, tensor<8xf32>)
func.func @captured(%a: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %s = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s annotate_for_users : tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %x = linalg.exp ins(%as : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<8xf32> {
    %y = linalg.add ins(%acc, %x : tensor<8xf32>, tensor<8xf32>) outs(%acc : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %y : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}
