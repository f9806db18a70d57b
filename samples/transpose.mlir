// transpose: the Parallel Research Kernels "transpose" kernel at the dist
// level.
//
//   A[i,j] = i*N + j,  B = 0
//   repeat `iterations` times:  B += transpose(A);  A += 1
//
// The transpose is `dist.permute` (a `distruntime.copy_permute`: every rank
// sends the pieces of its row block to the ranks that own them in the
// transposed row partition). After k iterations
//
//   B[i,j] = sum_{t<k} (A0[j,i] + t) = k*(j*N + i) + k*(k-1)/2
//
// The program checks every element against this closed form with dist ops
// (no gather) and prints the sum of the absolute errors and a checksum:
//
//   errors 0
//   checksum 1.07379e+10          (N = 256, iterations = 5)
//
// Scale it by changing %n (and %iterations) below; the loop itself only
// permutes and adds, so it can be timed from outside with a large N:
//
//   distc samples/transpose.mlir -o transpose && mpirun -n 4 ./transpose
func.func @main() {
  // Problem size: the matrix order and the number of iterations.
  %n = arith.constant 256 : index
  %iterations = arith.constant 5 : index

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64

  %a0 = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %row = arith.muli %i, %n : index
    %ij = arith.addi %row, %j : index
    %v = arith.index_cast %ij : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %b0 = dist.full %zero (%n, %n) : !dist.tensor<?x?xf64>

  // The kernel.
  %a, %b = scf.for %it = %c0 to %iterations step %c1
      iter_args(%ai = %a0, %bi = %b0)
      -> (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>) {
    %at = dist.permute %ai axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
    %bn = dist.add %bi, %at : !dist.tensor<?x?xf64>
    %an = dist.elementwise %ai : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
    ^bb0(%x: f64):
      %y = arith.addf %x, %one : f64
      dist.yield %y : f64
    }
    scf.yield %an, %bn : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>
  }

  // Validation against the closed form.
  %k_i = arith.index_cast %iterations : index to i64
  %k = arith.sitofp %k_i : i64 to f64
  %km1 = arith.subf %k, %one : f64
  %two = arith.constant 2.0 : f64
  %kk = arith.mulf %k, %km1 : f64
  %tri = arith.divf %kk, %two : f64
  %expected = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %col = arith.muli %j, %n : index
    %ji = arith.addi %col, %i : index
    %v = arith.index_cast %ji : index to i64
    %f = arith.sitofp %v : i64 to f64
    %kf = arith.mulf %k, %f : f64
    %e = arith.addf %kf, %tri : f64
    dist.yield %e : f64
  }
  %diff = dist.sub %b, %expected : !dist.tensor<?x?xf64>
  %abs = dist.elementwise %diff : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%x: f64):
    %y = math.absf %x : f64
    dist.yield %y : f64
  }
  %errors = dist.reduce sum %abs : !dist.tensor<?x?xf64> -> f64
  %checksum = dist.reduce sum %b : !dist.tensor<?x?xf64> -> f64

  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    vector.print str "errors "
  }
  dist.print %errors : f64
  scf.if %root {
    vector.print str "checksum "
  }
  dist.print %checksum : f64
  return
}
