// io: load an array from a .npy file, compute, save the result - in
// parallel, every rank reading and writing only its own block (MPI-IO).
//
// The program smooths an M x N matrix `steps` times with the 5-point
// average (zero outside the array):
//
//   u[i,j] <- (u[i,j] + u[i-1,j] + u[i+1,j] + u[i,j-1] + u[i,j+1]) / 5
//
// and saves the result, printing its sum and maximum. The input is the
// file --in (default input.npy); with --generate (the default) the program
// first writes that file itself, u[i,j] = (i * N + j) mod 7, with M = --m
// and N = --n. All parameters:
//
//   ./io --help
//   mpirun -n 4 ./io --m 1000 --n 800 --steps 20 --in a.npy --out b.npy
//   mpirun -n 4 ./io --generate=false --in mine.npy    # any f64 matrix
//
// numpy reads the result, and writes inputs, directly:
//
//   python3 -c "import numpy as np; print(np.load('output.npy').sum())"
//
// Defaults (M = 60, N = 40, 10 steps) print
//
//   sum 6516.78
//   max 3.00008
//
// on any number of ranks, the output file being the same bytes.

!M = !dist.tensor<?x?xf64>

func.func @smooth(%u: !M) -> !M {
  %zero = arith.constant 0.0 : f64
  %fifth = arith.constant 0.2 : f64
  %north = dist.shift %u offsets [-1, 0] fill %zero : !M
  %south = dist.shift %u offsets [1, 0] fill %zero : !M
  %west = dist.shift %u offsets [0, -1] fill %zero : !M
  %east = dist.shift %u offsets [0, 1] fill %zero : !M
  %new = dist.elementwise %u, %north, %south, %west, %east
      : !M, !M, !M, !M, !M -> !M {
  ^bb0(%c: f64, %n: f64, %s: f64, %w: f64, %e: f64):
    %a = arith.addf %c, %n : f64
    %b = arith.addf %a, %s : f64
    %d = arith.addf %b, %w : f64
    %f = arith.addf %d, %e : f64
    %r = arith.mulf %f, %fifth : f64
    dist.yield %r : f64
  }
  return %new : !M
}

func.func @main() {
  %m = dist.param "m" default 60 : index
  %n = dist.param "n" default 40 : index
  %steps = dist.param "steps" default 10 : index
  %generate = dist.param "generate" default true : i1
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index

  scf.if %generate {
    %g = dist.generate (%m, %n) : !M {
    ^bb0(%i: index, %j: index):
      %row = arith.muli %i, %n : index
      %ij = arith.addi %row, %j : index
      %v = arith.remui %ij, %c7 : index
      %w = arith.index_cast %v : index to i64
      %f = arith.sitofp %w : i64 to f64
      dist.yield %f : f64
    }
    dist.save %g, "input.npy" param "in" : !M
  }

  %u0 = dist.load "input.npy" param "in" : !M
  %u = scf.for %it = %c0 to %steps step %c1 iter_args(%v = %u0) -> (!M) {
    %next = func.call @smooth(%v) : (!M) -> !M
    scf.yield %next : !M
  }
  dist.save %u, "output.npy" param "out" : !M

  %sum = dist.reduce sum %u : !M -> f64
  %max = dist.reduce max %u : !M -> f64
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print str "sum "
  }
  dist.print %sum precision = 6 : f64
  scf.if %root {
    vector.print str "max "
  }
  dist.print %max precision = 6 : f64
  return
}
