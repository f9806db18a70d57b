// bench/shard: the weight-stationary feed-forward layer sigmoid(A @ B) @ C
// of samples/shard/feed-forward.mlir, 256x512 @ 512x1024 @ 1024x256 f64, on a
// 1-D grid of P processes (bench/shard/run.sh sets P in the text). A is
// replicated, B split by columns, C by rows: each process computes its
// columns of the hidden layer and its partial product with no
// communication, and one all_reduce sums the partial products. The timed
// region (from @main's call of @now just before the call of @ff to the call
// of @now inside it) holds the local slices of B and C, both products, the
// sigmoid and the all_reduce (calls are barriers for distruntime-overlap-comm,
// so its wait stays inside). Prints the slowest rank's best time over
// `--reps` calls and the sum of Y.
shard.grid @grid0(shape = 2)

func.func private @now() -> f64 {
  %t = dist.wtime : f64
  return %t : f64
}

func.func @ff(%a: tensor<256x512xf64>, %b: tensor<512x1024xf64>, %c: tensor<1024x256xf64>, %t0: f64) -> (tensor<256x256xf64>, f64) {
  %cols = shard.sharding @grid0 split_axes = [[], [0]] : !shard.sharding
  %rows = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %repl = shard.sharding @grid0 split_axes = [[]] : !shard.sharding
  %bs = shard.shard %b to %cols : tensor<512x1024xf64>
  %cs = shard.shard %c to %rows : tensor<1024x256xf64>
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %e0 = tensor.empty() : tensor<256x1024xf64>
  %h0 = linalg.fill ins(%zero : f64) outs(%e0 : tensor<256x1024xf64>) -> tensor<256x1024xf64>
  %h = linalg.matmul ins(%a, %bs : tensor<256x512xf64>, tensor<512x1024xf64>)
                     outs(%h0 : tensor<256x1024xf64>) -> tensor<256x1024xf64>
  %e2 = tensor.empty() : tensor<256x1024xf64>
  %sig = linalg.generic {
      indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
      iterator_types = ["parallel", "parallel"]}
      ins(%h : tensor<256x1024xf64>) outs(%e2 : tensor<256x1024xf64>) {
  ^bb0(%x: f64, %out: f64):
    %n = arith.negf %x : f64
    %ex = math.exp %n : f64
    %d = arith.addf %one, %ex : f64
    %s = arith.divf %one, %d : f64
    linalg.yield %s : f64
  } -> tensor<256x1024xf64>
  %e1 = tensor.empty() : tensor<256x256xf64>
  %y0 = linalg.fill ins(%zero : f64) outs(%e1 : tensor<256x256xf64>) -> tensor<256x256xf64>
  %y = linalg.matmul ins(%sig, %cs : tensor<256x1024xf64>, tensor<1024x256xf64>)
                     outs(%y0 : tensor<256x256xf64>) -> tensor<256x256xf64>
  %yr = shard.shard %y to %repl : tensor<256x256xf64>
  %t1 = func.call @now() : () -> f64
  %dt = arith.subf %t1, %t0 : f64
  return %yr, %dt : tensor<256x256xf64>, f64
}

func.func @input(%rows: index, %cols: index, %scale: f64) -> tensor<?x?xf64> {
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
    %f = arith.sitofp %r : i64 to f64
    %v = arith.mulf %f, %scale : f64
    tensor.yield %v : f64
  } : tensor<?x?xf64>
  return %t : tensor<?x?xf64>
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
  %a0 = call @input(%m, %k, %sa) : (index, index, f64) -> tensor<?x?xf64>
  %b0 = call @input(%k, %h, %sb) : (index, index, f64) -> tensor<?x?xf64>
  %c0t = call @input(%h, %o, %sc) : (index, index, f64) -> tensor<?x?xf64>
  %a = tensor.cast %a0 : tensor<?x?xf64> to tensor<256x512xf64>
  %b = tensor.cast %b0 : tensor<?x?xf64> to tensor<512x1024xf64>
  %c = tensor.cast %c0t : tensor<?x?xf64> to tensor<1024x256xf64>
  %inf = arith.constant 1.0e30 : f64
  %y0 = tensor.empty() : tensor<256x256xf64>
  %best, %y = scf.for %r = %c0 to %reps step %c1 iter_args(%bi = %inf, %yi = %y0) -> (f64, tensor<256x256xf64>) {
    %t0 = func.call @now() : () -> f64
    %yn, %dt = func.call @ff(%a, %b, %c, %t0) : (tensor<256x512xf64>, tensor<512x1024xf64>, tensor<1024x256xf64>, f64) -> (tensor<256x256xf64>, f64)
    %slowest = dist.allreduce %dt max : f64
    %mn = arith.minimumf %bi, %slowest : f64
    scf.yield %mn, %yn : f64, tensor<256x256xf64>
  }
  %zero = arith.constant 0.0 : f64
  %sum = scf.for %i = %c0 to %m step %c1 iter_args(%si = %zero) -> (f64) {
    %row = scf.for %j = %c0 to %o step %c1 iter_args(%sj = %si) -> (f64) {
      %x = tensor.extract %y[%i, %j] : tensor<256x256xf64>
      %s = arith.addf %sj, %x : f64
      scf.yield %s : f64
    }
    scf.yield %row : f64
  }
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
