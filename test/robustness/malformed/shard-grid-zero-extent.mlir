// A shard.grid extent of 0: upstream's verifier of shard.all_slice divides
// by it while the parsed module is verified (SIGFPE): distc and distc-opt
// check grids first.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:10:1: error: distc: grid @g has extent 0 along axis 0 (shape 0x2); grid extents must be positive, or '?'
// CHECK-NOT: error
// distc-opt checks the grids before it verifies, as distc does.
// RUN: not %distc-opt %s 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"

shard.grid @g(shape = 0x2)

func.func @main() {
  return
}

func.func @f(%a: tensor<8xf64>) -> tensor<4xf64> {
  %s = shard.all_slice %a on @g grid_axes = [0] slice_axis = 0 : tensor<8xf64> -> tensor<4xf64>
  return %s : tensor<4xf64>
}
