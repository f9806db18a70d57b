// RUN: %distc-opt %s --distc-shard-partition=remarks=true --split-input-file --verify-diagnostics | FileCheck %s

// Halo sizes in annotations (upstream's `ew_chain_with_halo` pattern): a
// shard.shard is the identity on the global tensor and no op of an annotated
// function reads halos, so the function is partitioned without them (with a
// remark under -v): shards of 2 rows, not 2 + 2 + 1. Upstream 22 alone
// crashes resharding to or from halo'd shardings and builds invalid IR for
// the chain. The e2e result: test/e2e/shard/halo-annotations.mlir.

shard.grid @grid0(shape = 4)

// CHECK-LABEL: func.func @ew_chain_with_halo
// CHECK: shard.all_slice %{{.*}} slice_axis = 0 : tensor<8x16xf32> -> tensor<2x16xf32>
// CHECK: math.tanh
// CHECK: math.absf
// CHECK: shard.all_gather %{{.*}} gather_axis = 0 : tensor<2x16xf32> -> tensor<8x16xf32>
// CHECK-NOT: halo_sizes
func.func @ew_chain_with_halo(%arg0: tensor<8x16xf32>) -> tensor<8x16xf32> {
  // expected-remark @+1 {{the halo_sizes of this sharding do not change the global result of the annotated function; it is partitioned without them (halos are exchanged at the SPMD level, shard.update_halo)}}
  %s = shard.sharding @grid0 split_axes = [[0]] halo_sizes = [2, 1] : !shard.sharding
  %a = shard.shard %arg0 to %s annotate_for_users : tensor<8x16xf32>
  %0 = tosa.tanh %a : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %b = shard.shard %0 to %s : tensor<8x16xf32>
  %c = shard.shard %b to %s annotate_for_users : tensor<8x16xf32>
  %1 = tosa.abs %c : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %d = shard.shard %1 to %s : tensor<8x16xf32>
  return %d : tensor<8x16xf32>
}

// -----

shard.grid @grid0(shape = 4)

// Dynamic halo sizes are still reported at the annotation.
func.func @dynamic_halo(%arg0: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %c1 = arith.constant 1 : i64
  %s = shard.sharding @grid0 split_axes = [[0]] halo_sizes = [%c1, 1] : !shard.sharding
  // expected-error @+1 {{distc: dynamic halo_sizes are not supported yet}}
  %a = shard.shard %arg0 to %s : tensor<8x4xf32>
  return %a : tensor<8x4xf32>
}
