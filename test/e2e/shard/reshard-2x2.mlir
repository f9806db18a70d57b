// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 2x2,1x4,4x1,2x1x2 --work %t %s | FileCheck %s
// CHECK: 4 ranks match the reference (grid 2x2)
// CHECK: 4 ranks match the reference (grid 1x4)
// CHECK: 4 ranks match the reference (grid 4x1)
// CHECK: 4 ranks match the reference (grid 2x1x2)

// Reshardings on a 2-D grid that upstream's shard-partition does in one
// step only (or crashes on: [[0], [1]] -> [[0, 1]]); distc-shard-partition
// splits them into steps. Each stage doubles the values, so a block in the
// wrong place changes the printed result; the last one reduces after
// resharding split axis 0 -> 1.
shard.grid @grid0(shape = 2x2)

func.func @stages(%a: tensor<12x8xi64>) -> tensor<8xi64> {
  %blocks = shard.sharding @grid0 split_axes = [[0], [1]] : !shard.sharding
  %rows2 = shard.sharding @grid0 split_axes = [[0, 1]] : !shard.sharding
  %cols = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %swapped = shard.sharding @grid0 split_axes = [[1], [0]] : !shard.sharding
  %e = tensor.empty() : tensor<12x8xi64>
  %a0 = shard.shard %a to %blocks : tensor<12x8xi64>
  %b = linalg.add ins(%a0, %a0 : tensor<12x8xi64>, tensor<12x8xi64>) outs(%e : tensor<12x8xi64>) -> tensor<12x8xi64>
  %b0 = shard.shard %b to %blocks : tensor<12x8xi64>
  %b1 = shard.shard %b0 to %rows2 annotate_for_users : tensor<12x8xi64>
  %c = linalg.add ins(%b1, %a : tensor<12x8xi64>, tensor<12x8xi64>) outs(%e : tensor<12x8xi64>) -> tensor<12x8xi64>
  %c0 = shard.shard %c to %rows2 : tensor<12x8xi64>
  %c1 = shard.shard %c0 to %cols annotate_for_users : tensor<12x8xi64>
  %d = linalg.add ins(%c1, %c1 : tensor<12x8xi64>, tensor<12x8xi64>) outs(%e : tensor<12x8xi64>) -> tensor<12x8xi64>
  %d0 = shard.shard %d to %cols : tensor<12x8xi64>
  %d1 = shard.shard %d0 to %swapped annotate_for_users : tensor<12x8xi64>
  %zero = arith.constant 0 : i64
  %e1 = tensor.empty() : tensor<8xi64>
  %z = linalg.fill ins(%zero : i64) outs(%e1 : tensor<8xi64>) -> tensor<8xi64>
  %r = linalg.reduce ins(%d1 : tensor<12x8xi64>) outs(%z : tensor<8xi64>) dimensions = [0]
    (%x: i64, %acc: i64) {
      %t = arith.addi %x, %acc : i64
      linalg.yield %t : i64
    }
  return %r : tensor<8xi64>
}

func.func @main() {
  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c7 = arith.constant 7 : i64
    %c17 = arith.constant 17 : i64
    %k = arith.muli %ii, %c7 : i64
    %l = arith.addi %k, %jj : i64
    %m = arith.muli %l, %l : i64
    %r = arith.remsi %m, %c17 : i64
    tensor.yield %r : i64
  } : tensor<12x8xi64>
  %r = call @stages(%a) : (tensor<12x8xi64>) -> tensor<8xi64>
  %i0 = arith.constant 0 : index
  %pad = arith.constant 0 : i64
  %v = vector.transfer_read %r[%i0], %pad : tensor<8xi64>, vector<8xi64>
  vector.print %v : vector<8xi64>
  %s = tensor.extract %a[%i0, %i0] : tensor<12x8xi64>
  vector.print %s : i64
  return
}
