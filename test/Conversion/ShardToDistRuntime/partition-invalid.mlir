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


// -----

shard.grid @grid0(shape = 4)

// A loop computed replicated cannot read a split tensor from outside: its
// body would be cloned onto the local shard.
func.func @captured(%a: tensor<8xf32>, %n: index) -> tensor<8xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s annotate_for_users : tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %x = linalg.exp ins(%as : tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // expected-error @+1 {{a region of this op, which has no sharding rule and is computed replicated, reads a tensor defined outside it}}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %e) -> tensor<8xf32> {
    %y = linalg.add ins(%acc, %x : tensor<8xf32>, tensor<8xf32>) outs(%acc : tensor<8xf32>) -> tensor<8xf32>
    scf.yield %y : tensor<8xf32>
  }
  return %r : tensor<8xf32>
}

// -----

// linalg.index would stay relative to the local shard after partitioning.

shard.grid @grid0(shape = 2)

#id = affine_map<(d0) -> (d0)>
func.func @index_in_body(%a: tensor<8xf32>) -> tensor<8xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %s : tensor<8xf32>
  // expected-error @+1 {{linalg.index in the body of a linalg op in a function with shard annotations is not supported yet}}
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%as : tensor<8xf32>) {
  ^bb0(%x: f32):
    // expected-note @+1 {{linalg.index here}}
    %i = linalg.index 0 : index
    %c = arith.index_cast %i : index to i64
    %f = arith.sitofp %c : i64 to f32
    linalg.yield %f : f32
  } -> tensor<8xf32>
  return %r : tensor<8xf32>
}
