// bench/shard: B = A^T with dist.permute, N x N f64 in balanced row blocks
// in and out (a distruntime.copy_permute: every rank sends the pieces of its
// row block to their owners in the transposed partition), the dist program
// equivalent to transpose-shard.mlir. The timed region is the permute alone
// (between the two calls of @now, which overlap-comm does not move a wait
// across). Prints the slowest rank's best time over `--reps` and the number
// of elements of B that differ from A^T (A[i][j] = i N + j).
func.func private @now() -> f64 {
  %t = dist.wtime : f64
  return %t : f64
}

func.func @main() {
  %n = dist.param "n" default 2048 : index
  %reps = dist.param "reps" default 5 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %k = arith.muli %i, %n : index
    %l = arith.addi %k, %j : index
    %v = arith.index_cast %l : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %zero = arith.constant 0.0 : f64
  %b0 = dist.full %zero (%n, %n) : !dist.tensor<?x?xf64>
  %inf = arith.constant 1.0e30 : f64
  %best, %b = scf.for %r = %c0 to %reps step %c1 iter_args(%bi = %inf, %bb = %b0)
      -> (f64, !dist.tensor<?x?xf64>) {
    %t0 = func.call @now() : () -> f64
    %bt = dist.permute %a axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
    %t1 = func.call @now() : () -> f64
    %dt = arith.subf %t1, %t0 : f64
    %slowest = dist.allreduce %dt max : f64
    %m = arith.minimumf %bi, %slowest : f64
    scf.yield %m, %bt : f64, !dist.tensor<?x?xf64>
  }
  %expected = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %k = arith.muli %j, %n : index
    %l = arith.addi %k, %i : index
    %v = arith.index_cast %l : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %ne = dist.elementwise %b, %expected : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%x: f64, %y: f64):
    %one = arith.constant 1.0 : f64
    %z = arith.constant 0.0 : f64
    %d = arith.cmpf une, %x, %y : f64
    %s = arith.select %d, %one, %z : f64
    dist.yield %s : f64
  }
  %errors = dist.reduce sum %ne : !dist.tensor<?x?xf64> -> f64
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
