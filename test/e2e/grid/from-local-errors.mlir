// dist.from_local on a grid checks at run time that the blocks form one
// partition per grid axis; a violation stops the program with the op's
// location (2 x 2 grid, P = 4).
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t && split-file %s %t
// RUN: %distc %t/cross.mlir -o %t/cross
// RUN: not %mpirun -n 4 %t/cross 2>&1 | FileCheck %s --check-prefix=CROSS --implicit-check-not="Stack dump" --implicit-check-not="signal"
// RUN: %distc %t/tile.mlir -o %t/tile
// RUN: not %mpirun -n 4 %t/tile 2>&1 | FileCheck %s --check-prefix=TILE --implicit-check-not="Stack dump" --implicit-check-not="signal"
// RUN: %distc %t/balanced.mlir -o %t/balanced
// RUN: not %mpirun -n 4 %t/balanced 2>&1 | FileCheck %s --check-prefix=BALANCED --implicit-check-not="Stack dump" --implicit-check-not="signal"
// RUN: %distc %t/static.mlir -o %t/static
// RUN: not %mpirun -n 4 %t/static 2>&1 | FileCheck %s --check-prefix=STATIC --implicit-check-not="Stack dump" --implicit-check-not="signal"

// CROSS: cross.mlir:13:8: error: dist.from_local: the parts of the ranks with the same coordinate along grid axis 0 differ along dimension 0 (largest vs smallest): 4 vs 1
// TILE: tile.mlir:7:8: error: dist.from_local: the offsets along dimension 0 do not tile it in the order of grid axis 0 (this rank's offset vs the sum of the parts before it): 0 vs 2
// BALANCED: balanced.mlir:13:8: error: dist.from_local: the result type is balanced but the parts are not (this rank's part vs its balanced size)
// STATIC: static.mlir:10:8: error: dist.from_local: the parts do not add up to the static global size of dimension 1: 4 vs 5

//--- cross.mlir
// Ranks 0 and 1 (grid row 0) give 1 and 4 rows, so do ranks 2 and 3.
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %me = dist.team_member
  %m = arith.remui %me, %c2 : index
  %m3 = arith.muli %m, %c3 : index
  %k = arith.addi %c1, %m3 : index
  %part = tensor.splat %one[%k, %c1] : tensor<?x?xf64>
  %a = dist.from_local %part offset %c0, %c0 : tensor<?x?xf64> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
  dist.print %a : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
  return
}
//--- tile.mlir
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %part = tensor.splat %one[%c2, %c2] : tensor<?x?xf64>
  // Every rank claims offset (0, 0).
  %a = dist.from_local %part offset %c0, %c0 : tensor<?x?xf64> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
  dist.print %a : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
  return
}
//--- balanced.mlir
// Grid row 0 has 1 row, row 1 has 3: valid irregular, not balanced.
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %me = dist.team_member
  %r = arith.divui %me, %c2 : index
  %c = arith.remui %me, %c2 : index
  %co = arith.muli %c, %c2 : index
  %rows = arith.muli %r, %c2 : index
  %rows1 = arith.addi %rows, %c1 : index
  %part = tensor.splat %one[%rows1, %c2] : tensor<?x?xf64>
  %a = dist.from_local %part offset %r, %co : tensor<?x?xf64> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  dist.print %a : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  return
}
//--- static.mlir
func.func @main() {
  %one = arith.constant 1.0 : f64
  %c2 = arith.constant 2 : index
  %me = dist.team_member
  %r = arith.divui %me, %c2 : index
  %c = arith.remui %me, %c2 : index
  %ro = arith.muli %r, %c2 : index
  %co = arith.muli %c, %c2 : index
  %part = tensor.splat %one[%c2, %c2] : tensor<?x?xf64>
  %a = dist.from_local %part offset %ro, %co : tensor<?x?xf64> -> !dist.tensor<4x5xf64, grid = [?, ?], split = [0, 1], irregular>
  dist.print %a : !dist.tensor<4x5xf64, grid = [?, ?], split = [0, 1], irregular>
  return
}
