// RUN: %distc-opt %s --distc-shard-partition --split-input-file | FileCheck %s

// distc-shard-partition keeps global tensors at the function boundary: an
// argument annotated as split is sliced locally, and a split result is
// gathered before it is returned, so that callers in the same program pass
// and receive whole tensors (upstream would change the signature to the
// local shard types).
shard.grid @grid0(shape = 4)

// CHECK-LABEL: func.func @boundary
// CHECK-SAME: (%[[A:.*]]: tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK: %[[S:.*]] = shard.all_slice %[[A]] on @grid0 grid_axes = [0] slice_axis = 0 : tensor<8x4xf32> -> tensor<2x4xf32>
// CHECK: %[[E:.*]] = linalg.exp ins(%[[S]] : tensor<2x4xf32>)
// CHECK: %[[G:.*]] = shard.all_gather %[[E]] on @grid0 grid_axes = [0] gather_axis = 0 : tensor<2x4xf32> -> tensor<8x4xf32>
// CHECK: return %{{.*}} : tensor<8x4xf32>
func.func @boundary(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s : tensor<8x4xf32>
  %e = tensor.empty() : tensor<8x4xf32>
  %x = linalg.exp ins(%as : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %x : tensor<8x4xf32>
}

// Functions without annotations (a main that prints) are left alone:
// upstream's propagation would fail on every op without a sharding rule.
// CHECK-LABEL: func.func @main
// CHECK: call @boundary
// CHECK: vector.print
func.func @main() {
  %c = arith.constant dense<1.0> : tensor<8x4xf32>
  %r = call @boundary(%c) : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %i = arith.constant 0 : index
  %v = tensor.extract %r[%i, %i] : tensor<8x4xf32>
  vector.print %v : f32
  return
}

// -----

// A contraction over a split dimension: partial sums reduced with
// all_reduce.
shard.grid @grid0(shape = 2)

// CHECK-LABEL: func.func @matvec
// CHECK: shard.all_slice
// CHECK: shard.all_slice
// CHECK: linalg.matvec ins(%{{.*}}, %{{.*}} : tensor<4x3xf64>, tensor<3xf64>)
// CHECK: shard.all_reduce %{{.*}} on @grid0 grid_axes = [0] : tensor<4xf64> -> tensor<4xf64>
func.func @matvec(%m: tensor<4x6xf64>, %v: tensor<6xf64>) -> tensor<4xf64> {
  %cols = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %ms = shard.shard %m to %cols : tensor<4x6xf64>
  %vs = shard.shard %v to %rows : tensor<6xf64>
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<4xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  %y = linalg.matvec ins(%ms, %vs : tensor<4x6xf64>, tensor<6xf64>) outs(%z : tensor<4xf64>) -> tensor<4xf64>
  return %y : tensor<4xf64>
}

// -----

// Ops without a sharding rule are computed replicated: their split tensor
// operands are gathered first (upstream's propagation would fail on them).
shard.grid @grid0(shape = 4)

// CHECK-LABEL: func.func @no_rule
// CHECK: %[[S:.*]] = shard.all_slice
// CHECK: %[[E:.*]] = linalg.exp ins(%[[S]] : tensor<2xf32>)
// CHECK: %[[G:.*]] = shard.all_gather %[[E]] on @grid0 grid_axes = [0] gather_axis = 0 : tensor<2xf32> -> tensor<8xf32>
// CHECK: tensor.extract %{{.*}}[%{{.*}}] : tensor<8xf32>
// CHECK: vector.print
func.func @no_rule(%a: tensor<8xf32>) -> f32 {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s annotate_for_users : tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %x = linalg.exp ins(%as : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %xs = shard.shard %x to %s : tensor<8xf32>
  %i = arith.constant 3 : index
  %v = tensor.extract %xs[%i] : tensor<8xf32>
  vector.print %v : f32
  return %v : f32
}

// -----

// shard.get_sharding of an annotated value is the annotation's sharding
// (as upstream's partitioning resolves it): the annotations that take it
// partition as if they named the shard.sharding op.
shard.grid @grid0(shape = 4)

// CHECK-LABEL: func.func @get_sharding
// CHECK-NOT: shard.get_sharding
// CHECK: %[[S:.*]] = shard.all_slice %{{.*}} on @grid0 grid_axes = [0] slice_axis = 0 : tensor<8x4xf32> -> tensor<2x4xf32>
// CHECK: linalg.exp ins(%[[S]] : tensor<2x4xf32>)
// CHECK: shard.all_gather %{{.*}} on @grid0 grid_axes = [0] gather_axis = 0 : tensor<2x4xf32> -> tensor<8x4xf32>
func.func @get_sharding(%a: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s : tensor<8x4xf32>
  %g = shard.get_sharding %as : tensor<8x4xf32> -> !shard.sharding
  %au = shard.shard %as to %g annotate_for_users : tensor<8x4xf32>
  %e = tensor.empty() : tensor<8x4xf32>
  %x = linalg.exp ins(%au : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %xs = shard.shard %x to %g : tensor<8x4xf32>
  return %xs : tensor<8x4xf32>
}

// -----

// A tensor argument that nothing reads gets a replicated annotation of its
// own (upstream's partitioning crashed looking for one among its users).
shard.grid @grid0(shape = 4)

// CHECK-LABEL: func.func @unused_argument
// CHECK-SAME: (%[[A:.*]]: tensor<8x4xf32>, %{{.*}}: tensor<3xf32>)
// CHECK: shard.all_slice %[[A]] on @grid0 grid_axes = [0] slice_axis = 0 : tensor<8x4xf32> -> tensor<2x4xf32>
func.func @unused_argument(%a: tensor<8x4xf32>, %unused: tensor<3xf32>) -> tensor<8x4xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s annotate_for_users : tensor<8x4xf32>
  %e = tensor.empty() : tensor<8x4xf32>
  %x = linalg.exp ins(%as : tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) -> tensor<8x4xf32>
  %xs = shard.shard %x to %s : tensor<8x4xf32>
  return %xs : tensor<8x4xf32>
}
