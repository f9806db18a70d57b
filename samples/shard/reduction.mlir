// Sharded reductions on a 1-D grid of 4 processes (run with mpirun -n 4).
// A 10x7 matrix split by rows (split axis 0; 10 rows on 3 or 4 processes
// are uneven blocks) is reduced
//   - to replicated scalars: its sum and its maximum (a local reduction of
//     each block, then an all_reduce over the grid, sum and max);
//   - along axis 0 (over the split dimension): the column sums, partial on
//     each block, then an all_reduce;
//   - along axis 1 (within each row): the row sums, computed locally on
//     each row block with no communication (gathered at the return).
// The values are integers held in f64, so the sums are exact in any order.
// Remove the shard ops and the program computes the same on one rank.

shard.grid @grid0(shape = 4)

func.func @reduce(%a: tensor<10x7xf64>)
    -> (tensor<f64>, tensor<f64>, tensor<7xf64>, tensor<10xf64>) {
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %as = shard.shard %a to %rows : tensor<10x7xf64>
  %zero = arith.constant 0.0 : f64
  %ninf = arith.constant -1.0e300 : f64
  %e0 = tensor.empty() : tensor<f64>
  %z0 = linalg.fill ins(%zero : f64) outs(%e0 : tensor<f64>) -> tensor<f64>
  %sum = linalg.reduce ins(%as : tensor<10x7xf64>) outs(%z0 : tensor<f64>) dimensions = [0, 1]
    (%x: f64, %acc: f64) {
      %t = arith.addf %x, %acc : f64
      linalg.yield %t : f64
    }
  %e1 = tensor.empty() : tensor<f64>
  %m0 = linalg.fill ins(%ninf : f64) outs(%e1 : tensor<f64>) -> tensor<f64>
  %max = linalg.reduce ins(%as : tensor<10x7xf64>) outs(%m0 : tensor<f64>) dimensions = [0, 1]
    (%x: f64, %acc: f64) {
      %t = arith.maximumf %x, %acc : f64
      linalg.yield %t : f64
    }
  %ec = tensor.empty() : tensor<7xf64>
  %zc = linalg.fill ins(%zero : f64) outs(%ec : tensor<7xf64>) -> tensor<7xf64>
  %cols = linalg.reduce ins(%as : tensor<10x7xf64>) outs(%zc : tensor<7xf64>) dimensions = [0]
    (%x: f64, %acc: f64) {
      %t = arith.addf %x, %acc : f64
      linalg.yield %t : f64
    }
  %er = tensor.empty() : tensor<10xf64>
  %zr = linalg.fill ins(%zero : f64) outs(%er : tensor<10xf64>) -> tensor<10xf64>
  %rowsum = linalg.reduce ins(%as : tensor<10x7xf64>) outs(%zr : tensor<10xf64>) dimensions = [1]
    (%x: f64, %acc: f64) {
      %t = arith.addf %x, %acc : f64
      linalg.yield %t : f64
    }
  return %sum, %max, %cols, %rowsum : tensor<f64>, tensor<f64>, tensor<7xf64>, tensor<10xf64>
}

func.func @main() {
  // A[i][j] = (5 i + 3 j) mod 17 - 8: positive and negative values, the
  // maximum (8) in rows of several blocks.
  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %c5 = arith.constant 5 : i64
    %c3 = arith.constant 3 : i64
    %c17 = arith.constant 17 : i64
    %c8 = arith.constant 8 : i64
    %k = arith.muli %ii, %c5 : i64
    %l = arith.muli %jj, %c3 : i64
    %m = arith.addi %k, %l : i64
    %r = arith.remsi %m, %c17 : i64
    %s = arith.subi %r, %c8 : i64
    %f = arith.sitofp %s : i64 to f64
    tensor.yield %f : f64
  } : tensor<10x7xf64>
  %sum, %max, %cols, %rows = call @reduce(%a)
      : (tensor<10x7xf64>) -> (tensor<f64>, tensor<f64>, tensor<7xf64>, tensor<10xf64>)
  %s = tensor.extract %sum[] : tensor<f64>
  %m = tensor.extract %max[] : tensor<f64>
  vector.print str "sum "
  vector.print %s : f64
  vector.print str "max "
  vector.print %m : f64
  %c0 = arith.constant 0 : index
  %pad = arith.constant 0.0 : f64
  %vc = vector.transfer_read %cols[%c0], %pad : tensor<7xf64>, vector<7xf64>
  vector.print str "column sums "
  vector.print %vc : vector<7xf64>
  %vr = vector.transfer_read %rows[%c0], %pad : tensor<10xf64>, vector<10xf64>
  vector.print str "row sums "
  vector.print %vr : vector<10xf64>
  return
}
