// Weight-stationary feed-forward layer, sigmoid(A @ B) @ C, on a 2-D grid
// of 2x2 processes (run with mpirun -n 4). Each weight is split along both
// of its dimensions: B's rows along grid axis 0 and its columns along axis
// 1, C's rows along axis 1 and its columns along axis 0, so every process
// keeps one block of each weight. The first matmul's partial sums are
// reduced over grid axis 0 only, the second's over axis 1 only
// (shard.all_reduce on sub-grid teams of 2 processes); the result is
// gathered along axis 0. Remove the shard ops and the program computes the
// same result on one rank.

shard.grid @grid0(shape = 2x2)

func.func @ff(%a: tensor<6x8xf32>, %b: tensor<8x12xf32>, %c: tensor<12x4xf32>)
    -> tensor<6x4xf32> {
  %sb = shard.sharding @grid0 split_axes = [[0], [1]] : !shard.sharding
  %sc = shard.sharding @grid0 split_axes = [[1], [0]] : !shard.sharding
  %bs = shard.shard %b to %sb : tensor<8x12xf32>
  %cs = shard.shard %c to %sc : tensor<12x4xf32>
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %e0 = tensor.empty() : tensor<6x12xf32>
  %h0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<6x12xf32>) -> tensor<6x12xf32>
  %h = linalg.matmul ins(%a, %bs : tensor<6x8xf32>, tensor<8x12xf32>)
                     outs(%h0 : tensor<6x12xf32>) -> tensor<6x12xf32>
  %sig = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%h : tensor<6x12xf32>) outs(%e0 : tensor<6x12xf32>) {
  ^bb0(%x: f32, %out: f32):
    %n = arith.negf %x : f32
    %ex = math.exp %n : f32
    %d = arith.addf %one, %ex : f32
    %s = arith.divf %one, %d : f32
    linalg.yield %s : f32
  } -> tensor<6x12xf32>
  %e1 = tensor.empty() : tensor<6x4xf32>
  %y0 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<6x4xf32>) -> tensor<6x4xf32>
  %y = linalg.matmul ins(%sig, %cs : tensor<6x12xf32>, tensor<12x4xf32>)
                     outs(%y0 : tensor<6x4xf32>) -> tensor<6x4xf32>
  return %y : tensor<6x4xf32>
}

// Inputs with values that depend on the position: a wrong block or a
// missing reduction changes the printed result.
func.func @input(%rows: index, %cols: index, %scale: f32) -> tensor<?x?xf32> {
  %t = tensor.generate %rows, %cols {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c7 = arith.constant 7 : i64
    %c3 = arith.constant 3 : i64
    %k = arith.muli %ii, %c7 : i64
    %l = arith.muli %jj, %c3 : i64
    %m = arith.addi %k, %l : i64
    %c11 = arith.constant 11 : i64
    %r = arith.remsi %m, %c11 : i64
    %f = arith.sitofp %r : i64 to f32
    %v = arith.mulf %f, %scale : f32
    tensor.yield %v : f32
  } : tensor<?x?xf32>
  return %t : tensor<?x?xf32>
}

func.func @main() {
  %i0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f32
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %sa = arith.constant 0.125 : f32
  %sb = arith.constant -0.0625 : f32
  %sc = arith.constant 0.25 : f32
  %a0 = call @input(%c6, %c8, %sa) : (index, index, f32) -> tensor<?x?xf32>
  %b0 = call @input(%c8, %c12, %sb) : (index, index, f32) -> tensor<?x?xf32>
  %c0 = call @input(%c12, %c4, %sc) : (index, index, f32) -> tensor<?x?xf32>
  %a = tensor.cast %a0 : tensor<?x?xf32> to tensor<6x8xf32>
  %b = tensor.cast %b0 : tensor<?x?xf32> to tensor<8x12xf32>
  %c = tensor.cast %c0 : tensor<?x?xf32> to tensor<12x4xf32>
  %y = call @ff(%a, %b, %c) : (tensor<6x8xf32>, tensor<8x12xf32>, tensor<12x4xf32>) -> tensor<6x4xf32>
  %v = vector.transfer_read %y[%i0, %i0], %pad : tensor<6x4xf32>, vector<6x4xf32>
  vector.print %v : vector<6x4xf32>
  return
}
