// Row and column sums of a matrix split in blocks over a 2x2 grid (run with
// mpirun -n 4). split_axes = [[0], [1]]: rows along grid axis 0, columns
// along grid axis 1. The row sums reduce over grid axis 1 only, the column
// sums over grid axis 0 only: each reduction runs within a sub-grid team of
// two processes (a row or a column of the grid), which the runtime creates
// once, at the first use. Remove the shard ops and the program computes the
// same result on one rank.

shard.grid @grid0(shape = 2x2)

func.func @sums(%a: tensor<8x6xf64>) -> (tensor<8xf64>, tensor<6xf64>) {
  %blocks = shard.sharding @grid0 split_axes = [[0], [1]] : !shard.sharding
  %as = shard.shard %a to %blocks : tensor<8x6xf64>
  %zero = arith.constant 0.0 : f64
  %er = tensor.empty() : tensor<8xf64>
  %zr = linalg.fill ins(%zero : f64) outs(%er : tensor<8xf64>) -> tensor<8xf64>
  %rows = linalg.reduce ins(%as : tensor<8x6xf64>) outs(%zr : tensor<8xf64>) dimensions = [1]
    (%x: f64, %acc: f64) {
      %t = arith.addf %x, %acc : f64
      linalg.yield %t : f64
    }
  %ec = tensor.empty() : tensor<6xf64>
  %zc = linalg.fill ins(%zero : f64) outs(%ec : tensor<6xf64>) -> tensor<6xf64>
  %cols = linalg.reduce ins(%as : tensor<8x6xf64>) outs(%zc : tensor<6xf64>) dimensions = [0]
    (%x: f64, %acc: f64) {
      %t = arith.addf %x, %acc : f64
      linalg.yield %t : f64
    }
  return %rows, %cols : tensor<8xf64>, tensor<6xf64>
}

func.func @main() {
  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c5 = arith.constant 5 : i64
    %c13 = arith.constant 13 : i64
    %k = arith.muli %ii, %c5 : i64
    %l = arith.addi %k, %jj : i64
    %r = arith.remsi %l, %c13 : i64
    %f = arith.sitofp %r : i64 to f64
    tensor.yield %f : f64
  } : tensor<8x6xf64>
  %r, %c = call @sums(%a) : (tensor<8x6xf64>) -> (tensor<8xf64>, tensor<6xf64>)
  %i0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f64
  %vr = vector.transfer_read %r[%i0], %pad : tensor<8xf64>, vector<8xf64>
  vector.print %vr : vector<8xf64>
  %vc = vector.transfer_read %c[%i0], %pad : tensor<6xf64>, vector<6xf64>
  vector.print %vc : vector<6xf64>
  return
}
