// RUN: %distc-opt %s --distc-shard-partition --split-input-file --verify-diagnostics

// What upstream's partitioning would miscompile or crash on, and distc does
// not partition itself, is rejected at the annotation.

shard.grid @grid0(shape = 4)

func.func @offsets_end(%a: tensor<14xf32>) -> tensor<14xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] sharded_dims_offsets = [0, 2, 5, 9, 12] : !shard.sharding
  // expected-error @+1 {{sharded_dims_offsets of dimension 0 must rise from 0 to its size 14}}
  %as = shard.shard %a to %s : tensor<14xf32>
  return %as : tensor<14xf32>
}

// -----

shard.grid @grid0(shape = 2x3)

// Upstream 22 counts the shards of [[0, 1]] as 2 + 3 in offsets tables.
func.func @uneven_two_axes(%a: tensor<10x4xf32>) -> tensor<10x4xf32> {
  %s = shard.sharding @grid0 split_axes = [[0, 1]] : !shard.sharding
  // expected-error @+1 {{an uneven partition of a dimension split along several grid axes is supported only when their extents' sum equals their product}}
  %as = shard.shard %a to %s : tensor<10x4xf32>
  return %as : tensor<10x4xf32>
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


// -----

// The sharding of a value that no shard.shard annotates is not known before
// propagation: an annotation cannot take it from shard.get_sharding.

shard.grid @grid0(shape = 2)

func.func @sharding_of_unannotated(%a: tensor<8xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s : tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %x = linalg.exp ins(%as : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %g = shard.get_sharding %x : tensor<8xf32> -> !shard.sharding
  // expected-error @+1 {{distc: the sharding of a shard.shard must be defined by a shard.sharding op in the same function}}
  %xs = shard.shard %x to %g : tensor<8xf32>
  return %xs : tensor<8xf32>
}

// -----

// Upstream defines no resharding between grids: an op whose operand and
// result are annotated on two grids has no sharding to run in.

shard.grid @grid0(shape = 2)
shard.grid @grid1(shape = 3)

func.func @two_grids_at_one_op(%a: tensor<6xf32>) -> tensor<6xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s annotate_for_users : tensor<6xf32>
  %e = tensor.empty() : tensor<6xf32>
  // expected-error @+1 {{distc: this op's operands and results are annotated on different grids (@grid0 and @grid1)}}
  %x = linalg.exp ins(%as : tensor<6xf32>) outs(%e : tensor<6xf32>) -> tensor<6xf32>
  %t = shard.sharding @grid1 split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %t : tensor<6xf32>
  return %xs : tensor<6xf32>
}
