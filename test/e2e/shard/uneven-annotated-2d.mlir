// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 2x2,1x4,4x1,2x1,1x3,3x1 --work %t %s | FileCheck %s
// CHECK: 4 ranks match the reference (grid 2x2)
// CHECK: 4 ranks match the reference (grid 1x4)
// CHECK: 4 ranks match the reference (grid 4x1)
// CHECK: 2 ranks match the reference (grid 2x1)
// CHECK: 3 ranks match the reference (grid 1x3)
// CHECK: 3 ranks match the reference (grid 3x1)

// Differential check (scripts/shard-differential.py): uneven partitions of
// annotated code on 2-D grids, including the reshardings upstream 22
// crashes on ([[0], [1]] -> [[0, 1]]).
shard.grid @grid0(shape = 2x2)

// A 5x7 matrix in 2x2 blocks (uneven both ways on 2x2): element-wise, a
// matmul whose contracted dimension is split (partial sums reduced), and
// reshardings [[0], [1]] -> [[0, 1]] -> [[], [0]].
func.func @f(%a: tensor<5x7xf32>, %b: tensor<7x3xf32>) -> (tensor<5x7xf32>, tensor<5x3xf32>, tensor<5x7xf32>) {
  %blocks = shard.sharding @grid0 split_axes = [[0], [1]] : !shard.sharding
  %rows = shard.sharding @grid0 split_axes = [[0, 1]] : !shard.sharding
  %cols = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %bk = shard.sharding @grid0 split_axes = [[1]] : !shard.sharding
  %a1 = shard.shard %a to %blocks : tensor<5x7xf32>
  %e = tensor.empty() : tensor<5x7xf32>
  %sq = linalg.add ins(%a1, %a1 : tensor<5x7xf32>, tensor<5x7xf32>) outs(%e : tensor<5x7xf32>) -> tensor<5x7xf32>
  %sq0 = shard.shard %sq to %blocks : tensor<5x7xf32>
  %b1 = shard.shard %b to %bk annotate_for_users : tensor<7x3xf32>
  %z = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<5x3xf32>
  %f = linalg.fill ins(%z : f32) outs(%e2 : tensor<5x3xf32>) -> tensor<5x3xf32>
  %m = linalg.matmul ins(%sq0, %b1 : tensor<5x7xf32>, tensor<7x3xf32>) outs(%f : tensor<5x3xf32>) -> tensor<5x3xf32>
  %r1 = shard.shard %sq0 to %rows annotate_for_users : tensor<5x7xf32>
  %e3 = tensor.empty() : tensor<5x7xf32>
  %n = linalg.negf ins(%r1 : tensor<5x7xf32>) outs(%e3 : tensor<5x7xf32>) -> tensor<5x7xf32>
  %n0 = shard.shard %n to %rows : tensor<5x7xf32>
  %n1 = shard.shard %n0 to %cols annotate_for_users : tensor<5x7xf32>
  %e4 = tensor.empty() : tensor<5x7xf32>
  %x = linalg.exp ins(%n1 : tensor<5x7xf32>) outs(%e4 : tensor<5x7xf32>) -> tensor<5x7xf32>
  %x0 = shard.shard %x to %cols : tensor<5x7xf32>
  return %sq0, %m, %x0 : tensor<5x7xf32>, tensor<5x3xf32>, tensor<5x7xf32>
}

func.func @main() {
  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c3 = arith.constant 3 : i64
    %k = arith.muli %ii, %c3 : i64
    %l = arith.subi %k, %jj : i64
    %x = arith.sitofp %l : i64 to f32
    %c = arith.constant 0.125 : f32
    %y = arith.mulf %x, %c : f32
    tensor.yield %y : f32
  } : tensor<5x7xf32>
  %b = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %l = arith.addi %ii, %jj : i64
    %x = arith.sitofp %l : i64 to f32
    tensor.yield %x : f32
  } : tensor<7x3xf32>
  %s, %m, %x = call @f(%a, %b) : (tensor<5x7xf32>, tensor<7x3xf32>) -> (tensor<5x7xf32>, tensor<5x3xf32>, tensor<5x7xf32>)
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %s[%c0, %c0], %pad : tensor<5x7xf32>, vector<5x7xf32>
  vector.print %v : vector<5x7xf32>
  %w = vector.transfer_read %m[%c0, %c0], %pad : tensor<5x3xf32>, vector<5x3xf32>
  vector.print %w : vector<5x3xf32>
  %u = vector.transfer_read %x[%c0, %c0], %pad : tensor<5x7xf32>, vector<5x7xf32>
  vector.print %u : vector<5x7xf32>
  return
}
