// End-to-end: reductions along the dimensions of a static 2 x 2 grid
// combine partial results within grid columns and rows (sub-grid teams),
// checked against numpy (g = 10 i + j, 5 x 7, int64 and float mean).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:( 100, 105, 110, 115, 120, 125, 130 )
// CHECK-NEXT: [1,0]<stdout>:( 21, 91, 161, 231, 301 )
// CHECK-NEXT: [1,0]<stdout>:( 0, 10, 20, 30, 40 )
// CHECK-NEXT: [1,0]<stdout>:( 3, 13, 23, 33, 43 )
func.func @main() {
  %g = dist.generate : !dist.tensor<5x7xi64, grid = [2, 2], split = [0, 1]> {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %t = arith.muli %i, %c10 : index
    %s = arith.addi %t, %j : index
    %v = arith.index_cast %s : index to i64
    dist.yield %v : i64
  }
  %r0 = dist.reduce sum %g axis 0 : !dist.tensor<5x7xi64, grid = [2, 2], split = [0, 1]> -> !dist.tensor<7xi64>
  dist.print %r0 : !dist.tensor<7xi64>
  %r1 = dist.reduce sum %g axis 1 : !dist.tensor<5x7xi64, grid = [2, 2], split = [0, 1]> -> !dist.tensor<5xi64>
  dist.print %r1 : !dist.tensor<5xi64>
  %m1 = dist.reduce min %g axis 1 : !dist.tensor<5x7xi64, grid = [2, 2], split = [0, 1]> -> !dist.tensor<5xi64>
  dist.print %m1 : !dist.tensor<5xi64>
  %f = dist.elementwise %g : !dist.tensor<5x7xi64, grid = [2, 2], split = [0, 1]> -> !dist.tensor<5x7xf64, grid = [2, 2], split = [0, 1]> {
  ^bb0(%x: i64):
    %y = arith.sitofp %x : i64 to f64
    dist.yield %y : f64
  }
  %mean = dist.reduce mean %f axis 1 : !dist.tensor<5x7xf64, grid = [2, 2], split = [0, 1]> -> !dist.tensor<5xf64>
  dist.print %mean : !dist.tensor<5xf64>
  return
}
