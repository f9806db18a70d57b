// wave2d: the 2-D wave equation u_tt = c^2 (u_xx + u_yy) on an N x N grid
// with u = 0 on the boundary, leapfrog in time, written with slices as
// numpy code would be (sharpy's examples):
//
//   lap = u[:-2, 1:-1] + u[2:, 1:-1] + u[1:-1, :-2] + u[1:-1, 2:] - 4 u[1:-1, 1:-1]
//   u_next[1:-1, 1:-1] = 2 u[1:-1, 1:-1] - u_prev[1:-1, 1:-1] + C lap
//
// with C = (c dt / h)^2 (stable for C <= 0.5). Each slice is a
// `dist.slice` in global indices; the slices that cut the split dimension
// move about one row per rank boundary to the balanced partition of the
// interior (`copy_reshape`), those that take it whole are free, and the
// new interior goes back into the grid with `dist.insert_slice` (docs/
// dist.md, "Slices and concatenation"). u starts as a Gaussian bump in the
// middle, at rest (u_prev = u).
//
// Sizes come from the command line (dist.param): --n grid points per side,
// --steps time steps, --courant C. The output is the same on any number of
// ranks (N = 64, 100 steps, C = 0.25):
//
//   sum -130.651
//   max 0.146829
//   min -0.223184
//
//   distc samples/wave2d.mlir -o wave2d && mpirun -n 4 ./wave2d --n 512 --steps 200

func.func @step(%u: !dist.tensor<?x?xf64>, %up: !dist.tensor<?x?xf64>,
                %courant: f64) -> !dist.tensor<?x?xf64> {
  %c = dist.slice %u [1:-1, 1:-1] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %north = dist.slice %u [:-2, 1:-1] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %south = dist.slice %u [2:, 1:-1] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %west = dist.slice %u [1:-1, :-2] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %east = dist.slice %u [1:-1, 2:] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %prev = dist.slice %up [1:-1, 1:-1] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %inner = dist.elementwise %c, %north, %south, %west, %east, %prev
      : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>,
        !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>
      -> !dist.tensor<?x?xf64> {
  ^bb0(%vc: f64, %vn: f64, %vs: f64, %vw: f64, %ve: f64, %vp: f64):
    %two = arith.constant 2.0 : f64
    %four = arith.constant 4.0 : f64
    %ns = arith.addf %vn, %vs : f64
    %we = arith.addf %vw, %ve : f64
    %nswe = arith.addf %ns, %we : f64
    %c4 = arith.mulf %four, %vc : f64
    %lap = arith.subf %nswe, %c4 : f64
    %c2 = arith.mulf %two, %vc : f64
    %d = arith.subf %c2, %vp : f64
    %cl = arith.mulf %courant, %lap : f64
    %v = arith.addf %d, %cl : f64
    dist.yield %v : f64
  }
  // u_prev's boundary is 0 like every u's: its buffer takes the new grid.
  %next = dist.insert_slice %inner into %up [1:-1, 1:-1]
      : !dist.tensor<?x?xf64> into !dist.tensor<?x?xf64>
  return %next : !dist.tensor<?x?xf64>
}

func.func @main() {
  %n = dist.param "n" default 64 : index
  %steps = dist.param "steps" default 100 : index
  %courant = dist.param "courant" default 0.25 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %half = arith.constant 0.5 : f64
  %width = arith.constant 0.01 : f64
  %zero = arith.constant 0.0 : f64
  %nm1 = arith.subi %n, %c1 : index
  %nm1i = arith.index_cast %nm1 : index to i64
  %nm1f = arith.sitofp %nm1i : i64 to f64
  %u0 = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    %fj = arith.sitofp %jj : i64 to f64
    %x = arith.divf %fi, %nm1f : f64
    %y = arith.divf %fj, %nm1f : f64
    %dx = arith.subf %x, %half : f64
    %dy = arith.subf %y, %half : f64
    %dx2 = arith.mulf %dx, %dx : f64
    %dy2 = arith.mulf %dy, %dy : f64
    %r2 = arith.addf %dx2, %dy2 : f64
    %q = arith.divf %r2, %width : f64
    %nq = arith.negf %q : f64
    %g = math.exp %nq : f64
    // zero on the boundary
    %ilo = arith.cmpi eq, %i, %c0 : index
    %ihi = arith.cmpi eq, %i, %nm1 : index
    %jlo = arith.cmpi eq, %j, %c0 : index
    %jhi = arith.cmpi eq, %j, %nm1 : index
    %b1 = arith.ori %ilo, %ihi : i1
    %b2 = arith.ori %jlo, %jhi : i1
    %b = arith.ori %b1, %b2 : i1
    %v = arith.select %b, %zero, %g : f64
    dist.yield %v : f64
  }
  %res:2 = scf.for %it = %c0 to %steps step %c1
      iter_args(%u = %u0, %up = %u0) -> (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>) {
    %next = func.call @step(%u, %up, %courant)
        : (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, f64) -> !dist.tensor<?x?xf64>
    scf.yield %next, %u : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>
  }
  %sum = dist.reduce sum %res#0 : !dist.tensor<?x?xf64> -> f64
  %max = dist.reduce max %res#0 : !dist.tensor<?x?xf64> -> f64
  %min = dist.reduce min %res#0 : !dist.tensor<?x?xf64> -> f64
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print str "sum "
  }
  dist.print %sum : f64
  scf.if %root {
    vector.print str "max "
  }
  dist.print %max : f64
  scf.if %root {
    vector.print str "min "
  }
  dist.print %min : f64
  return
}
