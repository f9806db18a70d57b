// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 2x3,2x2,3x1,1x3 --levels 0,2 --work %t %s | FileCheck %s
// CHECK: 6 ranks match the reference (grid 2x3) at -O0
// CHECK-NEXT: 6 ranks match the reference (grid 2x3) at -O2
// CHECK: 4 ranks match the reference (grid 2x2) at -O0
// CHECK-NEXT: 4 ranks match the reference (grid 2x2) at -O2
// CHECK: 3 ranks match the reference (grid 3x1) at -O0
// CHECK-NEXT: 3 ranks match the reference (grid 3x1) at -O2
// CHECK: 3 ranks match the reference (grid 1x3) at -O0
// CHECK-NEXT: 3 ranks match the reference (grid 1x3) at -O2

// Differential check (scripts/shard-differential.py) of contradicting
// annotations on a 2-D grid: each grid axis would split two loops of the
// matmul (A in 2-D blocks, B by rows along axis 1, the product in blocks
// along the other axes). The product's sharding wins; A and B are
// resharded to it.
shard.grid @grid(shape = 2x3)

func.func @blocks_disagree(%a: tensor<6x8xf32>, %b: tensor<8x9xf32>) -> tensor<6x9xf32> {
  %sa = shard.sharding @grid split_axes = [[0], [1]] : !shard.sharding
  %sb = shard.sharding @grid split_axes = [[1]] : !shard.sharding
  %sr = shard.sharding @grid split_axes = [[1], [0]] : !shard.sharding
  %a1 = shard.shard %a to %sa annotate_for_users : tensor<6x8xf32>
  %b1 = shard.shard %b to %sb annotate_for_users : tensor<8x9xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x9xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<6x9xf32>) -> tensor<6x9xf32>
  %m = linalg.matmul ins(%a1, %b1 : tensor<6x8xf32>, tensor<8x9xf32>) outs(%f : tensor<6x9xf32>) -> tensor<6x9xf32>
  %mr = shard.shard %m to %sr : tensor<6x9xf32>
  return %mr : tensor<6x9xf32>
}

func.func @main() {
  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %k = arith.constant 3 : i64
    %p = arith.muli %ii, %k : i64
    %l = arith.subi %p, %jj : i64
    %x = arith.sitofp %l : i64 to f32
    tensor.yield %x : f32
  } : tensor<6x8xf32>
  %b = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %k = arith.constant 2 : i64
    %p = arith.muli %ii, %k : i64
    %l = arith.subi %p, %jj : i64
    %x = arith.sitofp %l : i64 to f32
    tensor.yield %x : f32
  } : tensor<8x9xf32>
  %m = call @blocks_disagree(%a, %b) : (tensor<6x8xf32>, tensor<8x9xf32>) -> tensor<6x9xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%c0, %c0], %pad : tensor<6x9xf32>, vector<6x9xf32>
  vector.print %v : vector<6x9xf32>
  return
}
