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

// Differential check (scripts/shard-differential.py) of ops that upstream
// 22 has no sharding rule for, reading a row-split tensor in an annotated
// function: each is computed replicated (its split operands gathered
// first), and the values after it are split again where annotated. The
// reshapes keep the split where every shard holds whole groups (8 rows
// into 4x2 on 1, 2, 4 ranks; not on 3 and 5), linalg.softmax is
// decomposed into ops with rules.
shard.grid @grid(shape = 4)

func.func @shapes(%a: tensor<8x6xf32>) -> (tensor<2x4x6xf32>, tensor<48xf32>, tensor<16x6xf32>, tensor<10x6xf32>, vector<5xf32>, tensor<4x2x6xf32>) {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a1 = shard.shard %a to %rows : tensor<8x6xf32>
  %x = tensor.expand_shape %a1 [[0, 1], [2]] output_shape [2, 4, 6] : tensor<8x6xf32> into tensor<2x4x6xf32>
  %y = tensor.collapse_shape %a1 [[0, 1]] : tensor<8x6xf32> into tensor<48xf32>
  %ex = tensor.expand_shape %a1 [[0, 1], [2]] output_shape [4, 2, 6] : tensor<8x6xf32> into tensor<4x2x6xf32>
  %exs = shard.shard %ex to %rows : tensor<4x2x6xf32>
  %c = tensor.concat dim(0) %a1, %a1 : (tensor<8x6xf32>, tensor<8x6xf32>) -> tensor<16x6xf32>
  %c1 = shard.shard %c to %rows : tensor<16x6xf32>
  %z = arith.constant -1.0 : f32
  %p = tensor.pad %a1 low[1, 0] high[1, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %z : f32
  } : tensor<8x6xf32> to tensor<10x6xf32>
  %c2 = arith.constant 2 : index
  %c1i = arith.constant 1 : index
  %v = vector.transfer_read %a1[%c2, %c1i], %z : tensor<8x6xf32>, vector<5xf32>
  return %x, %y, %c1, %p, %v, %exs : tensor<2x4x6xf32>, tensor<48xf32>, tensor<16x6xf32>, tensor<10x6xf32>, vector<5xf32>, tensor<4x2x6xf32>
}

func.func @softmax(%a: tensor<8x6xf32>) -> (tensor<8x6xf32>, tensor<8x6xf32>) {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a1 = shard.shard %a to %rows : tensor<8x6xf32>
  %e = tensor.empty() : tensor<8x6xf32>
  %s1 = linalg.softmax dimension(1) ins(%a1 : tensor<8x6xf32>) outs(%e : tensor<8x6xf32>) -> tensor<8x6xf32>
  %e2 = tensor.empty() : tensor<8x6xf32>
  %s0 = linalg.softmax dimension(0) ins(%a1 : tensor<8x6xf32>) outs(%e2 : tensor<8x6xf32>) -> tensor<8x6xf32>
  %m1 = shard.shard %s1 to %rows : tensor<8x6xf32>
  %m0 = shard.shard %s0 to %rows : tensor<8x6xf32>
  return %m1, %m0 : tensor<8x6xf32>, tensor<8x6xf32>
}

// TOSA's reductions keep the reduced dimension (a tensor.expand_shape
// after the linalg.reduce), and tosa.reshape becomes tensor reshapes.
func.func @tosa_reshapes(%a: tensor<8x6xf32>) -> (tensor<1x6xf32>, tensor<8x1xf32>, tensor<4x12xf32>) {
  %rows = shard.sharding @grid split_axes = [[0]] : !shard.sharding
  %a1 = shard.shard %a to %rows : tensor<8x6xf32>
  %s0 = tosa.reduce_sum %a1 {axis = 0 : i32} : (tensor<8x6xf32>) -> tensor<1x6xf32>
  %s1 = tosa.reduce_sum %a1 {axis = 1 : i32} : (tensor<8x6xf32>) -> tensor<8x1xf32>
  %shape = tosa.const_shape {values = dense<[4, 12]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %r = tosa.reshape %a1, %shape : (tensor<8x6xf32>, !tosa.shape<2>) -> tensor<4x12xf32>
  %q1 = shard.shard %r to %rows : tensor<4x12xf32>
  return %s0, %s1, %q1 : tensor<1x6xf32>, tensor<8x1xf32>, tensor<4x12xf32>
}

func.func @main() {
  %in = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %k = arith.constant 3 : i64
    %p = arith.muli %ii, %k : i64
    %l = arith.subi %p, %jj : i64
    %x = arith.sitofp %l : i64 to f32
    %q = arith.constant 0.25 : f32
    %u = arith.mulf %x, %q : f32
    tensor.yield %u : f32
  } : tensor<8x6xf32>
  %x, %y, %c, %p, %v, %ew = call @shapes(%in) : (tensor<8x6xf32>) -> (tensor<2x4x6xf32>, tensor<48xf32>, tensor<16x6xf32>, tensor<10x6xf32>, vector<5xf32>, tensor<4x2x6xf32>)
  %s1, %s0 = call @softmax(%in) : (tensor<8x6xf32>) -> (tensor<8x6xf32>, tensor<8x6xf32>)
  %t0, %t1, %r = call @tosa_reshapes(%in) : (tensor<8x6xf32>) -> (tensor<1x6xf32>, tensor<8x1xf32>, tensor<4x12xf32>)
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %vx = vector.transfer_read %x[%c0, %c0, %c0], %pad : tensor<2x4x6xf32>, vector<2x4x6xf32>
  vector.print %vx : vector<2x4x6xf32>
  %vy = vector.transfer_read %y[%c0], %pad : tensor<48xf32>, vector<48xf32>
  vector.print %vy : vector<48xf32>
  %vc = vector.transfer_read %c[%c0, %c0], %pad : tensor<16x6xf32>, vector<16x6xf32>
  vector.print %vc : vector<16x6xf32>
  %vp = vector.transfer_read %p[%c0, %c0], %pad : tensor<10x6xf32>, vector<10x6xf32>
  vector.print %vp : vector<10x6xf32>
  vector.print %v : vector<5xf32>
  %vw = vector.transfer_read %ew[%c0, %c0, %c0], %pad : tensor<4x2x6xf32>, vector<4x2x6xf32>
  vector.print %vw : vector<4x2x6xf32>
  %v1 = vector.transfer_read %s1[%c0, %c0], %pad : tensor<8x6xf32>, vector<8x6xf32>
  vector.print %v1 : vector<8x6xf32>
  %v0 = vector.transfer_read %s0[%c0, %c0], %pad : tensor<8x6xf32>, vector<8x6xf32>
  vector.print %v0 : vector<8x6xf32>
  %w0 = vector.transfer_read %t0[%c0, %c0], %pad : tensor<1x6xf32>, vector<1x6xf32>
  vector.print %w0 : vector<1x6xf32>
  %w1 = vector.transfer_read %t1[%c0, %c0], %pad : tensor<8x1xf32>, vector<8x1xf32>
  vector.print %w1 : vector<8x1xf32>
  %wr = vector.transfer_read %r[%c0, %c0], %pad : tensor<4x12xf32>, vector<4x12xf32>
  vector.print %wr : vector<4x12xf32>
  return
}
