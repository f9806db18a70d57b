// RUN: %distc-opt %s --distc-shard-partition | FileCheck %s

// Integer tosa.negate reads its zero points at one position (its linalg
// form broadcasts them with the map (d0, d1) -> (0)), which upstream's
// sharding rule of linalg ops rejects (and its partitioning then crashed).
// distc reads each once before the op and the body uses the scalars: the
// op is split with its first operand. End to end:
// test/e2e/shard/negate-zero-points.mlir.
shard.grid @grid0(shape = 4)

// CHECK: #[[ROWMAP:map[0-9]*]] = affine_map<(d0, d1) -> (d1)>
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

// A row vector broadcast over the rows (tosa.add's bias, read with
// (d0, d1) -> (0, d1)): the op reads the rank-reduced slice, a broadcast
// along d0 that upstream partitions. The slice is computed replicated.
// CHECK-LABEL: func.func @bias
// CHECK-SAME: %[[X:[^:]+]]: tensor<8x5xf32>, %[[B:[^:]+]]: tensor<1x5xf32>
// CHECK: %[[XS:.*]] = shard.all_slice %[[X]] {{.*}} -> tensor<2x5xf32>
// CHECK: %[[BS:.*]] = tensor.extract_slice %[[B]][0, 0] [1, 5] [1, 1] : tensor<1x5xf32> to tensor<5xf32>
// CHECK: linalg.generic {indexing_maps = [#{{.*}}, #[[ROWMAP]], #{{.*}}]{{.*}} ins(%[[XS]], %[[BS]] : tensor<2x5xf32>, tensor<5xf32>)
// CHECK: shard.all_gather {{.*}} : tensor<2x5xf32> -> tensor<8x5xf32>
func.func @bias(%x: tensor<8x5xf32>, %b: tensor<1x5xf32>) -> tensor<8x5xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<8x5xf32>
  %n = tosa.add %xs, %b : (tensor<8x5xf32>, tensor<1x5xf32>) -> tensor<8x5xf32>
  %ns = shard.shard %n to %s : tensor<8x5xf32>
  return %ns : tensor<8x5xf32>
}
