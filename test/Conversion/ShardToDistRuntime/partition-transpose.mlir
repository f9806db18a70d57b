// RUN: %distc-opt %s --distc-shard-partition | FileCheck %s --check-prefix=PART
// RUN: %distc-opt %s --distc-shard-partition --convert-shard-to-distruntime | FileCheck %s --check-prefix=LOWER

// A transpose whose operand is resharded for it alone (rows -> columns,
// then linalg.transpose: the transpose by resharding) is one
// distruntime.copy_permute from the row block of the operand into the row
// block of the transposed array (fuseReshardTransposes in
// ShardPartition.cpp), not an all_to_all and a local loop-nest transpose.
shard.grid @grid0(shape = 4)

// PART-LABEL: func.func @fused
// PART-NOT: shard.all_to_all
// PART-NOT: linalg.transpose
// PART: builtin.unrealized_conversion_cast %{{.*}}, %{{.*}}, %{{.*}} : tensor<2x12xf32>, !shard.sharding, !shard.sharding to tensor<3x8xf32> {distc.permute = array<i64: 1, 0>, distc.reshard = array<i64: 12, 8>}
// PART: linalg.negf

// LOWER-LABEL: func.func @fused
// LOWER: distruntime.copy_permute %{{.*}} g_shape %{{.*}}, %{{.*}} l_offs %{{.*}}, %{{.*}} to n_offs %{{.*}}, %{{.*}} n_shape %{{.*}}, %{{.*}} axes [1, 0] {team = {{.*}}} : (tensor<2x12xf32>, {{.*}}) -> (!distruntime.asynchandle, tensor<3x8xf32>)
// LOWER-NEXT: distruntime.wait
// LOWER-NOT: linalg.transpose
// LOWER: linalg.negf
func.func @fused(%a: tensor<8x12xf32>) -> tensor<12x8xf32> {
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %cols = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %ar = shard.shard %a to %rows : tensor<8x12xf32>
  %ex = linalg.exp ins(%ar : tensor<8x12xf32>) outs(%a : tensor<8x12xf32>) -> tensor<8x12xf32>
  %s0 = shard.shard %ex to %rows : tensor<8x12xf32>
  %s1 = shard.shard %s0 to %cols annotate_for_users : tensor<8x12xf32>
  %e = tensor.empty() : tensor<12x8xf32>
  %t = linalg.transpose ins(%s1 : tensor<8x12xf32>) outs(%e : tensor<12x8xf32>) permutation = [1, 0]
  %t1 = shard.shard %t to %rows : tensor<12x8xf32>
  %n = linalg.negf ins(%t1 : tensor<12x8xf32>) outs(%e : tensor<12x8xf32>) -> tensor<12x8xf32>
  return %n : tensor<12x8xf32>
}

// Uneven (10x7 on 4: offsets tables) fuses the same way.
// PART-LABEL: func.func @uneven
// PART: builtin.unrealized_conversion_cast {{.*}} to tensor<?x10xf64> {distc.permute = array<i64: 1, 0>, distc.reshard = array<i64: 7, 10>}
// LOWER-LABEL: func.func @uneven
// LOWER: distruntime.copy_permute {{.*}} axes [1, 0]
// LOWER-NOT: linalg.transpose
// LOWER: return
func.func @uneven(%a: tensor<10x7xf64>) -> tensor<7x10xf64> {
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %cols = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %ar = shard.shard %a to %rows : tensor<10x7xf64>
  %s1 = shard.shard %ar to %cols annotate_for_users : tensor<10x7xf64>
  %e = tensor.empty() : tensor<7x10xf64>
  %t = linalg.transpose ins(%s1 : tensor<10x7xf64>) outs(%e : tensor<7x10xf64>) permutation = [1, 0]
  %t1 = shard.shard %t to %rows : tensor<7x10xf64>
  return %t1 : tensor<7x10xf64>
}

// A transpose that needs no resharding of its operand (columns in, rows
// out: local) stays upstream's: no communication.
// PART-LABEL: func.func @local
// PART-NOT: distc.permute
// PART: linalg.transpose ins(%{{.*}} : tensor<8x3xf32>) outs(%{{.*}} : tensor<3x8xf32>)
func.func @local(%a: tensor<8x12xf32>) -> tensor<12x8xf32> {
  %cols = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %ac = shard.shard %a to %cols : tensor<8x12xf32>
  %s1 = shard.shard %ac to %cols annotate_for_users : tensor<8x12xf32>
  %e = tensor.empty() : tensor<12x8xf32>
  %t = linalg.transpose ins(%s1 : tensor<8x12xf32>) outs(%e : tensor<12x8xf32>) permutation = [1, 0]
  %t1 = shard.shard %t to %rows : tensor<12x8xf32>
  return %t1 : tensor<12x8xf32>
}
