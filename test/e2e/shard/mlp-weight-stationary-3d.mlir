// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 2x1x2,1x2x2,2x2x1,1x1x3,3x1x1 --levels 0,2 --work %t %s | FileCheck %s
// CHECK: 4 ranks match the reference (grid 2x1x2) at -O0
// CHECK-NEXT: 4 ranks match the reference (grid 2x1x2) at -O2
// CHECK: 4 ranks match the reference (grid 1x2x2) at -O0
// CHECK-NEXT: 4 ranks match the reference (grid 1x2x2) at -O2
// CHECK: 4 ranks match the reference (grid 2x2x1) at -O0
// CHECK-NEXT: 4 ranks match the reference (grid 2x2x1) at -O2
// CHECK: 3 ranks match the reference (grid 1x1x3) at -O0
// CHECK-NEXT: 3 ranks match the reference (grid 1x1x3) at -O2
// CHECK: 3 ranks match the reference (grid 3x1x1) at -O0
// CHECK-NEXT: 3 ranks match the reference (grid 3x1x1) at -O2

// Differential check (scripts/shard-differential.py) of the 2-D
// weight-stationary layer of "Efficiently Scaling Transformer Inference"
// (Figure 2(b)) on a 3-D grid, written as upstream's propagation tests
// write it: the activations split along the last dimension over all three
// axes, the weights in blocks over axis 0 and axes 1, 2. The annotations
// contradict each other at both matmuls (the contracted dimension of the
// activations and the columns of the product want the same axes); each
// matmul follows its product's annotation and its operands are resharded.
shard.grid @grid(shape = 2x1x2)

func.func @mlp(%x: tensor<2x4x8xf32>, %w1: tensor<2x8x12xf32>, %w2: tensor<2x12x8xf32>) -> tensor<2x4x8xf32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %s0 = shard.sharding @grid split_axes = [[], [], [0, 1, 2]] : !shard.sharding
  %x1 = shard.shard %x to %s0 : tensor<2x4x8xf32>
  %s1 = shard.sharding @grid split_axes = [[], [0], [1, 2]] : !shard.sharding
  %w11 = shard.shard %w1 to %s1 : tensor<2x8x12xf32>
  %h = tosa.matmul %x1, %w11, %zp, %zp : (tensor<2x4x8xf32>, tensor<2x8x12xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x4x12xf32>
  %h1 = shard.shard %h to %s0 : tensor<2x4x12xf32>
  %g = tosa.sigmoid %h1 : (tensor<2x4x12xf32>) -> tensor<2x4x12xf32>
  %s2 = shard.sharding @grid split_axes = [[], [1, 2], [0]] : !shard.sharding
  %w21 = shard.shard %w2 to %s2 : tensor<2x12x8xf32>
  %y = tosa.matmul %g, %w21, %zp, %zp : (tensor<2x4x12xf32>, tensor<2x12x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x4x8xf32>
  %y1 = shard.shard %y to %s0 : tensor<2x4x8xf32>
  %y2 = shard.shard %y1 to %s0 annotate_for_users : tensor<2x4x8xf32>
  return %y2 : tensor<2x4x8xf32>
}

func.func @main() {
  %in = tensor.generate {
  ^bb0(%b: index, %i: index, %j: index):
    %bb = arith.index_cast %b : index to i64
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %k = arith.constant 3 : i64
    %p = arith.muli %ii, %k : i64
    %l = arith.subi %p, %jj : i64
    %q = arith.addi %l, %bb : i64
    %v = arith.sitofp %q : i64 to f32
    %s = arith.constant 0.0625 : f32
    %u = arith.mulf %v, %s : f32
    tensor.yield %u : f32
  } : tensor<2x4x8xf32>
  %w1 = tensor.generate {
  ^bb0(%b: index, %i: index, %j: index):
    %bb = arith.index_cast %b : index to i64
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %k = arith.constant 2 : i64
    %p = arith.muli %ii, %k : i64
    %l = arith.subi %p, %jj : i64
    %q = arith.addi %l, %bb : i64
    %v = arith.sitofp %q : i64 to f32
    %s = arith.constant 0.0625 : f32
    %u = arith.mulf %v, %s : f32
    tensor.yield %u : f32
  } : tensor<2x8x12xf32>
  %w2 = tensor.generate {
  ^bb0(%b: index, %i: index, %j: index):
    %bb = arith.index_cast %b : index to i64
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %k = arith.constant 5 : i64
    %p = arith.muli %ii, %k : i64
    %l = arith.subi %p, %jj : i64
    %q = arith.addi %l, %bb : i64
    %v = arith.sitofp %q : i64 to f32
    %s = arith.constant 0.0625 : f32
    %u = arith.mulf %v, %s : f32
    tensor.yield %u : f32
  } : tensor<2x12x8xf32>
  %y = call @mlp(%in, %w1, %w2) : (tensor<2x4x8xf32>, tensor<2x8x12xf32>, tensor<2x12x8xf32>) -> tensor<2x4x8xf32>
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %y[%c0, %c0, %c0], %pad : tensor<2x4x8xf32>, vector<2x4x8xf32>
  vector.print %v : vector<2x4x8xf32>
  return
}
