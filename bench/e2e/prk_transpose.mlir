// bench/e2e: the PRK transpose kernel of samples/transpose.mlir,
//
//   repeat: B += A^T; A += 1        (A[i,j] = i*N + j, B = 0 initially)
//
// timed inside the program as the C + MPI version (bench/e2e/prk_transpose.c)
// times itself: after an untimed warm-up of 2 iterations (the first one
// builds the plan and faults in the buffers), --reps runs of --iterations
// iterations, each timed with dist.wtime; a run's time is its slowest
// rank's. Prints the number of wrong elements of B against the closed form
// after all k iterations, B[i,j] = k*(j*N + i) + k*(k-1)/2, and the best
// run's seconds per iteration:
//
//   distc -O2 bench/e2e/prk_transpose.mlir -o prk
//   mpirun -n 2 ./prk --n 8192 --iterations 20 --reps 3
func.func @main() {
  %n = dist.param "n" default 1024 : index
  %iterations = dist.param "iterations" default 20 : index
  %reps = dist.param "reps" default 3 : index

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %inf = arith.constant 0x7FF0000000000000 : f64

  %a0 = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %row = arith.muli %i, %n : index
    %ij = arith.addi %row, %j : index
    %v = arith.index_cast %ij : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %b0 = dist.full %zero (%n, %n) : !dist.tensor<?x?xf64>

  // The warm-up, untimed.
  %aw, %bw = scf.for %it = %c0 to %c2 step %c1
      iter_args(%ai = %a0, %bi = %b0)
      -> (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>) {
    %at = dist.permute %ai axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
    %bn = dist.add %bi, %at : !dist.tensor<?x?xf64>
    %an = dist.elementwise %ai : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
    ^bb0(%x: f64):
      %y = arith.addf %x, %one : f64
      dist.yield %y : f64
    }
    scf.yield %an, %bn : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>
  }

  // The timed runs: the same loop, the best run kept.
  %a, %b, %best = scf.for %r = %c0 to %reps step %c1
      iter_args(%ar = %aw, %br = %bw, %bestr = %inf)
      -> (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, f64) {
    %t0 = dist.wtime : f64
    %an, %bn = scf.for %it = %c0 to %iterations step %c1
        iter_args(%ai = %ar, %bi = %br)
        -> (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>) {
      %at = dist.permute %ai axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
      %bs = dist.add %bi, %at : !dist.tensor<?x?xf64>
      %as = dist.elementwise %ai : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
      ^bb0(%x: f64):
        %y = arith.addf %x, %one : f64
        dist.yield %y : f64
      }
      scf.yield %as, %bs : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>
    }
    %t1 = dist.wtime : f64
    %dt = arith.subf %t1, %t0 : f64
    %slowest = dist.allreduce %dt max : f64
    %bestn = arith.minimumf %bestr, %slowest : f64
    scf.yield %an, %bn, %bestn : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, f64
  }

  // Validation against the closed form, k = 2 + reps * iterations.
  %timed = arith.muli %reps, %iterations : index
  %k_idx = arith.addi %timed, %c2 : index
  %k_i = arith.index_cast %k_idx : index to i64
  %k = arith.sitofp %k_i : i64 to f64
  %km1 = arith.subf %k, %one : f64
  %two = arith.constant 2.0 : f64
  %kk = arith.mulf %k, %km1 : f64
  %tri = arith.divf %kk, %two : f64
  %wrong = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %col = arith.muli %j, %n : index
    %ji = arith.addi %col, %i : index
    %v = arith.index_cast %ji : index to i64
    %f = arith.sitofp %v : i64 to f64
    %kf = arith.mulf %k, %f : f64
    %e = arith.addf %kf, %tri : f64
    dist.yield %e : f64
  }
  %miss = dist.elementwise %b, %wrong : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%x: f64, %e: f64):
    %ne = arith.cmpf une, %x, %e : f64
    %m = arith.select %ne, %one, %zero : f64
    dist.yield %m : f64
  }
  %errors = dist.reduce sum %miss : !dist.tensor<?x?xf64> -> f64

  %it64 = arith.index_cast %iterations : index to i64
  %itf = arith.sitofp %it64 : i64 to f64
  %per = arith.divf %best, %itf : f64
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print str "errors "
  }
  dist.print %errors : f64
  scf.if %root {
    vector.print str "seconds per iteration "
  }
  dist.print %per : f64
  return
}
