// One TOSA MLP layer with a bias in an annotated function: tosa.matmul of
// 10 rows split over 4 ranks (uneven) by replicated weights, + a bias of
// type tensor<1x1x4xf32> (a TOSA broadcast, read through a map with
// constants: docs/shard.md), then tosa.clamp. Against numpy:
//   np.clip(x @ w + b, 0, 100), x[i][j] = i + j, w[i][j] = i - j,
//   b = [1, -20, 3, -4].
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 4 %t | FileCheck %s
// CHECK: ( ( 56, 20, 28, 6 ), ( 71, 29, 31, 3 ), ( 86, 38, 34, 0 ), ( 100, 47, 37, 0 ), ( 100, 56, 40, 0 ), ( 100, 65, 43, 0 ), ( 100, 74, 46, 0 ), ( 100, 83, 49, 0 ), ( 100, 92, 52, 0 ), ( 100, 100, 55, 0 ) )
// CHECK-NOT: (

shard.grid @grid0(shape = 4)
func.func @mlp(%x: tensor<1x10x6xf32>, %w: tensor<1x6x4xf32>, %b: tensor<1x1x4xf32>) -> tensor<1x10x4xf32> {
  %s = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %xs = shard.shard %x to %s annotate_for_users : tensor<1x10x6xf32>
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %m = tosa.matmul %xs, %w, %zp, %zp : (tensor<1x10x6xf32>, tensor<1x6x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x10x4xf32>
  %a = tosa.add %m, %b : (tensor<1x10x4xf32>, tensor<1x1x4xf32>) -> tensor<1x10x4xf32>
  %r = tosa.clamp %a {min_val = 0.0 : f32, max_val = 100.0 : f32} : (tensor<1x10x4xf32>) -> tensor<1x10x4xf32>
  %rs = shard.shard %r to %s : tensor<1x10x4xf32>
  return %rs : tensor<1x10x4xf32>
}
func.func @main() {
  %x = tensor.generate {
  ^bb0(%k: index, %i: index, %j: index):
    %t = arith.addi %i, %j : index
    %w = arith.index_cast %t : index to i64
    %f = arith.sitofp %w : i64 to f32
    tensor.yield %f : f32
  } : tensor<1x10x6xf32>
  %w = tensor.generate {
  ^bb0(%k: index, %i: index, %j: index):
    %t = arith.subi %i, %j : index
    %w = arith.index_cast %t : index to i64
    %f = arith.sitofp %w : i64 to f32
    tensor.yield %f : f32
  } : tensor<1x6x4xf32>
  %b = arith.constant dense<[[[1.0, -20.0, 3.0, -4.0]]]> : tensor<1x1x4xf32>
  %r = func.call @mlp(%x, %w, %b) : (tensor<1x10x6xf32>, tensor<1x6x4xf32>, tensor<1x1x4xf32>) -> tensor<1x10x4xf32>
  %c0 = arith.constant 0 : index
  %z = arith.constant 0.0 : f32
  %v = vector.transfer_read %r[%c0, %c0, %c0], %z : tensor<1x10x4xf32>, vector<10x4xf32>
  %me = shard.process_linear_index on @grid0 : index
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print %v : vector<10x4xf32>
  }
  return
}
