// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 1,2,3,4,2x2 --work %t %s | FileCheck %s
// CHECK: 1 ranks match the reference
// CHECK: 2 ranks match the reference
// CHECK: 3 ranks match the reference
// CHECK: 4 ranks match the reference
// CHECK: 4 ranks match the reference (grid 2x2)

// Differential check (scripts/shard-differential.py): on 1, 2, 3 and 4
// ranks, every rank prints what the program without its shard ops prints on
// one rank.
shard.grid @grid0(shape = 4)

// Rows to columns: the element-wise product is computed on row blocks, the
// transpose-like reduction over rows on column blocks (resharding split
// axis 0 -> 1, an all-to-all).
func.func @reshard(%a: tensor<12x12xi64>) -> tensor<12xi64> {
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %cols = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %ar = shard.shard %a to %rows : tensor<12x12xi64>
  %e = tensor.empty() : tensor<12x12xi64>
  %sq = linalg.mul ins(%ar, %ar : tensor<12x12xi64>, tensor<12x12xi64>) outs(%e : tensor<12x12xi64>) -> tensor<12x12xi64>
  %s0 = shard.shard %sq to %rows : tensor<12x12xi64>
  %s1 = shard.shard %s0 to %cols annotate_for_users : tensor<12x12xi64>
  %zero = arith.constant 0 : i64
  %e1 = tensor.empty() : tensor<12xi64>
  %z = linalg.fill ins(%zero : i64) outs(%e1 : tensor<12xi64>) -> tensor<12xi64>
  %r = linalg.reduce ins(%s1 : tensor<12x12xi64>) outs(%z : tensor<12xi64>) dimensions = [0]
    (%x: i64, %acc: i64) {
      %t = arith.addi %x, %acc : i64
      linalg.yield %t : i64
    }
  %r1 = shard.shard %r to %rows : tensor<12xi64>
  return %r1 : tensor<12xi64>
}

func.func @main() {
  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c9 = arith.constant 9 : i64
    %k = arith.muli %ii, %c9 : i64
    %l = arith.subi %k, %jj : i64
    tensor.yield %l : i64
  } : tensor<12x12xi64>
  %r = call @reshard(%a) : (tensor<12x12xi64>) -> tensor<12xi64>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0 : i64
  %v = vector.transfer_read %r[%c0], %pad : tensor<12xi64>, vector<12xi64>
  vector.print %v : vector<12xi64>
  return
}
