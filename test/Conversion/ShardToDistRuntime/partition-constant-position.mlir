// RUN: %distc-opt %s --distc-shard-partition | FileCheck %s

// Integer tosa.negate reads its zero points at one position (its linalg
// form broadcasts them with the map (d0, d1) -> (0)), which upstream's
// sharding rule of linalg ops rejects (and its partitioning then crashed).
// distc reads each once before the op and the body uses the scalars: the
// op is split with its first operand. End to end:
// test/e2e/shard/negate-zero-points.mlir.
shard.grid @grid0(shape = 4)

// CHECK-LABEL: func.func @negate_zero_points
// CHECK-SAME: %[[A:[^:]+]]: tensor<8x5xi32>, %[[Z1:[^:]+]]: tensor<1xi32>, %[[Z2:[^:]+]]: tensor<1xi32>
// CHECK: %[[SLICE:.*]] = shard.all_slice %[[A]] on @grid0 grid_axes = [0] slice_axis = 0 : tensor<8x5xi32> -> tensor<2x5xi32>
// CHECK-DAG: %[[E1:.*]] = tensor.extract %[[Z1]][%{{.*}}] : tensor<1xi32>
// CHECK-DAG: %[[E2:.*]] = tensor.extract %[[Z2]][%{{.*}}] : tensor<1xi32>
// CHECK: linalg.generic {{.*}} ins(%[[SLICE]] : tensor<2x5xi32>)
// CHECK: arith.extsi %[[E1]]
// CHECK: arith.extsi %[[E2]]
// CHECK: shard.all_gather {{.*}} : tensor<2x5xi32> -> tensor<8x5xi32>
func.func @negate_zero_points(%a: tensor<8x5xi32>, %z1: tensor<1xi32>, %z2: tensor<1xi32>) -> tensor<8x5xi32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s annotate_for_users : tensor<8x5xi32>
  %r = shard.sharding @grid0 split_axes = [[]] : !shard.sharding
  %zs1 = shard.shard %z1 to %r annotate_for_users : tensor<1xi32>
  %zs2 = shard.shard %z2 to %r annotate_for_users : tensor<1xi32>
  %n = tosa.negate %as, %zs1, %zs2 : (tensor<8x5xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<8x5xi32>
  %ns = shard.shard %n to %s : tensor<8x5xi32>
  return %ns : tensor<8x5xi32>
}
