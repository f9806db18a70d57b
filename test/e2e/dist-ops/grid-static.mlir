// End-to-end: a grid with a static extent (grid = [2, ?]): 2 x P/2 blocks
// of the columns and rows (split = [1, 0]); on a team it does not divide,
// the program stops with a located error instead of computing on a wrong
// grid. Expected values from numpy: g = 10 i + j, g.sum(1), g.sum().
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 6 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: not %mpirun -n 3 %t 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not="Stack dump" --implicit-check-not="signal"

// CHECK: [1,0]<stdout>:( ( 0, 1, 2, 3, 4, 5, 6 ), ( 10, 11, 12, 13, 14, 15, 16 ), ( 20, 21, 22, 23, 24, 25, 26 ), ( 30, 31, 32, 33, 34, 35, 36 ), ( 40, 41, 42, 43, 44, 45, 46 ) )
// CHECK-NEXT: [1,0]<stdout>:( 21, 91, 161, 231, 301 )
// CHECK-NEXT: [1,0]<stdout>:805

// ERR: grid-static.mlir:[[@LINE+5]]:8: error: the static extents of the process grid do not divide the team size (their product vs the team size): 2 vs 3
func.func @main() {
  %c0 = arith.constant 0 : index
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  %g = dist.generate : !dist.tensor<5x7xi64, grid = [2, ?], split = [1, 0]> {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %t = arith.muli %i, %c10 : index
    %s = arith.addi %t, %j : index
    %v = arith.index_cast %s : index to i64
    dist.yield %v : i64
  }
  dist.print %g : !dist.tensor<5x7xi64, grid = [2, ?], split = [1, 0]>
  %r = dist.reduce sum %g axis 1 : !dist.tensor<5x7xi64, grid = [2, ?], split = [1, 0]> -> !dist.tensor<5xi64>
  dist.print %r : !dist.tensor<5xi64>
  %s = dist.reduce sum %g : !dist.tensor<5x7xi64, grid = [2, ?], split = [1, 0]> -> i64
  dist.print %s : i64
  return
}
