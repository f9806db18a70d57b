// dist.save and formatted dist.print of an *irregular* grid tensor (made
// by dist.from_local) on 1-6 ranks: each rank builds the block
// [7 c0^2 / E0^2, 7 (c0+1)^2 / E0^2) x [10 c1^2 / E1^2, ...) of the 7 x 10
// array g[i, j] = 100 i + j at grid coordinates c of extents E (uneven,
// empty on 3 x 1 and 3 x 2 grids), saves it (each rank its own box, no
// repartition) and prints it (repartitioned to balanced row blocks).
// numpy checks the file byte for byte against numpy.save of g and the
// text against its print() and the element-wise "%5d" text.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %s -o %t
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %mpirun -n 1 %t --out=%t.d/g1.npy > %t.d/out1.txt
// RUN: %mpirun -n 2 %t --out=%t.d/g2.npy > %t.d/out2.txt
// RUN: %mpirun -n 3 %t --out=%t.d/g3.npy > %t.d/out3.txt
// RUN: %mpirun -n 4 %t --out=%t.d/g4.npy > %t.d/out4.txt
// RUN: %mpirun -n 5 %t --out=%t.d/g5.npy > %t.d/out5.txt
// RUN: %mpirun -n 6 %t --out=%t.d/g6.npy > %t.d/out6.txt
// RUN: %numpy-python %S/Inputs/npy_grid.py irregular %t.d 6 | FileCheck %s --match-full-lines

// CHECK: ok irregular 1-6

!I = !dist.tensor<7x10xi64, grid = [?, ?], split = [0, 1], irregular>
!H = !dist.tensor<?x?xi64, grid = [?, ?], split = [0, 1]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %zi = arith.constant 0 : i64
  %p = dist.team_size
  // Grid coordinates and extents from a balanced P x P helper (its block
  // is P/E0 x P/E1 at offset c * P/E).
  %h = dist.full %zi (%p, %p) : !H
  %hl = dist.local %h : !H -> tensor<?x?xi64>
  %b0 = tensor.dim %hl, %c0 : tensor<?x?xi64>
  %b1 = tensor.dim %hl, %c1 : tensor<?x?xi64>
  %e0 = arith.divui %p, %b0 : index
  %e1 = arith.divui %p, %b1 : index
  %ho0 = dist.local_offset %h, 0 : !H
  %ho1 = dist.local_offset %h, 1 : !H
  %k0 = arith.divui %ho0, %b0 : index
  %k1 = arith.divui %ho1, %b1 : index
  %lo0 = func.call @edge(%c7, %k0, %e0) : (index, index, index) -> index
  %k0n = arith.addi %k0, %c1 : index
  %hi0 = func.call @edge(%c7, %k0n, %e0) : (index, index, index) -> index
  %lo1 = func.call @edge(%c10, %k1, %e1) : (index, index, index) -> index
  %k1n = arith.addi %k1, %c1 : index
  %hi1 = func.call @edge(%c10, %k1n, %e1) : (index, index, index) -> index
  %rows = arith.subi %hi0, %lo0 : index
  %cols = arith.subi %hi1, %lo1 : index
  %blk = tensor.generate %rows, %cols {
  ^bb0(%i: index, %j: index):
    %c100 = arith.constant 100 : index
    %gi = arith.addi %i, %lo0 : index
    %gj = arith.addi %j, %lo1 : index
    %t = arith.muli %gi, %c100 : index
    %s = arith.addi %t, %gj : index
    %v = arith.index_cast %s : index to i64
    tensor.yield %v : i64
  } : tensor<?x?xi64>
  %g = dist.from_local %blk offset %lo0, %lo1 : tensor<?x?xi64> -> !I
  dist.save %g, "g.npy" param "out" : !I
  dist.print %g numpy : !I
  dist.print %g format = "%5d" : !I
  return
}

// floor(n k^2 / e^2): the start of block k of e.
func.func @edge(%n: index, %k: index, %e: index) -> index {
  %kk = arith.muli %k, %k : index
  %nkk = arith.muli %n, %kk : index
  %ee = arith.muli %e, %e : index
  %r = arith.divui %nkk, %ee : index
  return %r : index
}
