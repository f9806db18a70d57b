// heat1d: the 1-D heat equation u_t = u_xx on a ring of N points
// (periodic boundary), explicit Euler with r = dt / h^2:
//
//   u_new[i] = u[i] + r * (u[i-1] - 2 u[i] + u[i+1]),  indices mod N
//
// The neighbours are periodic `dist.shift`s (numpy.roll): along the split
// dimension each rank keeps its own points and receives one from each
// neighbour; the first and the last rank exchange the wrapped points, so
// no rank ever holds the whole ring (docs/dist.md, "Periodic boundaries").
// u starts as a block of ones on [0, N/4); heat spreads across the ring's
// seam into the last points (u[-3:]) but none is lost, so the sum stays
// N/4 while the maximum falls.
//
// Sizes come from the command line (dist.param): --n points, --steps time
// steps, --r the ratio dt/h^2 (stable for r <= 0.5), --time to print the
// time per step of the slowest rank. The output is the same on any number
// of ranks (N = 100, 200 steps, r = 0.25):
//
//   sum 25
//   max 0.788754
//   u[:3] ( 0.512843, 0.550275, 0.586523 )
//   u[-3:] ( 0.398367, 0.436409, 0.474724 )
//
//   distc samples/heat1d.mlir -o heat1d && mpirun -n 4 ./heat1d --n 100000 --steps 500

func.func @step(%u: !dist.tensor<?xf64>, %r: f64) -> !dist.tensor<?xf64> {
  %west = dist.shift %u offsets [-1] periodic : !dist.tensor<?xf64>
  %east = dist.shift %u offsets [1] periodic : !dist.tensor<?xf64>
  %new = dist.elementwise %west, %u, %east
      : !dist.tensor<?xf64>, !dist.tensor<?xf64>, !dist.tensor<?xf64>
      -> !dist.tensor<?xf64> {
  ^bb0(%w: f64, %c: f64, %e: f64):
    %two = arith.constant 2.0 : f64
    %we = arith.addf %w, %e : f64
    %c2 = arith.mulf %two, %c : f64
    %lap = arith.subf %we, %c2 : f64
    %d = arith.mulf %r, %lap : f64
    %v = arith.addf %c, %d : f64
    dist.yield %v : f64
  }
  return %new : !dist.tensor<?xf64>
}

func.func @main() {
  %n = dist.param "n" default 100 : index
  %steps = dist.param "steps" default 200 : index
  %r = dist.param "r" default 0.25 : f64
  %time = dist.param "time" default false : i1
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %hi = arith.divui %n, %c4 : index
  %u0 = dist.generate (%n) : !dist.tensor<?xf64> {
  ^bb0(%i: index):
    %in = arith.cmpi ult, %i, %hi : index
    %v = arith.select %in, %one, %zero : f64
    dist.yield %v : f64
  }
  %t0 = dist.wtime : f64
  %u = scf.for %it = %c0 to %steps step %c1 iter_args(%ui = %u0)
      -> (!dist.tensor<?xf64>) {
    %next = func.call @step(%ui, %r) : (!dist.tensor<?xf64>, f64) -> !dist.tensor<?xf64>
    scf.yield %next : !dist.tensor<?xf64>
  }
  %t1 = dist.wtime : f64
  %sum = dist.reduce sum %u : !dist.tensor<?xf64> -> f64
  %max = dist.reduce max %u : !dist.tensor<?xf64> -> f64
  %head = dist.slice %u [:3] : !dist.tensor<?xf64> -> !dist.tensor<?xf64>
  %tail = dist.slice %u [-3:] : !dist.tensor<?xf64> -> !dist.tensor<?xf64>
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
    vector.print str "u[:3] "
  }
  dist.print %head : !dist.tensor<?xf64>
  scf.if %root {
    vector.print str "u[-3:] "
  }
  dist.print %tail : !dist.tensor<?xf64>
  scf.if %time {
    %e = arith.subf %t1, %t0 : f64
    %slowest = dist.allreduce %e max : f64
    %s = arith.index_cast %steps : index to i64
    %sf = arith.sitofp %s : i64 to f64
    %per = arith.divf %slowest, %sf : f64
    scf.if %root {
      vector.print str "seconds per step "
    }
    dist.print %per : f64
  }
  return
}
