// distc-opt verifies the parsed module as mlir-opt does (upstream accepts
// an extent of 0 there); the shard passes refuse such grids before they
// divide by the extents or multiply them.
// RUN: %distc-opt %s --distc-shard-partition --split-input-file --verify-diagnostics
// RUN: %distc-opt %s --convert-shard-to-distruntime --split-input-file --verify-diagnostics

// expected-error @+1 {{distc: grid @g has extent 0 along axis 0 (shape 0); grid extents must be positive, or '?'}}
shard.grid @g(shape = 0)

func.func @f(%x: tensor<7xf32>) -> tensor<7xf32> {
  %rows = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %rows annotate_for_users : tensor<7xf32>
  return %xs : tensor<7xf32>
}

// -----

// expected-error @+1 {{distc: the static extents of grid @g (shape 3x?x3074457345618258603) multiply to more than INT64_MAX processes}}
shard.grid @g(shape = 3x?x3074457345618258603)

func.func @f(%x: tensor<7xf32>) -> tensor<7xf32> {
  %rows = shard.sharding @g split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %rows annotate_for_users : tensor<7xf32>
  return %xs : tensor<7xf32>
}
