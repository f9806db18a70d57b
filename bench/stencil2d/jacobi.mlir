// bench/stencil2d: one 5-point Jacobi step per iteration on N x N, on 1-D
// row blocks (--grid false) or 2-D blocks of a run-time process grid
// (--grid true); prints the sum (the same either way) and, with --time,
// the slowest rank's seconds per iteration. bench/stencil2d/run.sh counts
// the bytes sent per rank per step (IDTR_STATS) and times both layouts.
func.func @step_rows(%u: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %zero = arith.constant 0.0 : f64
  %n = dist.shift %u offsets [-1, 0] fill %zero : !dist.tensor<?x?xf64>
  %s = dist.shift %u offsets [1, 0] fill %zero : !dist.tensor<?x?xf64>
  %w = dist.shift %u offsets [0, -1] fill %zero : !dist.tensor<?x?xf64>
  %e = dist.shift %u offsets [0, 1] fill %zero : !dist.tensor<?x?xf64>
  %new = dist.elementwise %n, %s, %w, %e : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%a: f64, %b: f64, %c: f64, %d: f64):
    %q = arith.constant 0.25 : f64
    %one = arith.constant 1.0 : f64
    %ab = arith.addf %a, %b : f64
    %cd = arith.addf %c, %d : f64
    %t = arith.addf %ab, %cd : f64
    %t1 = arith.addf %t, %one : f64
    %r = arith.mulf %t1, %q : f64
    dist.yield %r : f64
  }
  return %new : !dist.tensor<?x?xf64>
}

func.func @step_grid(%u: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>) -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> {
  %zero = arith.constant 0.0 : f64
  %n = dist.shift %u offsets [-1, 0] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %s = dist.shift %u offsets [1, 0] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %w = dist.shift %u offsets [0, -1] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %e = dist.shift %u offsets [0, 1] fill %zero : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %new = dist.elementwise %n, %s, %w, %e : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> {
  ^bb0(%a: f64, %b: f64, %c: f64, %d: f64):
    %q = arith.constant 0.25 : f64
    %one = arith.constant 1.0 : f64
    %ab = arith.addf %a, %b : f64
    %cd = arith.addf %c, %d : f64
    %t = arith.addf %ab, %cd : f64
    %t1 = arith.addf %t, %one : f64
    %r = arith.mulf %t1, %q : f64
    dist.yield %r : f64
  }
  return %new : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
}

func.func @run_rows(%nn: index, %iterations: index) -> (f64, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %u0 = dist.full %zero (%nn, %nn) : !dist.tensor<?x?xf64>
  %t0 = dist.wtime : f64
  %u = scf.for %it = %c0 to %iterations step %c1 iter_args(%ui = %u0) -> (!dist.tensor<?x?xf64>) {
    %next = func.call @step_rows(%ui) : (!dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64>
    scf.yield %next : !dist.tensor<?x?xf64>
  }
  %t1 = dist.wtime : f64
  %e = arith.subf %t1, %t0 : f64
  %sum = dist.reduce sum %u : !dist.tensor<?x?xf64> -> f64
  return %e, %sum : f64, f64
}

func.func @run_grid(%nn: index, %iterations: index) -> (f64, f64) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %u0 = dist.full %zero (%nn, %nn) : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %t0 = dist.wtime : f64
  %u = scf.for %it = %c0 to %iterations step %c1 iter_args(%ui = %u0) -> (!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>) {
    %next = func.call @step_grid(%ui) : (!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>) -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
    scf.yield %next : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  }
  %t1 = dist.wtime : f64
  %e = arith.subf %t1, %t0 : f64
  %sum = dist.reduce sum %u : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> -> f64
  return %e, %sum : f64, f64
}

func.func @main() {
  %n = dist.param "n" default 1024 : index
  %iterations = dist.param "iterations" default 10 : index
  %grid = dist.param "grid" default true : i1
  %c0 = arith.constant 0 : index
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  %e, %sum = scf.if %grid -> (f64, f64) {
    %a, %b = func.call @run_grid(%n, %iterations) : (index, index) -> (f64, f64)
    scf.yield %a, %b : f64, f64
  } else {
    %a, %b = func.call @run_rows(%n, %iterations) : (index, index) -> (f64, f64)
    scf.yield %a, %b : f64, f64
  }
  %slowest = dist.allreduce %e max : f64
  %it64 = arith.index_cast %iterations : index to i64
  %itf = arith.sitofp %it64 : i64 to f64
  %per = arith.divf %slowest, %itf : f64
  scf.if %root {
    vector.print str "sum "
  }
  dist.print %sum : f64
  scf.if %root {
    vector.print str "seconds per iteration "
  }
  dist.print %per : f64
  return
}
