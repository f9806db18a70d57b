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
// (C's type is grid = [?, ?]: A and B are moved to the grid's 2-D blocks,
// the panels of A are broadcast along grid rows and those of B along grid
// columns, and C is moved back to row blocks for the checks); the output
// is the same.
//
// The size is the parameter --n; --verbose also prints the time of the
// product and its rate (the slowest rank's time); --reps R runs the
// product R times and prints the best (default 1: one cold call, which
// also pays for the first touch of its buffers):
//
//   distc samples/matmul.mlir -o matmul && mpirun -n 4 ./matmul --n 1000
//   mpirun -n 6 ./matmul --n 1000 --summa
//   mpirun -n 2 ./matmul --n 4096 --verbose --reps 3   (bench/matmul/README.md)

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
  // the runtime kept, as a library call in a loop would).
  %c1 = arith.constant 1 : index
  %inf = arith.constant 0x7FF0000000000000 : f64
  %reps_param = dist.param "reps" default 1 : index
  %reps = arith.maxui %reps_param, %c1 : index
  // (C has A's type; A only seeds the loop-carried value.)
  %slowest, %c = scf.for %r = %c0 to %reps step %c1
      iter_args(%best = %inf, %cprev = %a) -> (f64, !dist.tensor<?x?xf64>) {
    %t0 = dist.wtime : f64
    %cr = func.call @product(%a, %b, %summa)
        : (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, i1) -> !dist.tensor<?x?xf64>
    // Every rank's product is done when the reduction below has its
    // value: time up to a collective that needs all of C.
    %sr = dist.reduce sum %cr : !dist.tensor<?x?xf64> -> f64
    %t1 = dist.wtime : f64
    %dt = arith.subf %t1, %t0 : f64
    %dt_max = dist.allreduce %dt max : f64
    %better = arith.minimumf %best, %dt_max : f64
    scf.yield %better, %cr : f64, !dist.tensor<?x?xf64>
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

// C = A B: row blocks (B fetched in column panels), or SUMMA on a run-time
// grid and C moved back to row blocks.
func.func private @product(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<?x?xf64>,
                           %summa: i1) -> !dist.tensor<?x?xf64> {
  %c = scf.if %summa -> (!dist.tensor<?x?xf64>) {
    %cg = dist.matmul %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>
                            -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
    %cr = dist.repartition %cg : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
                              -> !dist.tensor<?x?xf64>
    scf.yield %cr : !dist.tensor<?x?xf64>
  } else {
    %cr = dist.matmul %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>
                            -> !dist.tensor<?x?xf64>
    scf.yield %cr : !dist.tensor<?x?xf64>
  }
  return %c : !dist.tensor<?x?xf64>
}
