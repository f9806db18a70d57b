// stats: mean, variance, minimum and maximum of a large distributed vector.
//
// x[i] is a pseudo-random number in [0, 1) computed from i alone (the
// splitmix64 finalizer, top 20 bits, times 2^-20), so the vector is the same
// whatever the number of ranks: each rank generates only its own block.
// The statistics are `dist.reduce`s (a local reduction, then one
// `distruntime.allreduce` for the scalar):
//
//   mean     = sum(x) / n
//   variance = sum((x - mean)^2) / n     (two passes, numerically stable)
//
// For a uniform distribution the mean is about 1/2 and the variance about
// 1/12 = 0.0833. With n = 1000000:
//
//   n 1000000
//   mean 0.499875
//   variance 0.0832244
//   min 0
//   max 0.999998
//
// Scale it with %n below:
//
//   distc samples/stats.mlir -o stats && mpirun -n 4 ./stats
func.func @main() {
  // Problem size: the length of the vector.
  %n = arith.constant 1000000 : index

  %c0 = arith.constant 0 : index
  %x = dist.generate (%n) : !dist.tensor<?xf64> {
  ^bb0(%i: index):
    // splitmix64(i): z = (i + 1) * golden; then two xor-shift-multiply rounds.
    %golden = arith.constant -7046029254386353131 : i64 // 0x9E3779B97F4A7C15
    %m1 = arith.constant -4658895280553007687 : i64     // 0xBF58476D1CE4E5B9
    %m2 = arith.constant -7723592293110705685 : i64     // 0x94D049BB133111EB
    %s30 = arith.constant 30 : i64
    %s27 = arith.constant 27 : i64
    %s31 = arith.constant 31 : i64
    %s44 = arith.constant 44 : i64
    %one64 = arith.constant 1 : i64
    %scale = arith.constant 9.5367431640625e-07 : f64 // 2^-20
    %ii = arith.index_cast %i : index to i64
    %i1 = arith.addi %ii, %one64 : i64
    %z0 = arith.muli %i1, %golden : i64
    %t1 = arith.shrui %z0, %s30 : i64
    %x1 = arith.xori %z0, %t1 : i64
    %z1 = arith.muli %x1, %m1 : i64
    %t2 = arith.shrui %z1, %s27 : i64
    %x2 = arith.xori %z1, %t2 : i64
    %z2 = arith.muli %x2, %m2 : i64
    %t3 = arith.shrui %z2, %s31 : i64
    %z3 = arith.xori %z2, %t3 : i64
    // The top 20 bits: an integer in [0, 2^20), exact in f64.
    %top = arith.shrui %z3, %s44 : i64
    %f = arith.uitofp %top : i64 to f64
    %v = arith.mulf %f, %scale : f64
    dist.yield %v : f64
  }

  %len_i = arith.index_cast %n : index to i64
  %len = arith.sitofp %len_i : i64 to f64
  %sum = dist.reduce sum %x : !dist.tensor<?xf64> -> f64
  %mean = arith.divf %sum, %len : f64
  %sq = dist.elementwise %x : !dist.tensor<?xf64> -> !dist.tensor<?xf64> {
  ^bb0(%v: f64):
    %d = arith.subf %v, %mean : f64
    %d2 = arith.mulf %d, %d : f64
    dist.yield %d2 : f64
  }
  %sqsum = dist.reduce sum %sq : !dist.tensor<?xf64> -> f64
  %variance = arith.divf %sqsum, %len : f64
  %min = dist.reduce min %x : !dist.tensor<?xf64> -> f64
  %max = dist.reduce max %x : !dist.tensor<?xf64> -> f64

  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print str "n "
  }
  dist.print %n : index
  scf.if %root {
    vector.print str "mean "
  }
  dist.print %mean : f64
  scf.if %root {
    vector.print str "variance "
  }
  dist.print %variance : f64
  scf.if %root {
    vector.print str "min "
  }
  dist.print %min : f64
  scf.if %root {
    vector.print str "max "
  }
  dist.print %max : f64
  return
}
