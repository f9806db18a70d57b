// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 1,2,3,4,2x2 --work %t %s | FileCheck %s
// CHECK: 1 ranks match the reference
// CHECK: 2 ranks match the reference
// CHECK: 3 ranks match the reference
// CHECK: 4 ranks match the reference
// CHECK: 4 ranks match the reference (grid 2x2)

// Differential check in the style of upstream's sharding-propagation tests:
// operand annotations (annotate_for_users) only, element-wise arith/math in
// a linalg.generic, a matmul whose result sharding comes from propagation,
// and a scalar reduction; the function is called twice from main.
shard.grid @grid0(shape = 4)

func.func @layer(%x: tensor<12x6xf32>, %w: tensor<6x4xf32>) -> (tensor<12x4xf32>, tensor<f32>) {
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %rep = shard.sharding @grid0 split_axes = [[]] : !shard.sharding
  %xs = shard.shard %x to %rows annotate_for_users : tensor<12x6xf32>
  %ws = shard.shard %w to %rep annotate_for_users : tensor<6x4xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<12x4xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<12x4xf32>) -> tensor<12x4xf32>
  %y = linalg.matmul ins(%xs, %ws : tensor<12x6xf32>, tensor<6x4xf32>) outs(%z : tensor<12x4xf32>) -> tensor<12x4xf32>
  %t = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%y : tensor<12x4xf32>) outs(%e : tensor<12x4xf32>) {
  ^bb0(%v: f32, %out: f32):
    %a = math.tanh %v : f32
    %half = arith.constant 0.5 : f32
    %b = arith.mulf %a, %half : f32
    %c = arith.maximumf %b, %zero : f32
    linalg.yield %c : f32
  } -> tensor<12x4xf32>
  %e0 = tensor.empty() : tensor<f32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %s = linalg.reduce ins(%t : tensor<12x4xf32>) outs(%s0 : tensor<f32>) dimensions = [0, 1]
    (%v: f32, %acc: f32) {
      %r = arith.addf %v, %acc : f32
      linalg.yield %r : f32
    }
  return %t, %s : tensor<12x4xf32>, tensor<f32>
}

func.func @main() {
  %x = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %k = arith.muli %ii, %jj : i32
    %c7 = arith.constant 7 : i32
    %r = arith.remsi %k, %c7 : i32
    %f = arith.sitofp %r : i32 to f32
    %q = arith.constant 0.25 : f32
    %v = arith.mulf %f, %q : f32
    tensor.yield %v : f32
  } : tensor<12x6xf32>
  %w = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i32
    %jj = arith.index_cast %j : index to i32
    %k = arith.subi %ii, %jj : i32
    %f = arith.sitofp %k : i32 to f32
    %q = arith.constant 0.125 : f32
    %v = arith.mulf %f, %q : f32
    tensor.yield %v : f32
  } : tensor<6x4xf32>
  %t, %s = call @layer(%x, %w) : (tensor<12x6xf32>, tensor<6x4xf32>) -> (tensor<12x4xf32>, tensor<f32>)
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %v = vector.transfer_read %t[%c0, %c0], %pad : tensor<12x4xf32>, vector<12x4xf32>
  vector.print %v : vector<12x4xf32>
  %sv = tensor.extract %s[] : tensor<f32>
  vector.print %sv : f32
  // A second call: its collectives reuse the team and the runtime's plans.
  %t2, %s2 = call @layer(%x, %w) : (tensor<12x6xf32>, tensor<6x4xf32>) -> (tensor<12x4xf32>, tensor<f32>)
  %sv2 = tensor.extract %s2[] : tensor<f32>
  vector.print %sv2 : f32
  return
}
