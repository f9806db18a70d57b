// prk-stencil: the Parallel Research Kernels' Stencil, to its
// specification: an N x N grid of doubles on a 2-D process grid
// (`grid = [?, ?], split = [0, 1]`), a star stencil of radius R = 2 with
// the PRK weights
//
//   W[0][i] = W[i][0] = 1 / (2 i R),  W[0][-i] = W[-i][0] = -1 / (2 i R)
//
// (i = 1..R, all others 0), in[i][j] = i + j and out = 0 at the start. Each
// iteration adds the stencil of `in` into `out` on the active points
// R <= i, j < N - R, then adds 1 to every point of `in`:
//
//   out[i][j] += sum_k W_k in[(i, j) + k]     (active points)
//   in[i][j]  += 1                            (all points)
//
// Iteration 0 is not timed; the timer runs over iterations 1..I (the
// slowest rank's time). Validation: the mean of |out| over the active
// points equals (I + 1) (COEFX + COEFY) = 2 (I + 1), to 1e-8. The rate
// counts (2 (4R + 1) + 1) flops per active point and iteration, as PRK does.
//
// The step is a function taking and returning both arrays: the compiler
// accumulates into `out` and increments `in` in their own buffers (nothing
// is allocated per iteration), splits the stencil into the interior and the
// frame around the halo exchange (docs/dist.md, "Stencils"), and the star
// needs no corners, so each rank sends one message per grid neighbour.
//
//   distc -O3 samples/prk/stencil.mlir -o prk-stencil
//   mpirun -n 2 ./prk-stencil --n 8192 --iterations 20
//
// prints (any --n, any number of ranks; the rate varies)
//
//   Solution validates
//   Rate (MFlops/s) 12345.6
//   Avg time (s) 0.0123456

!grid = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>

// One PRK iteration: out += stencil(in) on [2, n - 2)^2, then in += 1.
func.func private @prk_step(%in: !grid, %out: !grid, %n: index) -> (!grid, !grid) {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %c2 = arith.constant 2 : index
  %w1 = arith.constant 0.25 : f64
  %w2 = arith.constant 0.125 : f64
  %m1 = arith.constant -0.25 : f64
  %m2 = arith.constant -0.125 : f64
  %hi = arith.subi %n, %c2 : index
  %n2 = dist.shift %in offsets [-2, 0] fill %zero : !grid
  %n1 = dist.shift %in offsets [-1, 0] fill %zero : !grid
  %s1 = dist.shift %in offsets [1, 0] fill %zero : !grid
  %s2 = dist.shift %in offsets [2, 0] fill %zero : !grid
  %w2s = dist.shift %in offsets [0, -2] fill %zero : !grid
  %w1s = dist.shift %in offsets [0, -1] fill %zero : !grid
  %e1 = dist.shift %in offsets [0, 1] fill %zero : !grid
  %e2 = dist.shift %in offsets [0, 2] fill %zero : !grid
  %acc = dist.elementwise %out, %n2, %n1, %s1, %s2, %w2s, %w1s, %e1, %e2
      : !grid, !grid, !grid, !grid, !grid, !grid, !grid, !grid, !grid -> !grid {
  ^bb0(%o: f64, %a: f64, %b: f64, %c: f64, %d: f64, %e: f64, %f: f64, %g: f64, %h: f64):
    %i = dist.index 0 : index
    %j = dist.index 1 : index
    %i_lo = arith.cmpi sge, %i, %c2 : index
    %i_hi = arith.cmpi slt, %i, %hi : index
    %j_lo = arith.cmpi sge, %j, %c2 : index
    %j_hi = arith.cmpi slt, %j, %hi : index
    %i_in = arith.andi %i_lo, %i_hi : i1
    %j_in = arith.andi %j_lo, %j_hi : i1
    %active = arith.andi %i_in, %j_in : i1
    // PRK's expanded body: out += (the eight weighted neighbours, in
    // its order).
    %t0 = arith.mulf %a, %m2 : f64
    %t1 = arith.mulf %b, %m1 : f64
    %t2 = arith.mulf %e, %m2 : f64
    %t3 = arith.mulf %f, %m1 : f64
    %t4 = arith.mulf %g, %w1 : f64
    %t5 = arith.mulf %h, %w2 : f64
    %t6 = arith.mulf %c, %w1 : f64
    %t7 = arith.mulf %d, %w2 : f64
    %u0 = arith.addf %t0, %t1 : f64
    %u1 = arith.addf %u0, %t2 : f64
    %u2 = arith.addf %u1, %t3 : f64
    %u3 = arith.addf %u2, %t4 : f64
    %u4 = arith.addf %u3, %t5 : f64
    %u5 = arith.addf %u4, %t6 : f64
    %u6 = arith.addf %u5, %t7 : f64
    %u7 = arith.addf %o, %u6 : f64
    %r = arith.select %active, %u7, %o : f64
    dist.yield %r : f64
  }
  %next = dist.elementwise %in : !grid -> !grid {
  ^bb0(%x: f64):
    %y = arith.addf %x, %one : f64
    dist.yield %y : f64
  }
  return %next, %acc : !grid, !grid
}

func.func @main() {
  %n = dist.param "n" default 1000 : index
  %iterations = dist.param "iterations" default 10 : index

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %tol = arith.constant 1.0e-8 : f64

  // in[i][j] = COEFX i + COEFY j, COEFX = COEFY = 1.
  %in0 = dist.generate (%n, %n) : !grid {
  ^bb0(%i: index, %j: index):
    %ij = arith.addi %i, %j : index
    %v = arith.index_cast %ij : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %out0 = dist.full %zero (%n, %n) : !grid

  // Iteration 0, untimed.
  %in1, %out1 = func.call @prk_step(%in0, %out0, %n)
      : (!grid, !grid, index) -> (!grid, !grid)

  %sync = dist.allreduce %c0 sum : index
  %t0 = dist.wtime : f64
  %in, %out = scf.for %it = %c0 to %iterations step %c1
      iter_args(%a = %in1, %b = %out1) -> (!grid, !grid) {
    %an, %bn = func.call @prk_step(%a, %b, %n)
        : (!grid, !grid, index) -> (!grid, !grid)
    scf.yield %an, %bn : !grid, !grid
  }
  %t1 = dist.wtime : f64
  %dt = arith.subf %t1, %t0 : f64
  %elapsed = dist.allreduce %dt max : f64

  // norm = sum over the active points of |out| / their number.
  %hi = arith.subi %n, %c2 : index
  %abs = dist.elementwise %out : !grid -> !grid {
  ^bb0(%x: f64):
    %i = dist.index 0 : index
    %j = dist.index 1 : index
    %i_lo = arith.cmpi sge, %i, %c2 : index
    %i_hi = arith.cmpi slt, %i, %hi : index
    %j_lo = arith.cmpi sge, %j, %c2 : index
    %j_hi = arith.cmpi slt, %j, %hi : index
    %i_in = arith.andi %i_lo, %i_hi : i1
    %j_in = arith.andi %j_lo, %j_hi : i1
    %active = arith.andi %i_in, %j_in : i1
    %ax = math.absf %x : f64
    %v = arith.select %active, %ax, %zero : f64
    dist.yield %v : f64
  }
  %total = dist.reduce sum %abs : !grid -> f64
  %side = arith.subi %n, %c4 : index
  %points = arith.muli %side, %side : index
  %points_i = arith.index_cast %points : index to i64
  %points_f = arith.sitofp %points_i : i64 to f64
  %norm = arith.divf %total, %points_f : f64
  %it_i = arith.index_cast %iterations : index to i64
  %it_f = arith.sitofp %it_i : i64 to f64
  %steps = arith.addf %it_f, %one : f64
  %reference = arith.mulf %steps, %two : f64
  %diff = arith.subf %norm, %reference : f64
  %err = math.absf %diff : f64
  %ok = arith.cmpf olt, %err, %tol : f64

  // flops = (2 stencil_size + 1) active points, stencil_size = 4 R + 1 = 9.
  %flops_per = arith.constant 19.0 : f64
  %flops = arith.mulf %flops_per, %points_f : f64
  %avg = arith.divf %elapsed, %it_f : f64
  %mega = arith.constant 1.0e-6 : f64
  %mf = arith.mulf %flops, %mega : f64
  %rate = arith.divf %mf, %avg : f64

  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %ok {
    scf.if %root {
      vector.print str "Solution validates\n"
      vector.print str "Rate (MFlops/s) "
    }
    dist.print %rate : f64
    scf.if %root {
      vector.print str "Avg time (s) "
    }
    dist.print %avg : f64
  } else {
    scf.if %root {
      vector.print str "ERROR: L1 norm = "
    }
    dist.print %norm precision = 17 : f64
    scf.if %root {
      vector.print str "Reference L1 norm = "
    }
    dist.print %reference precision = 17 : f64
  }
  return
}
