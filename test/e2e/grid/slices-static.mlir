// End-to-end: slices, insertions and concatenations on grids of static
// extents, 2 x 3 and 3 x 2 (P = 6), and the same program with one extent
// left to run time, 2 x ? and ? x 2 (P = 2, 4, 6; sed makes it from this
// file), against numpy's semantics (Inputs/slices_ref.py static computes
// the CHECK lines): 13 x 5, so no extent divides a dimension; 1-D rows
// into a grid, reversed rows into the other grid, a free irregular slice
// concatenated with a balanced tensor, an insertion through a negative
// step. On 5 ranks neither grid fits: the slice that first needs one
// stops the program with its location.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: python3 %S/Inputs/slices_ref.py static > %t.check
// RUN: %mpirun -n 6 %t | FileCheck %t.check --match-full-lines
// RUN: not %mpirun -n 5 %t 2>&1 | FileCheck %s --check-prefix=STATIC --implicit-check-not="Stack dump" --implicit-check-not="signal"
// RUN: sed -e 's/grid = \[2, 3\]/grid = [2, ?]/' -e 's/grid = \[3, 2\]/grid = [?, 2]/' %s > %t.even.mlir
// RUN: %distc %t.even.mlir -o %t.even
// RUN: %mpirun -n 2 %t.even | FileCheck %t.check --match-full-lines
// RUN: %mpirun -n 4 %t.even | FileCheck %t.check --match-full-lines
// RUN: %mpirun -n 6 %t.even | FileCheck %t.check --match-full-lines
// RUN: not %mpirun -n 5 %t.even 2>&1 | FileCheck %s --check-prefix=EVEN --implicit-check-not="Stack dump" --implicit-check-not="signal"

!R = !dist.tensor<13x5xi64>
!A = !dist.tensor<13x5xi64, grid = [2, 3], split = [0, 1]>
!AI = !dist.tensor<?x?xi64, grid = [2, 3], split = [0, 1], irregular>
!W = !dist.tensor<?x?xi64, grid = [2, 3], split = [0, 1]>
!AW = !dist.tensor<13x10xi64, grid = [2, 3], split = [0, 1]>
!B = !dist.tensor<?x?xi64, grid = [3, 2], split = [1, 0]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i64
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  %r = dist.generate : !R {
  ^bb0(%i: index, %j: index):
    %c1 = arith.constant 1 : index
    %c10 = arith.constant 10 : index
    %t = arith.muli %i, %c10 : index
    %s = arith.addi %t, %j : index
    %s1 = arith.addi %s, %c1 : index
    %v = arith.index_cast %s1 : index to i64
    dist.yield %v : i64
  }
  // STATIC: slices-static.mlir:[[@LINE+2]]:9: error: the process grid does not have as many processes as the team (its size vs the team size): 6 vs 5
  // EVEN: slices-static.mlir.tmp.even.mlir:[[@LINE+1]]:9: error: the static extents of the process grid do not divide the team size (their product vs the team size): 2 vs 5
  %t1 = dist.slice %r [1:-1, 1:-1] : !R -> !W
  scf.if %root { vector.print str "t1 " }
  dist.print %t1 : !W
  %a = dist.repartition %r : !R -> !A
  %t2 = dist.slice %a [::-2, 1:] : !A -> !B
  scf.if %root { vector.print str "t2 " }
  dist.print %t2 : !B
  %mid = dist.slice %a [2:11, :] : !A -> !AI
  %t3 = dist.concat %mid, %a axis 0 : !AI, !A -> !W
  scf.if %root { vector.print str "t3 " }
  dist.print %t3 : !W
  %n2 = dist.elementwise %t2 : !B -> !B {
  ^bb0(%v: i64):
    %w = arith.subi %zero, %v : i64
    dist.yield %w : i64
  }
  %t4 = dist.insert_slice %n2 into %a [::-2, 1:] : !B into !A
  scf.if %root { vector.print str "t4 " }
  dist.print %t4 : !A
  %ar = dist.slice %a [:, ::-1] : !A -> !B
  %t5 = dist.concat %a, %ar axis 1 : !A, !B -> !AW
  scf.if %root { vector.print str "t5 " }
  dist.print %t5 : !AW
  return
}
