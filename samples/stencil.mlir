// stencil: Jacobi iterations for the 2-D Poisson problem -lap(u) = f on an
// N x N grid with u = 0 outside (Dirichlet boundary), 5-point stencil:
//
//   u_new[i,j] = 0.25 * (u[i-1,j] + u[i+1,j] + u[i,j-1] + u[i,j+1] + h^2 f[i,j])
//
// The neighbours are `dist.shift`s of u with fill 0 (the boundary value).
// The four shifts of one tensor share a single halo exchange
// (`distruntime.update_halo` of one row above and below each rank's row
// block); shifts along the columns need no communication. The compiler
// computes the interior of each rank's block straight from u and only the
// block's edges from the received halo rows (docs/dist.md, "Stencils").
// The source f is a hot square in the middle of the grid, [3N/8, 5N/8)^2
// (h^2 f = 1 there, 0 elsewhere), computed from the element's global
// indices (`dist.index`) rather than read from an array; u starts at 0.
//
// The step is a function taking and returning a distributed tensor, called
// from an scf.for that carries u. Every `report` iterations the program
// prints the iteration and the residual norm ||u_new - u||_2 of that step
// (a sum of squares reduced over all ranks, then math.sqrt), and at the end
// the sum and the maximum of u (N = 64, 100 iterations):
//
//   iteration 25 residual 3.02483
//   iteration 50 residual 2.61767
//   iteration 75 residual 2.33698
//   iteration 100 residual 2.12873
//   sum 6399.85
//   max 19.9061
//
// Scale it with %n, %iterations and %report below:
//
//   distc samples/stencil.mlir -o stencil && mpirun -n 4 ./stencil

// One Jacobi step: u_new = 0.25 * (north + south + west + east + h^2 f),
// with h^2 f = 1 on [lo, hi)^2.
func.func @jacobi_step(%u: !dist.tensor<?x?xf64>, %lo: index, %hi: index)
    -> !dist.tensor<?x?xf64> {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %quarter = arith.constant 0.25 : f64
  %north = dist.shift %u offsets [-1, 0] fill %zero : !dist.tensor<?x?xf64>
  %south = dist.shift %u offsets [1, 0] fill %zero : !dist.tensor<?x?xf64>
  %west = dist.shift %u offsets [0, -1] fill %zero : !dist.tensor<?x?xf64>
  %east = dist.shift %u offsets [0, 1] fill %zero : !dist.tensor<?x?xf64>
  %new = dist.elementwise %north, %south, %west, %east
      : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>,
        !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%n: f64, %s: f64, %w: f64, %e: f64):
    %i = dist.index 0 : index
    %j = dist.index 1 : index
    %i_lo = arith.cmpi sge, %i, %lo : index
    %i_hi = arith.cmpi slt, %i, %hi : index
    %j_lo = arith.cmpi sge, %j, %lo : index
    %j_hi = arith.cmpi slt, %j, %hi : index
    %i_in = arith.andi %i_lo, %i_hi : i1
    %j_in = arith.andi %j_lo, %j_hi : i1
    %in = arith.andi %i_in, %j_in : i1
    %f = arith.select %in, %one, %zero : f64
    %ns = arith.addf %n, %s : f64
    %we = arith.addf %w, %e : f64
    %sum = arith.addf %ns, %we : f64
    %sumf = arith.addf %sum, %f : f64
    %r = arith.mulf %sumf, %quarter : f64
    dist.yield %r : f64
  }
  return %new : !dist.tensor<?x?xf64>
}

// ||a - b||_2 over the whole grid.
func.func @distance(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<?x?xf64>) -> f64 {
  %sq = dist.elementwise %a, %b
      : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%x: f64, %y: f64):
    %d = arith.subf %x, %y : f64
    %d2 = arith.mulf %d, %d : f64
    dist.yield %d2 : f64
  }
  %s = dist.reduce sum %sq : !dist.tensor<?x?xf64> -> f64
  %norm = math.sqrt %s : f64
  return %norm : f64
}

func.func @main() {
  // Problem size: grid points per side, iterations, report interval.
  %n = arith.constant 64 : index
  %iterations = arith.constant 100 : index
  %report = arith.constant 25 : index

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f64

  // h^2 f is 1 on the square [3N/8, 5N/8) x [3N/8, 5N/8), 0 elsewhere.
  %eighth = arith.divui %n, %c8 : index
  %half = arith.divui %n, %c2 : index
  %lo = arith.subi %half, %eighth : index
  %hi = arith.addi %half, %eighth : index
  %u0 = dist.full %zero (%n, %n) : !dist.tensor<?x?xf64>

  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  %blocks = arith.divui %iterations, %report : index
  %report_m1 = arith.subi %report, %c1 : index
  %u = scf.for %blk = %c0 to %blocks step %c1
      iter_args(%ub = %u0) -> (!dist.tensor<?x?xf64>) {
    %inner = scf.for %it = %c0 to %report_m1 step %c1
        iter_args(%ui = %ub) -> (!dist.tensor<?x?xf64>) {
      %next = func.call @jacobi_step(%ui, %lo, %hi)
          : (!dist.tensor<?x?xf64>, index, index) -> !dist.tensor<?x?xf64>
      scf.yield %next : !dist.tensor<?x?xf64>
    }
    // The last step of the block, with its residual.
    %last = func.call @jacobi_step(%inner, %lo, %hi)
        : (!dist.tensor<?x?xf64>, index, index) -> !dist.tensor<?x?xf64>
    %res = func.call @distance(%last, %inner)
        : (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>) -> f64
    %blk1 = arith.addi %blk, %c1 : index
    %done = arith.muli %blk1, %report : index
    scf.if %root {
      vector.print str "iteration "
      vector.print %done : index punctuation <no_punctuation>
      vector.print str " residual "
    }
    dist.print %res : f64
    scf.yield %last : !dist.tensor<?x?xf64>
  }

  %total = dist.reduce sum %u : !dist.tensor<?x?xf64> -> f64
  %peak = dist.reduce max %u : !dist.tensor<?x?xf64> -> f64
  scf.if %root {
    vector.print str "sum "
  }
  dist.print %total : f64
  scf.if %root {
    vector.print str "max "
  }
  dist.print %peak : f64
  return
}
