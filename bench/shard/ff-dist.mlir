// bench/shard: the feed-forward layer sigmoid(A @ B) @ C of ff-shard.mlir
// as a dist program (256x512 @ 512x1024 @ 1024x256 f64, the same inputs). dist
// has no replicated tensors: A is in row blocks, B and the hidden layer in
// column blocks (split = 1), C in row blocks. The first dist.matmul fetches
// A in row panels (M x K received per rank, the only difference from the
// shard program, whose A is replicated) and computes this rank's columns
// of the hidden layer; the second multiplies them by this rank's rows of C
// and allreduces the M x O partial products. The timed region is the two
// products and the sigmoid, between two calls of @now. Prints the slowest
// rank's best time over `--reps` and the sum of Y.
func.func private @now() -> f64 {
  %t = dist.wtime : f64
  return %t : f64
}

func.func @input(%rows: index, %cols: index, %scale: f64) -> !dist.tensor<?x?xf64> {
  %t = dist.generate (%rows, %cols) : !dist.tensor<?x?xf64> {
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
    %f = arith.sitofp %r : i64 to f64
    %v = arith.mulf %f, %scale : f64
    dist.yield %v : f64
  }
  return %t : !dist.tensor<?x?xf64>
}

func.func @main() {
  %reps = dist.param "reps" default 5 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = arith.constant 256 : index
  %k = arith.constant 512 : index
  %h = arith.constant 1024 : index
  %o = arith.constant 256 : index
  %sa = arith.constant 0.125 : f64
  %sb = arith.constant 0.001953125 : f64
  %sc = arith.constant 0.25 : f64
  %a = call @input(%m, %k, %sa) : (index, index, f64) -> !dist.tensor<?x?xf64>
  %b0 = call @input(%k, %h, %sb) : (index, index, f64) -> !dist.tensor<?x?xf64>
  %c = call @input(%h, %o, %sc) : (index, index, f64) -> !dist.tensor<?x?xf64>
  %b = dist.repartition %b0 : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64, split = 1>
  %one = arith.constant 1.0 : f64
  %inf = arith.constant 1.0e30 : f64
  %zero = arith.constant 0.0 : f64
  %y0 = dist.full %zero (%m, %o) : !dist.tensor<?x?xf64>
  %best, %y = scf.for %r = %c0 to %reps step %c1 iter_args(%bi = %inf, %yi = %y0) -> (f64, !dist.tensor<?x?xf64>) {
    %t0 = func.call @now() : () -> f64
    %hd = dist.matmul %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64, split = 1> -> !dist.tensor<?x?xf64, split = 1>
    %sig = dist.elementwise %hd : !dist.tensor<?x?xf64, split = 1> -> !dist.tensor<?x?xf64, split = 1> {
    ^bb0(%x: f64):
      %n = arith.negf %x : f64
      %ex = math.exp %n : f64
      %d = arith.addf %one, %ex : f64
      %s = arith.divf %one, %d : f64
      dist.yield %s : f64
    }
    %yn = dist.matmul %sig, %c : !dist.tensor<?x?xf64, split = 1>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
    %t1 = func.call @now() : () -> f64
    %dt = arith.subf %t1, %t0 : f64
    %slowest = dist.allreduce %dt max : f64
    %mn = arith.minimumf %bi, %slowest : f64
    scf.yield %mn, %yn : f64, !dist.tensor<?x?xf64>
  }
  %sum = dist.reduce sum %y : !dist.tensor<?x?xf64> -> f64
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print str "sum "
    vector.print %sum : f64
    vector.print str "seconds "
    vector.print %best : f64
  }
  return
}
