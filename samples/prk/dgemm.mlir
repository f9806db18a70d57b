// Parallel Research Kernels: DGEMM
//
//   repeat iterations + 1 times: C += A B     (A[i,j] = B[i,j] = j, C = 0; n x n)
//
// as the PRK specification states it: the first iteration is not timed (the
// timer starts after a barrier before the second), the time is the slowest
// rank's. Validation: the checksum sum(C) against PRK's reference
// 0.25 n^3 (n - 1)^2 (iterations + 1), relative error below 1e-8. Rate
// (PRK's formula): 2 n^3 flops per iteration, MFlop/s = 1e-6 * 2 n^3 /
// seconds per iteration.
//
// By default the matrices are in the 2-D blocks of a run-time process grid
// and dist.matmul is SUMMA (PRK MPI1's algorithm: panels of A broadcast
// along grid rows, of B along grid columns); with --rows they are in row
// blocks and each rank fetches B in column panels. The products are
// packed, tiled and vectorized by the pipeline (docs/dist.md, "Matrix
// products").
//
//   distc -O3 samples/prk/dgemm.mlir -o dgemm
//   mpirun -n 2 ./dgemm --iterations 5 --n 4096
!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
!R = !dist.tensor<?x?xf64>

func.func @main() {
  %iterations = dist.param "iterations" default 5 : index
  %n = dist.param "n" default 500 : index
  %rows = dist.param "rows" default false : i1

  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f64
  %a = dist.generate (%n, %n) : !R {
  ^bb0(%i: index, %j: index):
    %v = arith.index_cast %j : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %c = dist.full %zero (%n, %n) : !R

  // A and B are the same matrix; the kernel takes it twice, as PRK does.
  %time, %checksum = scf.if %rows -> (f64, f64) {
    %t, %s = func.call @dgemm_rows(%a, %a, %c, %iterations) : (!R, !R, !R, index) -> (f64, f64)
    scf.yield %t, %s : f64, f64
  } else {
    %ag = dist.repartition %a : !R -> !G
    %cg = dist.repartition %c : !R -> !G
    %t, %s = func.call @dgemm_grid(%ag, %ag, %cg, %iterations) : (!G, !G, !G, index) -> (f64, f64)
    scf.yield %t, %s : f64, f64
  }

  // PRK's reference checksum and rate.
  %one = arith.constant 1.0 : f64
  %quarter = arith.constant 0.25 : f64
  %two = arith.constant 2.0 : f64
  %n_i = arith.index_cast %n : index to i64
  %nf = arith.sitofp %n_i : i64 to f64
  %it_i = arith.index_cast %iterations : index to i64
  %itf = arith.sitofp %it_i : i64 to f64
  %steps = arith.addf %itf, %one : f64
  %n2 = arith.mulf %nf, %nf : f64
  %n3 = arith.mulf %n2, %nf : f64
  %nm1 = arith.subf %nf, %one : f64
  %nm1sq = arith.mulf %nm1, %nm1 : f64
  %r0 = arith.mulf %quarter, %n3 : f64
  %r1 = arith.mulf %r0, %nm1sq : f64
  %reference = arith.mulf %r1, %steps : f64
  %diff = arith.subf %checksum, %reference : f64
  %adiff = math.absf %diff : f64
  %err = arith.divf %adiff, %reference : f64
  %epsilon = arith.constant 1.0e-8 : f64
  %valid = arith.cmpf olt, %err, %epsilon : f64
  %avg = arith.divf %time, %itf : f64
  %flops = arith.mulf %two, %n3 : f64
  %mega = arith.constant 1.0e-6 : f64
  %mflops = arith.mulf %mega, %flops : f64
  %rate = arith.divf %mflops, %avg : f64

  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    scf.if %valid {
      vector.print str "Solution validates\n"
    } else {
      vector.print str "ERROR: the checksum differs from the reference\n"
    }
  }
  scf.if %root {
    vector.print str "Rate (MFlops/s): "
  }
  dist.print %rate : f64
  scf.if %root {
    vector.print str "Avg time (s): "
  }
  dist.print %avg : f64
  return
}

// iterations + 1 times C += A B, the first untimed; returns the slowest
// rank's time of the timed ones and sum(C). Row blocks.
func.func private @dgemm_rows(%a: !R, %b: !R, %c0: !R, %iterations: index) -> (f64, f64) {
  %zero = arith.constant 0.0 : f64
  %ab0 = dist.matmul %a, %b : !R, !R -> !R
  %c1 = dist.add %c0, %ab0 : !R
  %sync = dist.allreduce %zero sum : f64
  %t0 = dist.wtime : f64
  %lb = arith.constant 0 : index
  %step = arith.constant 1 : index
  %c = scf.for %it = %lb to %iterations step %step iter_args(%ci = %c1) -> (!R) {
    %ab = dist.matmul %a, %b : !R, !R -> !R
    %cn = dist.add %ci, %ab : !R
    scf.yield %cn : !R
  }
  // Every rank's products are done when the checksum has its value.
  %checksum = dist.reduce sum %c : !R -> f64
  %t1 = dist.wtime : f64
  %dt = arith.subf %t1, %t0 : f64
  %time = dist.allreduce %dt max : f64
  return %time, %checksum : f64, f64
}

// The same on the 2-D blocks of the run-time grid: SUMMA.
func.func private @dgemm_grid(%a: !G, %b: !G, %c0: !G, %iterations: index) -> (f64, f64) {
  %zero = arith.constant 0.0 : f64
  %ab0 = dist.matmul %a, %b : !G, !G -> !G
  %c1 = dist.add %c0, %ab0 : !G
  %sync = dist.allreduce %zero sum : f64
  %t0 = dist.wtime : f64
  %lb = arith.constant 0 : index
  %step = arith.constant 1 : index
  %c = scf.for %it = %lb to %iterations step %step iter_args(%ci = %c1) -> (!G) {
    %ab = dist.matmul %a, %b : !G, !G -> !G
    %cn = dist.add %ci, %ab : !G
    scf.yield %cn : !G
  }
  %checksum = dist.reduce sum %c : !G -> f64
  %t1 = dist.wtime : f64
  %dt = arith.subf %t1, %t0 : f64
  %time = dist.allreduce %dt max : f64
  return %time, %checksum : f64, f64
}
