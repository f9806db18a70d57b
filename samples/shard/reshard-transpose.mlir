// Transpose by resharding on a 1-D grid of 4 processes (run with mpirun -n 4).
// A global 10x7 matrix is computed split by rows (split axis 0); resharding
// it to columns (split axis 1) is one all-to-all, after which every process
// holds whole columns, and transposing its column block locally gives its
// row block of A^T: B = A^T split by rows, with no further communication.
// 10 rows and 7 columns divide by none of 3 and 4 (and 7 not by 2): the
// shards are uneven, balanced as the shard dialect defines them.
// The program prints B and the number of elements that differ from the
// closed form B[i][j] = 3 (j*7 + i) + 1. Remove the shard ops and it computes
// the same on one rank.

shard.grid @grid0(shape = 4)

func.func @transpose(%a: tensor<10x7xf64>) -> tensor<7x10xf64> {
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %cols = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %ar = shard.shard %a to %rows : tensor<10x7xf64>
  // Computed on row blocks: 3 a + 1.
  %e = tensor.empty() : tensor<10x7xf64>
  %s = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%ar : tensor<10x7xf64>) outs(%e : tensor<10x7xf64>) {
  ^bb0(%x: f64, %out: f64):
    %three = arith.constant 3.0 : f64
    %one = arith.constant 1.0 : f64
    %m = arith.mulf %x, %three : f64
    %y = arith.addf %m, %one : f64
    linalg.yield %y : f64
  } -> tensor<10x7xf64>
  %s0 = shard.shard %s to %rows : tensor<10x7xf64>
  // Split axis 0 -> 1: the all-to-all.
  %s1 = shard.shard %s0 to %cols annotate_for_users : tensor<10x7xf64>
  %et = tensor.empty() : tensor<7x10xf64>
  %t = linalg.transpose ins(%s1 : tensor<10x7xf64>) outs(%et : tensor<7x10xf64>)
      permutation = [1, 0]
  %t1 = shard.shard %t to %rows : tensor<7x10xf64>
  return %t1 : tensor<7x10xf64>
}

func.func @main() {
  // A[i][j] = i * 7 + j
  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c7 = arith.constant 7 : index
    %k = arith.muli %i, %c7 : index
    %l = arith.addi %k, %j : index
    %v = arith.index_cast %l : index to i64
    %f = arith.sitofp %v : i64 to f64
    tensor.yield %f : f64
  } : tensor<10x7xf64>
  %b = call @transpose(%a) : (tensor<10x7xf64>) -> tensor<7x10xf64>
  // The closed form, and the count of elements that differ from it.
  %expected = tensor.generate {
  ^bb0(%i: index, %j: index):
    %c7 = arith.constant 7 : index
    %k = arith.muli %j, %c7 : index
    %l = arith.addi %k, %i : index
    %v = arith.index_cast %l : index to i64
    %f = arith.sitofp %v : i64 to f64
    %three = arith.constant 3.0 : f64
    %one = arith.constant 1.0 : f64
    %m = arith.mulf %f, %three : f64
    %y = arith.addf %m, %one : f64
    tensor.yield %y : f64
  } : tensor<7x10xf64>
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0 : i64
  %errors = scf.for %i = %c0 to %c7 step %c1 iter_args(%ei = %zero) -> (i64) {
    %row = scf.for %j = %c0 to %c10 step %c1 iter_args(%ej = %ei) -> (i64) {
      %x = tensor.extract %b[%i, %j] : tensor<7x10xf64>
      %y = tensor.extract %expected[%i, %j] : tensor<7x10xf64>
      %ne = arith.cmpf une, %x, %y : f64
      %inc = arith.extui %ne : i1 to i64
      %n = arith.addi %ej, %inc : i64
      scf.yield %n : i64
    }
    scf.yield %row : i64
  }
  %pad = arith.constant 0.0 : f64
  %v = vector.transfer_read %b[%c0, %c0], %pad : tensor<7x10xf64>, vector<7x10xf64>
  vector.print %v : vector<7x10xf64>
  vector.print str "errors "
  vector.print %errors : i64
  return
}
