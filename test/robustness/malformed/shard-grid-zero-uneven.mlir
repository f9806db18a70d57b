// A shard.grid extent of 0 under an annotation: distc-shard-partition's
// completion of uneven shardings divided the dimension's size by the shard
// count (SIGFPE).
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:8:1: error: distc: grid @g has extent 0 along axis 1 (shape 2x0); grid extents must be positive, or '?'
// CHECK-NOT: error

shard.grid @g(shape = 2x0)

func.func @main() {
  return
}

func.func @f(%x: tensor<7xf32>) -> tensor<7xf32> {
  %rows = shard.sharding @g split_axes = [[1]] : !shard.sharding
  %xs = shard.shard %x to %rows annotate_for_users : tensor<7xf32>
  %e = tensor.empty() : tensor<7xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%xs : tensor<7xf32>) outs(%e : tensor<7xf32>) {
  ^bb0(%v: f32, %o: f32):
    %a = arith.addf %v, %v : f32
    linalg.yield %a : f32
  } -> tensor<7xf32>
  return %y : tensor<7xf32>
}
