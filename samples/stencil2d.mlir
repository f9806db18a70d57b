// stencil2d: Jacobi iterations for the 2-D Poisson problem -lap(u) = f on
// an N x N grid with u = 0 outside (Dirichlet boundary), with the 5-point
// and the 9-point Laplacian, on 2-D blocks of a process grid:
//
//   5-point: u_new = (n + s + w + e + h^2 f) / 4
//   9-point: u_new = (4 (n + s + w + e) + (nw + ne + sw + se) + 6 h^2 f) / 20
//
// u is !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>: the ranks form
// a grid chosen at run time (4 ranks 2 x 2, 6 ranks 3 x 2), each holding an
// N/p0 x N/p1 block. The shifts of u reach across both split dimensions:
// all of them share one distruntime.update_grid_halo per step, in which
// each neighbour sends one message (faces, and for the 9-point stencil the
// corners too), and the interior of each block is computed while it is in
// flight (docs/dist.md, "Stencils"). The source f is 1 on the square
// [3N/8, 5N/8)^2 (from the element's global indices, dist.index), u starts
// at 0.
//
// Sizes from the command line (dist.param): --n points per side,
// --iterations, --time (also print the seconds per iteration of each
// stencil, the slowest rank's). The output (the sum and the maximum of u
// after each stencil's iterations) is the same on any number of ranks; the
// 5-point iteration is samples/stencil.mlir's, so at N = 64 and 100
// iterations its sum and max are that sample's (6399.85, 19.9061).
//
//   distc samples/stencil2d.mlir -o stencil2d && mpirun -n 4 ./stencil2d --n 256

// One 5-point step; h^2 f = 1 on [lo, hi)^2.
func.func @step5(%u: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, %lo: index, %hi: index) -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %quarter = arith.constant 0.25 : f64
  %north = dist.shift %u offsets [-1, 0] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %south = dist.shift %u offsets [1, 0] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %west = dist.shift %u offsets [0, -1] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %east = dist.shift %u offsets [0, 1] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %new = dist.elementwise %north, %south, %west, %east
      : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> {
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
  return %new : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
}

// One 9-point step: the corners too (the same single exchange).
func.func @step9(%u: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, %lo: index, %hi: index) -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %north = dist.shift %u offsets [-1, 0] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %south = dist.shift %u offsets [1, 0] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %west = dist.shift %u offsets [0, -1] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %east = dist.shift %u offsets [0, 1] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %nw = dist.shift %u offsets [-1, -1] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %ne = dist.shift %u offsets [-1, 1] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %sw = dist.shift %u offsets [1, -1] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %se = dist.shift %u offsets [1, 1] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %new = dist.elementwise %north, %south, %west, %east, %nw, %ne, %sw, %se
      : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>,
        !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> {
  ^bb0(%n: f64, %s: f64, %w: f64, %e: f64, %a: f64, %b: f64, %c: f64, %d: f64):
    %four = arith.constant 4.0 : f64
    %six = arith.constant 6.0 : f64
    %twentieth = arith.constant 0.05 : f64
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
    %faces = arith.addf %ns, %we : f64
    %ab = arith.addf %a, %b : f64
    %cd = arith.addf %c, %d : f64
    %corners = arith.addf %ab, %cd : f64
    %f4 = arith.mulf %faces, %four : f64
    %f6 = arith.mulf %f, %six : f64
    %t = arith.addf %f4, %corners : f64
    %t6 = arith.addf %t, %f6 : f64
    %r = arith.mulf %t6, %twentieth : f64
    dist.yield %r : f64
  }
  return %new : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
}

func.func @main() {
  %n = dist.param "n" default 64 : index
  %iterations = dist.param "iterations" default 100 : index
  %time = dist.param "time" default false : i1
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f64
  %eighth = arith.divui %n, %c8 : index
  %half = arith.divui %n, %c2 : index
  %lo = arith.subi %half, %eighth : index
  %hi = arith.addi %half, %eighth : index
  %it64 = arith.index_cast %iterations : index to i64
  %itf = arith.sitofp %it64 : i64 to f64
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  %u0 = dist.full %zero (%n, %n) : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %t0_5 = dist.wtime : f64
  %u5 = scf.for %it = %c0 to %iterations step %c1 iter_args(%ui = %u0) -> (!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>) {
    %next = func.call @step5(%ui, %lo, %hi) : (!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, index, index) -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
    scf.yield %next : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  }
  %t1_5 = dist.wtime : f64
  %sum5 = dist.reduce sum %u5 : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> -> f64
  %max5 = dist.reduce max %u5 : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> -> f64
  scf.if %root {
    vector.print str "5-point sum "
  }
  dist.print %sum5 : f64
  scf.if %root {
    vector.print str "5-point max "
  }
  dist.print %max5 : f64
  scf.if %time {
    %e = arith.subf %t1_5, %t0_5 : f64
    %slowest = dist.allreduce %e max : f64
    %per = arith.divf %slowest, %itf : f64
    scf.if %root {
      vector.print str "5-point seconds per iteration "
    }
    dist.print %per : f64
  }
  %t0_9 = dist.wtime : f64
  %u9 = scf.for %it = %c0 to %iterations step %c1 iter_args(%ui = %u0) -> (!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>) {
    %next = func.call @step9(%ui, %lo, %hi) : (!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, index, index) -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
    scf.yield %next : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  }
  %t1_9 = dist.wtime : f64
  %sum9 = dist.reduce sum %u9 : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> -> f64
  %max9 = dist.reduce max %u9 : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> -> f64
  scf.if %root {
    vector.print str "9-point sum "
  }
  dist.print %sum9 : f64
  scf.if %root {
    vector.print str "9-point max "
  }
  dist.print %max9 : f64
  scf.if %time {
    %e = arith.subf %t1_9, %t0_9 : f64
    %slowest = dist.allreduce %e max : f64
    %per = arith.divf %slowest, %itf : f64
    scf.if %root {
      vector.print str "9-point seconds per iteration "
    }
    dist.print %per : f64
  }
  return
}
