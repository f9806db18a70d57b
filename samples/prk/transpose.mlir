// Parallel Research Kernels: Transpose
//
//   repeat iterations + 1 times: B += A^T; A += 1     (A[i,j] = i n + j, B = 0)
//
// as the PRK specification states it: the first iteration is not timed (the
// timer starts after a barrier before the second), the time is the slowest
// rank's. Validation: after k = iterations + 1 steps B[j,i] = k (i n + j) +
// k (k - 1) / 2; the sum of |B - that| over all elements must be below
// 1e-8. Rate (PRK's formula): 2 n^2 words of 8 bytes per iteration, MB/s =
// 1e-6 * 16 n^2 / seconds per iteration. The matrices are in row blocks;
// dist.permute moves each block's transposed pieces straight to the ranks
// that own them (docs/dist.md, "Permutations").
//
//   distc -O3 samples/prk/transpose.mlir -o transpose
//   mpirun -n 2 ./transpose --iterations 10 --n 8192
!R = !dist.tensor<?x?xf64>

func.func @main() {
  %iterations = dist.param "iterations" default 10 : index
  %n = dist.param "n" default 1000 : index

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %a0 = dist.generate (%n, %n) : !R {
  ^bb0(%i: index, %j: index):
    %row = arith.muli %i, %n : index
    %ij = arith.addi %row, %j : index
    %v = arith.index_cast %ij : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %b0 = dist.full %zero (%n, %n) : !R

  // Iteration 0, untimed.
  %at0 = dist.permute %a0 axes [1, 0] : !R -> !R
  %b1 = dist.add %b0, %at0 : !R
  %a1 = dist.elementwise %a0 : !R -> !R {
  ^bb0(%x: f64):
    %y = arith.addf %x, %one : f64
    dist.yield %y : f64
  }
  %sync = dist.allreduce %zero sum : f64
  %t0 = dist.wtime : f64
  %a, %b = scf.for %it = %c0 to %iterations step %c1
      iter_args(%ai = %a1, %bi = %b1) -> (!R, !R) {
    %at = dist.permute %ai axes [1, 0] : !R -> !R
    %bn = dist.add %bi, %at : !R
    %an = dist.elementwise %ai : !R -> !R {
    ^bb0(%x: f64):
      %y = arith.addf %x, %one : f64
      dist.yield %y : f64
    }
    scf.yield %an, %bn : !R, !R
  }
  // (The loop's last step waits for its permute before it adds into B.)
  %t1 = dist.wtime : f64
  %dt = arith.subf %t1, %t0 : f64
  %time = dist.allreduce %dt max : f64

  // Validation: sum |B[j,i] - (k (i n + j) + k (k - 1) / 2)|, k = iterations + 1.
  %it_i = arith.index_cast %iterations : index to i64
  %itf = arith.sitofp %it_i : i64 to f64
  %k = arith.addf %itf, %one : f64
  %kk = arith.mulf %k, %itf : f64
  %half = arith.constant 0.5 : f64
  %addit = arith.mulf %kk, %half : f64
  %err = dist.elementwise %b : !R -> !R {
  ^bb0(%x: f64):
    %j = dist.index 0 : index
    %i = dist.index 1 : index
    %row = arith.muli %i, %n : index
    %ij = arith.addi %row, %j : index
    %v = arith.index_cast %ij : index to i64
    %f = arith.sitofp %v : i64 to f64
    %kf = arith.mulf %k, %f : f64
    %e = arith.addf %kf, %addit : f64
    %d = arith.subf %x, %e : f64
    %ad = math.absf %d : f64
    dist.yield %ad : f64
  }
  %abserr = dist.reduce sum %err : !R -> f64
  %epsilon = arith.constant 1.0e-8 : f64
  %valid = arith.cmpf olt, %abserr, %epsilon : f64

  %avg = arith.divf %time, %itf : f64
  %n_i = arith.index_cast %n : index to i64
  %nf = arith.sitofp %n_i : i64 to f64
  %n2 = arith.mulf %nf, %nf : f64
  %sixteen = arith.constant 16.0 : f64
  %bytes = arith.mulf %sixteen, %n2 : f64
  %mega = arith.constant 1.0e-6 : f64
  %mb = arith.mulf %mega, %bytes : f64
  %rate = arith.divf %mb, %avg : f64

  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    scf.if %valid {
      vector.print str "Solution validates\n"
    } else {
      vector.print str "ERROR: B differs from the reference\n"
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
