// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 1,2,3,4,5 --levels 0,2 --work %t %s | FileCheck %s
// CHECK: 1 ranks match the reference at -O0
// CHECK-NEXT: 1 ranks match the reference at -O2
// CHECK: 2 ranks match the reference at -O0
// CHECK-NEXT: 2 ranks match the reference at -O2
// CHECK: 3 ranks match the reference at -O0
// CHECK-NEXT: 3 ranks match the reference at -O2
// CHECK: 4 ranks match the reference at -O0
// CHECK-NEXT: 4 ranks match the reference at -O2
// CHECK: 5 ranks match the reference at -O0
// CHECK-NEXT: 5 ranks match the reference at -O2

// Differential check (scripts/shard-differential.py) of annotations that
// contradict each other at one op on a 1-D grid: the op is computed in one
// sharding and the operands annotated otherwise are resharded to it.
shard.grid @grid(shape = 4)

// The argument is split along the contracted dimension and the product
// along its columns: the one grid axis would split two loops of the matmul.
func.func @contraction_and_columns(%a: tensor<6x8xf32>, %b: tensor<8x10xf32>) -> tensor<6x10xf32> {
  %s = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %a1 = shard.shard %a to %s : tensor<6x8xf32>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<6x10xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<6x10xf32>) -> tensor<6x10xf32>
  %m = linalg.matmul ins(%a1, %b : tensor<6x8xf32>, tensor<8x10xf32>) outs(%f : tensor<6x10xf32>) -> tensor<6x10xf32>
  %mr = shard.shard %m to %s : tensor<6x10xf32>
  return %mr : tensor<6x10xf32>
}

// Two operands of an element-wise op split along different dimensions.
func.func @operands_disagree(%a: tensor<7x5xf32>, %b: tensor<7x5xf32>) -> tensor<7x5xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %cols = shard.sharding @grid split_axes = [[], [0]] : !shard.sharding
  %a1 = shard.shard %a to %rows annotate_for_users : tensor<7x5xf32>
  %b1 = shard.shard %b to %cols annotate_for_users : tensor<7x5xf32>
  %e = tensor.empty() : tensor<7x5xf32>
  %s = linalg.sub ins(%a1, %b1 : tensor<7x5xf32>, tensor<7x5xf32>) outs(%e : tensor<7x5xf32>) -> tensor<7x5xf32>
  return %s : tensor<7x5xf32>
}

// A transposing read: the operand's rows are the result's columns, and
// both are split along rows.
func.func @transposed_read(%a: tensor<5x7xf32>) -> tensor<7x5xf32> {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %g1 = shard.shard %a to %rows annotate_for_users : tensor<5x7xf32>
  %e = tensor.empty() : tensor<7x5xf32>
  %t = linalg.generic {indexing_maps = [affine_map<(i, j) -> (j, i)>, affine_map<(i, j) -> (i, j)>],
                       iterator_types = ["parallel", "parallel"]}
      ins(%g1 : tensor<5x7xf32>) outs(%e : tensor<7x5xf32>) {
  ^bb0(%x: f32, %o: f32):
    %c = arith.constant 2.0 : f32
    %y = arith.mulf %x, %c : f32
    linalg.yield %y : f32
  } -> tensor<7x5xf32>
  %tr = shard.shard %t to %rows : tensor<7x5xf32>
  return %tr : tensor<7x5xf32>
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
  } : tensor<6x8xf32>
  %b = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %l = arith.addi %ii, %jj : i64
    %x = arith.sitofp %l : i64 to f32
    tensor.yield %x : f32
  } : tensor<8x10xf32>
  %c = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c5 = arith.constant 5 : i64
    %k = arith.muli %ii, %c5 : i64
    %l = arith.addi %k, %jj : i64
    %x = arith.sitofp %l : i64 to f32
    tensor.yield %x : f32
  } : tensor<7x5xf32>
  %d = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %l = arith.muli %ii, %jj : i64
    %x = arith.sitofp %l : i64 to f32
    tensor.yield %x : f32
  } : tensor<7x5xf32>
  %g = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c7 = arith.constant 7 : i64
    %k = arith.muli %ii, %c7 : i64
    %l = arith.subi %k, %jj : i64
    %x = arith.sitofp %l : i64 to f32
    tensor.yield %x : f32
  } : tensor<5x7xf32>
  %m = call @contraction_and_columns(%a, %b) : (tensor<6x8xf32>, tensor<8x10xf32>) -> tensor<6x10xf32>
  %s = call @operands_disagree(%c, %d) : (tensor<7x5xf32>, tensor<7x5xf32>) -> tensor<7x5xf32>
  %t = call @transposed_read(%g) : (tensor<5x7xf32>) -> tensor<7x5xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %m[%c0, %c0], %pad : tensor<6x10xf32>, vector<6x10xf32>
  vector.print %v : vector<6x10xf32>
  %w = vector.transfer_read %s[%c0, %c0], %pad : tensor<7x5xf32>, vector<7x5xf32>
  vector.print %w : vector<7x5xf32>
  %u = vector.transfer_read %t[%c0, %c0], %pad : tensor<7x5xf32>, vector<7x5xf32>
  vector.print %u : vector<7x5xf32>
  return
}
