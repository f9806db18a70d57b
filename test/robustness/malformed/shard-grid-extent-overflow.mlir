// shard.grid extents whose product does not fit in int64 (7 x
// 7905747460161236407 is 1 modulo 2^64), and a negative extent that only
// the generic form can write: located errors before anything divides by or
// multiplies them.
// RUN: rm -rf %t && split-file %s %t
// RUN: not %distc %t/overflow.mlir -o %t/overflow 2>&1 | FileCheck %s --check-prefix=OVERFLOW --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// RUN: not %distc %t/negative.mlir -o %t/negative 2>&1 | FileCheck %s --check-prefix=NEGATIVE --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// OVERFLOW: overflow.mlir:1:1: error: distc: the static extents of grid @g (shape 7x7905747460161236407) multiply to more than INT64_MAX processes
// NEGATIVE: negative.mlir:1:1: error: distc: grid @g has extent -3 along axis 0 (shape -3x2); grid extents must be positive, or '?'

//--- overflow.mlir
shard.grid @g(shape = 7x7905747460161236407)

func.func @main() {
  return
}

func.func @f(%x: tensor<14xf32>) -> tensor<14xf32> {
  %rows = shard.sharding @g split_axes = [[0, 1]] : !shard.sharding
  %xs = shard.shard %x to %rows annotate_for_users : tensor<14xf32>
  return %xs : tensor<14xf32>
}

//--- negative.mlir
"shard.grid"() <{shape = array<i64: -3, 2>, sym_name = "g"}> : () -> ()

func.func @main() {
  return
}

func.func @f(%a: tensor<8xf64>) -> tensor<4xf64> {
  %s = shard.all_slice %a on @g grid_axes = [0] slice_axis = 0 : tensor<8xf64> -> tensor<4xf64>
  return %s : tensor<4xf64>
}
