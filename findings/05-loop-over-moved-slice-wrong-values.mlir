// b = a[:2] of a 3 x 1 array in row blocks, moved to a P x 1 grid (a
// copy_reshape), then carried through two iterations of u + u in a loop;
// b is read again after the loop. numpy: r = [[0], [40]], sum(r) = 40,
// sum(b) = 10.
!T = !dist.tensor<2x1xf64, grid = [?, 1], split = [0, 1]>
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c10 = arith.constant 10 : index
  %a = dist.generate : !dist.tensor<3x1xf64> {
  ^bb0(%i: index, %j: index):
    %t = arith.muli %i, %c10 : index
    %v = arith.index_cast %t : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %b = dist.slice %a [:2, :] : !dist.tensor<3x1xf64> -> !T
  %r = scf.for %it = %c0 to %c2 step %c1 iter_args(%u = %b) -> (!T) {
    %y = dist.add %u, %u : !T, !T -> !T
    scf.yield %y : !T
  }
  %sr = dist.reduce sum %r : !T -> f64
  %sb = dist.reduce sum %b : !T -> f64
  dist.print %r numpy : !T
  dist.print %sr : f64
  dist.print %sb : f64
  return
}
// FINDINGS.md #5. At -O1 and above, mpirun -n 2 prints garbage for row 1 of r
// and for sum(r) (e.g. [[0.0000000e+000] [2.7660923e-309]], 2.76609e-309, 10);
// -n 1, 3-6 and -O0 print the expected [[ 0.] [40.]], 40, 10.
