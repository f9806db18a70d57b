// RUN: %distc-opt %s --distc-shard-partition | FileCheck %s --check-prefix=PART
// RUN: %distc-opt %s --distc-shard-partition --convert-shard-to-distruntime | FileCheck %s --check-prefix=LOWER

// Uneven partitions of annotated code (UnevenSharding.h): 10 rows on 4
// shards get the shard dialect's balanced table (2, 2, 3, 3: the remainder
// on the trailing shards), explicit sharded_dims_offsets are kept, shards
// are typed dynamically, and every resharding from or to such a sharding is
// a distc.reshard cast (upstream's resharding would crash), lowered to a
// local slice (from a replicated tensor) or one copy_reshape.
shard.grid @grid0(shape = 4)

// PART-LABEL: func.func @uneven
// PART: %[[R:.*]] = shard.sharding @grid0 split_axes = {{\[\[\]\]}}
// PART: %[[B:.*]] = shard.sharding @grid0 split_axes = {{\[\[0\]\]}} sharded_dims_offsets = [0, 2, 4, 7, 10]
// PART: %[[S:.*]] = builtin.unrealized_conversion_cast %arg0, %[[R]], %[[B]] : tensor<10x7xf32>, !shard.sharding, !shard.sharding to tensor<?x7xf32> {distc.reshard = array<i64: 10, 7>}
// PART: shard.shard_shape dims = [10, 7] sharding = %{{.*}} device
// PART: linalg.exp ins(%[[S]] : tensor<?x7xf32>)
// PART: shard.sharding @grid0 split_axes = {{\[\[\], \[0\]\]}} sharded_dims_offsets = [0, 3, 3, 4, 7]
// PART: builtin.unrealized_conversion_cast {{.*}} to tensor<10x?xf32> {distc.reshard = array<i64: 10, 7>}
// PART: linalg.negf
// PART: %[[G:.*]] = builtin.unrealized_conversion_cast {{.*}} to tensor<10x7xf32> {distc.reshard = array<i64: 10, 7>}
// PART: return %[[G]] : tensor<10x7xf32>

// LOWER-LABEL: func.func @uneven
// LOWER: tensor.extract_slice %arg0[%{{.*}}, 0] [%{{.*}}, 7] [1, 1] : tensor<10x7xf32> to tensor<?x7xf32>
// LOWER: linalg.exp
// LOWER: distruntime.copy_reshape %{{.*}} g_shape %{{.*}}, %{{.*}} l_offs %{{.*}}, %{{.*}} to n_g_shape {{.*}} -> (!distruntime.asynchandle, tensor<10x?xf32>)
// LOWER: linalg.negf
// LOWER: distruntime.copy_reshape {{.*}} -> (!distruntime.asynchandle, tensor<10x7xf32>)
// LOWER-NOT: unrealized_conversion_cast
// LOWER-NOT: shard.
func.func @uneven(%a: tensor<10x7xf32>) -> tensor<10x7xf32> {
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %cols = shard.sharding @grid0 split_axes = [[], [0]] sharded_dims_offsets = [0, 3, 3, 4, 7] : !shard.sharding
  %a1 = shard.shard %a to %rows annotate_for_users : tensor<10x7xf32>
  %e = tensor.empty() : tensor<10x7xf32>
  %x = linalg.exp ins(%a1 : tensor<10x7xf32>) outs(%e : tensor<10x7xf32>) -> tensor<10x7xf32>
  %x0 = shard.shard %x to %rows : tensor<10x7xf32>
  %x1 = shard.shard %x0 to %cols annotate_for_users : tensor<10x7xf32>
  %e1 = tensor.empty() : tensor<10x7xf32>
  %y = linalg.negf ins(%x1 : tensor<10x7xf32>) outs(%e1 : tensor<10x7xf32>) -> tensor<10x7xf32>
  %y0 = shard.shard %y to %cols : tensor<10x7xf32>
  return %y0 : tensor<10x7xf32>
}

// A splat constant operand of a split op is split like the op's other
// operands: as a linalg.fill of a local tensor.empty, whose size the grid
// need not divide (not a splat constant of a dynamic type, which upstream
// would make and bufferization rejects).

// PART-LABEL: func.func @splat_operand
// PART-NOT: arith.constant dense<{{.*}}> : tensor<?xf32>
// PART: %[[E:.*]] = tensor.empty(%{{.*}}) : tensor<?xf32>
// PART: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%[[E]] : tensor<?xf32>) -> tensor<?xf32>
// PART: linalg.mul ins(%{{.*}}, %[[F]] : tensor<?xf32>, tensor<?xf32>)
func.func @splat_operand(%x: tensor<10xf32>) -> tensor<10xf32> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s : tensor<10xf32>
  %xu = shard.shard %xs to %s annotate_for_users : tensor<10xf32>
  %three = arith.constant dense<3.0> : tensor<10xf32>
  %e = tensor.empty() : tensor<10xf32>
  %m = linalg.mul ins(%xu, %three : tensor<10xf32>, tensor<10xf32>) outs(%e : tensor<10xf32>) -> tensor<10xf32>
  %ms = shard.shard %m to %s : tensor<10xf32>
  return %ms : tensor<10xf32>
}
