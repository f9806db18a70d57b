// RUN: %distc-opt %s --convert-shard-to-distruntime --verify-diagnostics

// A distc.reshard carrier that also transposes (distc.permute, made by
// distc-shard-partition's fusion of transposes by resharding) must carry a
// permutation of its dimensions.
shard.grid @grid0(shape = 2)

func.func @not_a_permutation(%a: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %f = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %t = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  // expected-error @+1 {{distc: the distc.permute of a resharding carrier must be a permutation of its dimensions}}
  %r = builtin.unrealized_conversion_cast %a, %f, %t : tensor<2x4xf32>, !shard.sharding, !shard.sharding to tensor<2x4xf32> {distc.permute = array<i64: 0, 0>, distc.reshard = array<i64: 4, 4>}
  return %r : tensor<2x4xf32>
}
