// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 2x2,1x3,3x1 --levels 0,2 --work %t %s | FileCheck %s
// CHECK: 4 ranks match the reference (grid 2x2) at -O0
// CHECK-NEXT: 4 ranks match the reference (grid 2x2) at -O2
// CHECK: 3 ranks match the reference (grid 1x3) at -O0
// CHECK-NEXT: 3 ranks match the reference (grid 1x3) at -O2
// CHECK: 3 ranks match the reference (grid 3x1) at -O0
// CHECK-NEXT: 3 ranks match the reference (grid 3x1) at -O2

// Differential check (scripts/shard-differential.py) of linalg.softmax on
// a 7x6 matrix in 2-D blocks (uneven on 2x2 and 3x1), along each
// dimension: the maximum and the sum are partial reductions and an
// all_reduce each over the grid axis of the softmax's dimension.
shard.grid @grid(shape = 2x2)
func.func @sm(%a: tensor<7x6xf32>) -> (tensor<7x6xf32>, tensor<7x6xf32>) {
  %blk = shard.sharding @grid split_axes = [[0], [1]] : !shard.sharding
  %a1 = shard.shard %a to %blk : tensor<7x6xf32>
  %e = tensor.empty() : tensor<7x6xf32>
  %s = linalg.softmax dimension(0) ins(%a1 : tensor<7x6xf32>) outs(%e : tensor<7x6xf32>) -> tensor<7x6xf32>
  %s1 = shard.shard %s to %blk : tensor<7x6xf32>
  %e2 = tensor.empty() : tensor<7x6xf32>
  %t = linalg.softmax dimension(1) ins(%a1 : tensor<7x6xf32>) outs(%e2 : tensor<7x6xf32>) -> tensor<7x6xf32>
  %t1 = shard.shard %t to %blk : tensor<7x6xf32>
  return %s1, %t1 : tensor<7x6xf32>, tensor<7x6xf32>
}
func.func @main() {
  %in = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %k = arith.constant 3 : i64
    %p = arith.muli %ii, %k : i64
    %l = arith.subi %p, %jj : i64
    %v = arith.sitofp %l : i64 to f32
    %q = arith.constant 0.125 : f32
    %u = arith.mulf %v, %q : f32
    tensor.yield %u : f32
  } : tensor<7x6xf32>
  %x, %y = call @sm(%in) : (tensor<7x6xf32>) -> (tensor<7x6xf32>, tensor<7x6xf32>)
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v1 = vector.transfer_read %x[%c0, %c0], %pad : tensor<7x6xf32>, vector<7x6xf32>
  vector.print %v1 : vector<7x6xf32>
  %v2 = vector.transfer_read %y[%c0, %c0], %pad : tensor<7x6xf32>, vector<7x6xf32>
  vector.print %v2 : vector<7x6xf32>
  return
}
