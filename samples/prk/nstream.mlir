// Parallel Research Kernels: Nstream, the STREAM triad variant
//
//   repeat iterations + 1 times: A += B + s C      (A = 0, B = 2, C = 2, s = 3)
//
// as the PRK specification states it: the vectors are distributed in
// balanced blocks over the ranks (no communication in the loop), the first
// iteration is not timed (the timer starts after a barrier before the
// second), the time is the slowest rank's. Validation: every element of A
// is the scalar recurrence a <- a + 2 + 3 * 2 run iterations + 1 times, so
// sum |A| must be length times it (relative error below 1e-8). Rate (PRK's
// formula): 4 words of 8 bytes per element per iteration (A read and
// written, B and C read), MB/s = 1e-6 * 32 * length / seconds per
// iteration.
//
//   distc -O3 samples/prk/nstream.mlir -o nstream
//   mpirun -n 2 ./nstream --iterations 10 --length 134217728
func.func @main() {
  %iterations = dist.param "iterations" default 10 : index
  %length = dist.param "length" default 1000000 : index

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %two = arith.constant 2.0 : f64
  %scalar = arith.constant 3.0 : f64

  // B and C hold 2.0 everywhere, as PRK's C code initializes them, but
  // computed from the index: B[j] = (2j + 2) / (j + 1), C[j] = (2j + 4) /
  // (j + 2), exactly 2.0 for every j < 2^52. From `dist.full`, or from a
  // body cheaper than a load, the compiler would know or recompute them
  // inside the update (A += 8: 1 array streamed, not PRK's 3); a division
  // is worth keeping in memory (passes/Transforms/FuseElementwise.cpp), so
  // B and C are arrays the loop reads, as in PRK.
  %a0 = dist.full %zero (%length) : !dist.tensor<?xf64>
  %b = dist.generate (%length) : !dist.tensor<?xf64> {
  ^bb0(%j: index):
    %ji = arith.index_cast %j : index to i64
    %jf = arith.sitofp %ji : i64 to f64
    %num = math.fma %jf, %two, %two : f64
    %one = arith.constant 1.0 : f64
    %den = arith.addf %jf, %one : f64
    %v = arith.divf %num, %den : f64
    dist.yield %v : f64
  }
  %c = dist.generate (%length) : !dist.tensor<?xf64> {
  ^bb0(%j: index):
    %ji = arith.index_cast %j : index to i64
    %jf = arith.sitofp %ji : i64 to f64
    %four = arith.constant 4.0 : f64
    %num = math.fma %jf, %two, %four : f64
    %den = arith.addf %jf, %two : f64
    %v = arith.divf %num, %den : f64
    dist.yield %v : f64
  }

  // Iteration 0, untimed.
  %a1 = dist.elementwise %a0, %b, %c : !dist.tensor<?xf64>, !dist.tensor<?xf64>, !dist.tensor<?xf64> -> !dist.tensor<?xf64> {
  ^bb0(%x: f64, %y: f64, %z: f64):
    %sz = arith.mulf %scalar, %z : f64
    %t = arith.addf %y, %sz : f64
    %r = arith.addf %x, %t : f64
    dist.yield %r : f64
  }
  // The barrier before the timer (docs/dist.md: an allreduce of a scalar).
  %sync = dist.allreduce %zero sum : f64
  %t0 = dist.wtime : f64
  %a = scf.for %it = %c0 to %iterations step %c1 iter_args(%ai = %a1) -> (!dist.tensor<?xf64>) {
    %an = dist.elementwise %ai, %b, %c : !dist.tensor<?xf64>, !dist.tensor<?xf64>, !dist.tensor<?xf64> -> !dist.tensor<?xf64> {
    ^bb0(%x: f64, %y: f64, %z: f64):
      %sz = arith.mulf %scalar, %z : f64
      %t = arith.addf %y, %sz : f64
      %r = arith.addf %x, %t : f64
      dist.yield %r : f64
    }
    scf.yield %an : !dist.tensor<?xf64>
  }
  %t1 = dist.wtime : f64
  %dt = arith.subf %t1, %t0 : f64
  %time = dist.allreduce %dt max : f64

  // Validation: the scalar recurrence, then the relative error of sum |A|.
  %steps = arith.addi %iterations, %c1 : index
  %ar = scf.for %k = %c0 to %steps step %c1 iter_args(%v = %zero) -> (f64) {
    %sz = arith.mulf %scalar, %two : f64
    %t = arith.addf %two, %sz : f64
    %vn = arith.addf %v, %t : f64
    scf.yield %vn : f64
  }
  %len_i = arith.index_cast %length : index to i64
  %len = arith.sitofp %len_i : i64 to f64
  %expected = arith.mulf %ar, %len : f64
  %abs = dist.elementwise %a : !dist.tensor<?xf64> -> !dist.tensor<?xf64> {
  ^bb0(%x: f64):
    %y = math.absf %x : f64
    dist.yield %y : f64
  }
  %asum = dist.reduce sum %abs : !dist.tensor<?xf64> -> f64
  %diff = arith.subf %expected, %asum : f64
  %adiff = math.absf %diff : f64
  %err = arith.divf %adiff, %asum : f64
  %epsilon = arith.constant 1.0e-8 : f64
  %valid = arith.cmpf olt, %err, %epsilon : f64

  %it_i = arith.index_cast %iterations : index to i64
  %itf = arith.sitofp %it_i : i64 to f64
  %avg = arith.divf %time, %itf : f64
  %bytes_per = arith.constant 32.0 : f64
  %bytes = arith.mulf %bytes_per, %len : f64
  %mega = arith.constant 1.0e-6 : f64
  %mb = arith.mulf %mega, %bytes : f64
  %rate = arith.divf %mb, %avg : f64

  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    scf.if %valid {
      vector.print str "Solution validates\n"
    } else {
      vector.print str "ERROR: sum of |A| differs from the reference\n"
    }
  }
  scf.if %root {
    vector.print str "Rate (MB/s): "
  }
  dist.print %rate : f64
  scf.if %root {
    vector.print str "Avg time (s): "
  }
  dist.print %avg : f64
  return
}
