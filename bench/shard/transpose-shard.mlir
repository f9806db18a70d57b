// bench/shard: B = A^T by resharding, N x N f64 on a 1-D grid of P
// processes (bench/shard/run.sh sets N and P in the text: shard needs
// static shapes). A is split by rows; resharding it to columns (split axis
// 0 -> 1, one all-to-all) and transposing each column block locally gives
// B split by rows. The timed region is the resharding and the local
// transpose (between the two calls of @now; calls are barriers for
// distruntime-overlap-comm, so the wait of the all-to-all stays inside);
// A's row block is taken before it, B is gathered after it.
// Prints the slowest rank's best time over `--reps` calls and the number of
// elements of B that differ from A^T (A[i][j] = i N + j).
shard.grid @grid0(shape = 2)

func.func private @now() -> f64 {
  %t = dist.wtime : f64
  return %t : f64
}

func.func @transpose(%a: tensor<2048x2048xf64>, %w: tensor<2048x2048xf64>, %t0: f64)
    -> (f64, f64) {
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %cols = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %ar = shard.shard %a to %rows : tensor<2048x2048xf64>
  %a1 = shard.shard %ar to %cols annotate_for_users : tensor<2048x2048xf64>
  %e = tensor.empty() : tensor<2048x2048xf64>
  %t = linalg.transpose ins(%a1 : tensor<2048x2048xf64>) outs(%e : tensor<2048x2048xf64>)
      permutation = [1, 0]
  %b = shard.shard %t to %rows : tensor<2048x2048xf64>
  %t1 = func.call @now() : () -> f64
  %dt = arith.subf %t1, %t0 : f64
  // Untimed: the elements of B that differ from W (= A^T), counted on each
  // row block and summed over the grid.
  %ws = shard.shard %w to %rows annotate_for_users : tensor<2048x2048xf64>
  %zero = arith.constant 0.0 : f64
  %e0 = tensor.empty() : tensor<f64>
  %z = linalg.fill ins(%zero : f64) outs(%e0 : tensor<f64>) -> tensor<f64>
  %ed = tensor.empty() : tensor<2048x2048xf64>
  %diff = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                       affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%b, %ws : tensor<2048x2048xf64>, tensor<2048x2048xf64>)
      outs(%ed : tensor<2048x2048xf64>) {
  ^bb0(%x: f64, %y: f64, %out: f64):
    %one = arith.constant 1.0 : f64
    %ne = arith.cmpf une, %x, %y : f64
    %d = arith.select %ne, %one, %zero : f64
    linalg.yield %d : f64
  } -> tensor<2048x2048xf64>
  %errors = linalg.reduce ins(%diff : tensor<2048x2048xf64>) outs(%z : tensor<f64>)
      dimensions = [0, 1]
    (%x: f64, %acc: f64) {
      %s = arith.addf %acc, %x : f64
      linalg.yield %s : f64
    }
  %err = tensor.extract %errors[] : tensor<f64>
  return %err, %dt : f64, f64
}

func.func @main() {
  %reps = dist.param "reps" default 5 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 2048 : index
  %a = tensor.generate {
  ^bb0(%i: index, %j: index):
    %k = arith.muli %i, %n : index
    %l = arith.addi %k, %j : index
    %v = arith.index_cast %l : index to i64
    %f = arith.sitofp %v : i64 to f64
    tensor.yield %f : f64
  } : tensor<2048x2048xf64>
  %w = tensor.generate {
  ^bb0(%i: index, %j: index):
    %k = arith.muli %j, %n : index
    %l = arith.addi %k, %i : index
    %v = arith.index_cast %l : index to i64
    %f = arith.sitofp %v : i64 to f64
    tensor.yield %f : f64
  } : tensor<2048x2048xf64>
  %inf = arith.constant 1.0e30 : f64
  %none = arith.constant 0.0 : f64
  %best, %errors = scf.for %r = %c0 to %reps step %c1 iter_args(%bi = %inf, %ei = %none)
      -> (f64, f64) {
    %t0 = func.call @now() : () -> f64
    %err, %dt = func.call @transpose(%a, %w, %t0)
        : (tensor<2048x2048xf64>, tensor<2048x2048xf64>, f64) -> (f64, f64)
    %slowest = dist.allreduce %dt max : f64
    %m = arith.minimumf %bi, %slowest : f64
    %e = arith.maximumf %ei, %err : f64
    scf.yield %m, %e : f64, f64
  }
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print str "errors "
    vector.print %errors : f64
    vector.print str "seconds "
    vector.print %best : f64
  }
  return
}
