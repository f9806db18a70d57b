// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 4 --work %t %s | FileCheck %s
// CHECK: 4 ranks match the reference

// Differential check (scripts/shard-differential.py) on the 4 processes the
// offsets tables are written for.
shard.grid @grid0(shape = 4)

// Explicit sharded_dims_offsets: rows 1, 4, 1, 4 of 10; columns 3, 0, 1, 2
// of 6 (an empty shard). Derived shardings of the same dimension take the
// same table (the element-wise result, the column sums).
func.func @f(%a: tensor<10x6xf32>) -> (tensor<10x6xf32>, tensor<6xf32>) {
  %rows = shard.sharding @grid0 split_axes = [[0]] sharded_dims_offsets = [0, 1, 5, 6, 10] : !shard.sharding
  %cols = shard.sharding @grid0 split_axes = [[], [0]] sharded_dims_offsets = [0, 3, 3, 4, 6] : !shard.sharding
  %a1 = shard.shard %a to %rows : tensor<10x6xf32>
  %e = tensor.empty() : tensor<10x6xf32>
  %sq = linalg.mul ins(%a1, %a1 : tensor<10x6xf32>, tensor<10x6xf32>) outs(%e : tensor<10x6xf32>) -> tensor<10x6xf32>
  %s0 = shard.shard %sq to %rows : tensor<10x6xf32>
  %s1 = shard.shard %s0 to %cols annotate_for_users : tensor<10x6xf32>
  %z = arith.constant 0.0 : f32
  %e1 = tensor.empty() : tensor<6xf32>
  %z1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<6xf32>) -> tensor<6xf32>
  %r = linalg.reduce ins(%s1 : tensor<10x6xf32>) outs(%z1 : tensor<6xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %t = arith.addf %x, %acc : f32
      linalg.yield %t : f32
    }
  return %s0, %r : tensor<10x6xf32>, tensor<6xf32>
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
    tensor.yield %x : f32
  } : tensor<10x6xf32>
  %m, %r = call @f(%a) : (tensor<10x6xf32>) -> (tensor<10x6xf32>, tensor<6xf32>)
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%c0, %c0], %pad : tensor<10x6xf32>, vector<10x6xf32>
  vector.print %v : vector<10x6xf32>
  %w = vector.transfer_read %r[%c0], %pad : tensor<6xf32>, vector<6xf32>
  vector.print %w : vector<6xf32>
  return
}
