// RUN: %distc-opt %s --distc-shard-partition --split-input-file --verify-diagnostics

// What upstream's partitioning would miscompile or crash on is rejected at
// the annotation.

shard.grid @grid0(shape = 4)

func.func @uneven(%a: tensor<10x4xf32>) -> tensor<10x4xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  // expected-error @+1 {{size 10 of dimension 0 is not divisible by its 4 shards on grid @grid0; uneven partitions are not supported yet}}
  %as = shard.shard %a to %s : tensor<10x4xf32>
  return %as : tensor<10x4xf32>
}

// -----

shard.grid @grid0(shape = 4)

func.func @offsets(%a: tensor<14xf32>) -> tensor<14xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] sharded_dims_offsets = [0, 2, 5, 9, 14] : !shard.sharding
  // expected-error @+1 {{sharded_dims_offsets is not supported yet}}
  %as = shard.shard %a to %s : tensor<14xf32>
  return %as : tensor<14xf32>
}

// -----

shard.grid @grid0(shape = 4)

func.func @dynamic(%a: tensor<?xf32>) -> tensor<?xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  // expected-error @+1 {{dimension 0 is split but has a dynamic size}}
  %as = shard.shard %a to %s : tensor<?xf32>
  return %as : tensor<?xf32>
}

// -----

shard.grid @gridq(shape = ?)

func.func @dynamic_grid(%a: tensor<8xf32>) -> tensor<8xf32> {
  %s = shard.sharding @gridq split_axes = [[0]] : !shard.sharding
  // expected-error @+1 {{grid @gridq has a dynamic shape; only static grid shapes are supported}}
  %as = shard.shard %a to %s : tensor<8xf32>
  return %as : tensor<8xf32>
}

