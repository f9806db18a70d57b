// dist.matmul on process grids (SUMMA: panels of A broadcast along grid
// rows, of B along grid columns) on 1, 2, 3, 4 and 6 ranks, against the
// closed form C = A B for A[i,k] = i + k (7 x 5), B[k,j] = 1 + j k (5 x 6):
//   C[i,j] = K i + S1 + j (i S1 + S2), S1 = sum k = 10, S2 = sum k^2 = 30
// (numpy's A @ B, pasted below). The run-time grid is 1x1, 2x1, 3x1, 2x2
// and 3x2; 7 x 5 x 6 divides evenly on none of them, and the 4 panels of
// K = 5 straddle the column blocks of A. The same product with A on the
// grid and B, C in row blocks, and with A, B in row blocks and C on the
// grid (operands moved to the grid), and an i64 product on a static 2 x 2
// grid when there are 4 ranks (any other count stops at a located check).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines --check-prefixes=CHECK,FOUR
// RUN: %mpirun -n 6 %t | FileCheck %s --match-full-lines
// RUN: %distc -O0 %s -o %t0
// RUN: %mpirun -n 3 %t0 | FileCheck %s --match-full-lines
// The broadcasts are sub-grid collectives, double-buffered (panel 0 of A and
// B before the panel loop, panel p+1 inside it: 4 per product):
// RUN: %distc %s --emit=mlir --pipeline=distc-dist-to-distruntime -o - | FileCheck %s --check-prefix=IR

// IR-COUNT-8: distruntime.bcast_panel

// CHECK-COUNT-3: ( ( 10, 40, 70, 100, 130, 160 ), ( 15, 55, 95, 135, 175, 215 ), ( 20, 70, 120, 170, 220, 270 ), ( 25, 85, 145, 205, 265, 325 ), ( 30, 100, 170, 240, 310, 380 ), ( 35, 115, 195, 275, 355, 435 ), ( 40, 130, 220, 310, 400, 490 ) )
// FOUR-NEXT: ( ( 10, 40, 70, 100, 130, 160 ), ( 15, 55, 95, 135, 175, 215 ), ( 20, 70, 120, 170, 220, 270 ), ( 25, 85, 145, 205, 265, 325 ), ( 30, 100, 170, 240, 310, 380 ), ( 35, 115, 195, 275, 355, 435 ), ( 40, 130, 220, 310, 400, 490 ) )
!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
!R = !dist.tensor<?x?xf64>
func.func @main() {
  %m = arith.constant 7 : index
  %k = arith.constant 5 : index
  %n = arith.constant 6 : index
  %a = dist.generate (%m, %k) : !G {
  ^bb0(%i: index, %l: index):
    %s = arith.addi %i, %l : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %b = dist.generate (%k, %n) : !G {
  ^bb0(%l: index, %j: index):
    %c1 = arith.constant 1 : index
    %p = arith.muli %l, %j : index
    %s = arith.addi %p, %c1 : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %c = dist.matmul %a, %b : !G, !G -> !G
  dist.print %c : !G

  // A on the grid, B and C in row blocks: B is moved to the grid.
  %br = dist.repartition %b : !G -> !R
  %c2 = dist.matmul %a, %br : !G, !R -> !R
  dist.print %c2 : !R

  // A and B in row blocks, C on the grid.
  %ar = dist.repartition %a : !G -> !R
  %c3 = dist.matmul %ar, %br : !R, !R -> !G
  dist.print %c3 : !G

  %nranks = dist.team_size
  %c4 = arith.constant 4 : index
  %four = arith.cmpi eq, %nranks, %c4 : index
  scf.if %four {
    func.call @static_grid() : () -> ()
  }
  return
}

!S = !dist.tensor<7x5xi64, grid = [2, 2], split = [0, 1]>
!T = !dist.tensor<5x6xi64, grid = [2, 2], split = [0, 1]>
!U = !dist.tensor<7x6xi64, grid = [2, 2], split = [0, 1]>
func.func @static_grid() {
  %a = dist.generate : !S {
  ^bb0(%i: index, %l: index):
    %s = arith.addi %i, %l : index
    %v = arith.index_cast %s : index to i64
    dist.yield %v : i64
  }
  %b = dist.generate : !T {
  ^bb0(%l: index, %j: index):
    %c1 = arith.constant 1 : index
    %p = arith.muli %l, %j : index
    %s = arith.addi %p, %c1 : index
    %v = arith.index_cast %s : index to i64
    dist.yield %v : i64
  }
  %c = dist.matmul %a, %b : !S, !T -> !U
  dist.print %c : !U
  return
}
