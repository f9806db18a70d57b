// matmul: C = A B with dist.matmul, checked against a closed form.
//
//   A[i,k] = i + k,  B[k,j] = k - j   (n x n, row blocks)
//   C[i,j] = sum_k (i + k)(k - j) = (i - j) S1 - n i j + S2,
//   S1 = sum_k k = n(n-1)/2,  S2 = sum_k k^2 = (n-1)n(2n-1)/6
//
// A and B are in row blocks, so each rank computes its rows of C from all
// of B, which dist.matmul fetches in column panels, double-buffered: the
// next panel travels while the current one is multiplied (docs/dist.md,
// "Matrix products"). The local
// products are linalg.matmul, packed, tiled and vectorized by the pipeline
// at -O2 and above (distc-tile-matmul). All values are integers below
// 2^53, so the result is exact and the output the same on any number of
// ranks:
//
//   errors 0
//   sum 2.6666e+10
//   max 6.6068e+06
//   min -5.2735e+06            (n = 200)
//
// With --summa the product is SUMMA on a run-time process grid instead
// (A and B are moved to the grid's 2-D blocks before the clock starts, the
// panels of A are broadcast along grid rows and those of B along grid
// columns, and C is moved back to row blocks for the checks after it
// stops); the output is the same.
//
// The size is the parameter --n; --verbose also prints the time of the
// product and its rate (the slowest rank's time); --reps R runs the
// product R times and prints the best (default 1: one cold call, which
// also pays for the first touch of its buffers):
//
//   distc samples/matmul.mlir -o matmul && mpirun -n 4 ./matmul --n 1000
//   mpirun -n 6 ./matmul --n 1000 --summa
//   mpirun -n 2 ./matmul --n 4096 --verbose --reps 3   (bench/matmul/README.md)

!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>

func.func @main() {
  %n = dist.param "n" default 200 : index
  %verbose = dist.param "verbose" default false : i1
  %summa = dist.param "summa" default false : i1

  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %six = arith.constant 6.0 : f64
  %a = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %k: index):
    %s = arith.addi %i, %k : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %b = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%k: index, %j: index):
    %s = arith.subi %k, %j : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }

  // The product, timed: --reps R repeats it and keeps the best time (the
  // first call also pays for fresh pages; later ones reuse the buffers
  // the runtime kept, as a library call in a loop would). SUMMA is timed
  // on A, B and C in the grid's blocks, as ScaLAPACK's pdgemm is on its
  // own layout: the moves to the grid and back are outside the clock.
  %reps_param = dist.param "reps" default 1 : index
  %slowest, %c = scf.if %summa -> (f64, !dist.tensor<?x?xf64>) {
    %ag = dist.repartition %a : !dist.tensor<?x?xf64> -> !G
    %bg = dist.repartition %b : !dist.tensor<?x?xf64> -> !G
    %t, %cg = func.call @timed_summa(%ag, %bg, %reps_param)
        : (!G, !G, index) -> (f64, !G)
    %cr = dist.repartition %cg : !G -> !dist.tensor<?x?xf64>
    scf.yield %t, %cr : f64, !dist.tensor<?x?xf64>
  } else {
    %t, %cr = func.call @timed_rows(%a, %b, %reps_param)
        : (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, index)
       -> (f64, !dist.tensor<?x?xf64>)
    scf.yield %t, %cr : f64, !dist.tensor<?x?xf64>
  }
  %s0 = dist.reduce sum %c : !dist.tensor<?x?xf64> -> f64

  // The closed form, element by element.
  %n_i = arith.index_cast %n : index to i64
  %nf = arith.sitofp %n_i : i64 to f64
  %nm1 = arith.subf %nf, %one : f64
  %nnm1 = arith.mulf %nf, %nm1 : f64
  %s1 = arith.divf %nnm1, %two : f64
  %n2m1 = arith.subf %nf, %one : f64
  %n2 = arith.addf %n2m1, %nf : f64
  %p = arith.mulf %nnm1, %n2 : f64
  %s2 = arith.divf %p, %six : f64
  %absdiff = dist.elementwise %c : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%x: f64):
    %i = dist.index 0 : index
    %j = dist.index 1 : index
    %iv = arith.index_cast %i : index to i64
    %jv = arith.index_cast %j : index to i64
    %fi = arith.sitofp %iv : i64 to f64
    %fj = arith.sitofp %jv : i64 to f64
    %d = arith.subf %fi, %fj : f64
    %t = arith.mulf %d, %s1 : f64
    %ij = arith.mulf %fi, %fj : f64
    %nij = arith.mulf %nf, %ij : f64
    %u = arith.subf %t, %nij : f64
    %e = arith.addf %u, %s2 : f64
    %r = arith.subf %x, %e : f64
    %ad = math.absf %r : f64
    dist.yield %ad : f64
  }
  %errors = dist.reduce sum %absdiff : !dist.tensor<?x?xf64> -> f64
  %max = dist.reduce max %c : !dist.tensor<?x?xf64> -> f64
  %min = dist.reduce min %c : !dist.tensor<?x?xf64> -> f64

  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print str "errors "
  }
  dist.print %errors : f64
  scf.if %root {
    vector.print str "sum "
  }
  dist.print %s0 : f64
  scf.if %root {
    vector.print str "max "
  }
  dist.print %max : f64
  scf.if %root {
    vector.print str "min "
  }
  dist.print %min : f64

  scf.if %verbose {
    %flops0 = arith.mulf %nf, %nf : f64
    %flops1 = arith.mulf %flops0, %nf : f64
    %flops = arith.mulf %flops1, %two : f64
    %rate = arith.divf %flops, %slowest : f64
    %giga = arith.constant 1.0e9 : f64
    %gflops = arith.divf %rate, %giga : f64
    scf.if %root {
      vector.print str "seconds "
    }
    dist.print %slowest : f64
    scf.if %root {
      vector.print str "gflops "
    }
    dist.print %gflops : f64
  }
  return
}

// The best time (the slowest rank's) of `reps` (at least 1) products C = A B
// and the last C, with A, B and C in row blocks: B is fetched in column
// panels.
func.func private @timed_rows(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<?x?xf64>,
                              %reps: index) -> (f64, !dist.tensor<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %inf = arith.constant 0x7FF0000000000000 : f64
  %n = arith.maxui %reps, %c1 : index
  // (C has A's type; A only seeds the loop-carried value.)
  %best, %c = scf.for %r = %c0 to %n step %c1
      iter_args(%bt = %inf, %cprev = %a) -> (f64, !dist.tensor<?x?xf64>) {
    %t0 = dist.wtime : f64
    %cr = dist.matmul %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>
                            -> !dist.tensor<?x?xf64>
    // Every rank's product is done when the reduction below has its
    // value: time up to a collective that needs all of C.
    %s = dist.reduce sum %cr : !dist.tensor<?x?xf64> -> f64
    %t1 = dist.wtime : f64
    %dt = arith.subf %t1, %t0 : f64
    %slowest = dist.allreduce %dt max : f64
    %better = arith.minimumf %bt, %slowest : f64
    scf.yield %better, %cr : f64, !dist.tensor<?x?xf64>
  }
  return %best, %c : f64, !dist.tensor<?x?xf64>
}

// The same with A, B and C in the 2-D blocks of a run-time grid: SUMMA.
func.func private @timed_summa(%a: !G, %b: !G, %reps: index) -> (f64, !G) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %inf = arith.constant 0x7FF0000000000000 : f64
  %n = arith.maxui %reps, %c1 : index
  %best, %c = scf.for %r = %c0 to %n step %c1
      iter_args(%bt = %inf, %cprev = %a) -> (f64, !G) {
    %t0 = dist.wtime : f64
    %cr = dist.matmul %a, %b : !G, !G -> !G
    %s = dist.reduce sum %cr : !G -> f64
    %t1 = dist.wtime : f64
    %dt = arith.subf %t1, %t0 : f64
    %slowest = dist.allreduce %dt max : f64
    %better = arith.minimumf %bt, %slowest : f64
    scf.yield %better, %cr : f64, !G
  }
  return %best, %c : f64, !G
}
