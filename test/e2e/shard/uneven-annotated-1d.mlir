// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 1,2,3,4,2x2 --work %t %s | FileCheck %s
// CHECK: 1 ranks match the reference
// CHECK: 2 ranks match the reference
// CHECK: 3 ranks match the reference
// CHECK: 4 ranks match the reference
// CHECK: 4 ranks match the reference (grid 2x2)

// Differential check (scripts/shard-differential.py). Uneven partitions of
// annotated code (docs/shard.md): 10 rows are 4, 3, 3 on 3 ranks and
// 2, 2, 3, 3 on 4; 7 columns 1, 2, 2, 2 on 4. Upstream 22 builds an invalid
// tensor.cast here.

shard.grid @grid0(shape = 4)

// Element-wise and matmul on 10 rows (uneven on 3 and 4), then a resharding
// of the rows to columns (7 columns) and a reduction over rows.
func.func @f(%a: tensor<10x7xf32>, %b: tensor<7x7xf32>) -> (tensor<10x7xf32>, tensor<7xf32>) {
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %cols = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %a1 = shard.shard %a to %rows : tensor<10x7xf32>
  %e = tensor.empty() : tensor<10x7xf32>
  %sq = linalg.mul ins(%a1, %a1 : tensor<10x7xf32>, tensor<10x7xf32>) outs(%e : tensor<10x7xf32>) -> tensor<10x7xf32>
  %z = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<10x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e2 : tensor<10x7xf32>) -> tensor<10x7xf32>
  %m = linalg.matmul ins(%sq, %b : tensor<10x7xf32>, tensor<7x7xf32>) outs(%f : tensor<10x7xf32>) -> tensor<10x7xf32>
  %m0 = shard.shard %m to %rows : tensor<10x7xf32>
  %m1 = shard.shard %m0 to %cols annotate_for_users : tensor<10x7xf32>
  %e1 = tensor.empty() : tensor<7xf32>
  %z1 = linalg.fill ins(%z : f32) outs(%e1 : tensor<7xf32>) -> tensor<7xf32>
  %r = linalg.reduce ins(%m1 : tensor<10x7xf32>) outs(%z1 : tensor<7xf32>) dimensions = [0]
    (%x: f32, %acc: f32) {
      %t = arith.addf %x, %acc : f32
      linalg.yield %t : f32
    }
  %r1 = shard.shard %r to %rows : tensor<7xf32>
  return %m0, %r1 : tensor<10x7xf32>, tensor<7xf32>
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
  } : tensor<10x7xf32>
  %b = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %l = arith.addi %ii, %jj : i64
    %x = arith.sitofp %l : i64 to f32
    tensor.yield %x : f32
  } : tensor<7x7xf32>
  %m, %r = call @f(%a, %b) : (tensor<10x7xf32>, tensor<7x7xf32>) -> (tensor<10x7xf32>, tensor<7xf32>)
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%c0, %c0], %pad : tensor<10x7xf32>, vector<10x7xf32>
  vector.print %v : vector<10x7xf32>
  %w = vector.transfer_read %r[%c0], %pad : tensor<7xf32>, vector<7xf32>
  vector.print %w : vector<7xf32>
  return
}
