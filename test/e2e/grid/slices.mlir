// End-to-end: dist.slice, dist.insert_slice and dist.concat on tensors
// distributed over process grids, and between grids and 1-D splits in
// both directions, against numpy's basic slicing, assignment into a slice
// and numpy.concatenate (Inputs/slices_ref.py computes every CHECK line at
// test time, from Python's own slice normalisation). 7 x 10 and 13 x 5
// (run-time sizes) on grids [?, ?] with either axis order, [1, ?], and a
// 4 x 7 x 5 tensor on a 2-D and a 3-D grid: uneven blocks, empty blocks
// (7 rows over 6 ranks of 3-D grids), free slices into irregular results
// that are sliced again, negative and run-time steps along split
// dimensions, bounds that clamp, an empty slice; and periodic shifts of
// irregular grid tensors, which are slices and concatenations on the
// grid. Only rank 0 prints.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: python3 %S/Inputs/slices_ref.py > %t.check
// RUN: %mpirun -n 1 %t | FileCheck %t.check --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %t.check --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %t.check --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %t.check --match-full-lines
// RUN: %mpirun -n 5 %t | FileCheck %t.check --match-full-lines
// RUN: %mpirun -n 6 %t | FileCheck %t.check --match-full-lines
// Run-time bounds: another start and a positive step along dimension 1.
// RUN: python3 %S/Inputs/slices_ref.py -4 2 > %t.check2
// RUN: %mpirun -n 6 %t --lo=-4 --step 2 | FileCheck %t.check2 --match-full-lines
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 5 %t.O0 | FileCheck %t.check --match-full-lines

!G = !dist.tensor<7x10xi64, grid = [?, ?], split = [0, 1]>
!GT = !dist.tensor<7x10xi64, grid = [?, ?], split = [1, 0]>
!GI = !dist.tensor<5x8xi64, grid = [?, ?], split = [0, 1], irregular>
!IQ = !dist.tensor<?x?xi64, grid = [?, ?], split = [0, 1], irregular>
!S1 = !dist.tensor<7x10xi64, grid = [1, ?], split = [0, 1]>
!Q = !dist.tensor<?x?xi64, grid = [?, ?], split = [0, 1]>
!QT = !dist.tensor<?x?xi64, grid = [?, ?], split = [1, 0]>
!R = !dist.tensor<7x10xi64>
!RQ = !dist.tensor<?x?xi64>
!CQ = !dist.tensor<?x?xi64, split = 1>
!H = !dist.tensor<4x7x5xi64, grid = [?, ?], split = [2, 0]>
!H35 = !dist.tensor<4x3x5xi64, grid = [?, ?], split = [2, 0]>
!H14 = !dist.tensor<4x14x5xi64, grid = [?, ?], split = [2, 0]>
!H3 = !dist.tensor<?x?x?xi64, grid = [?, ?, ?], split = [0, 1, 2]>
!HI = !dist.tensor<4x6x5xi64, grid = [?, ?], split = [2, 0], irregular>
!HR = !dist.tensor<?x?x?xi64, split = 1>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %minus = arith.constant -1 : i64
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  %m = dist.param "m" default 13 : index
  %n = dist.param "n" default 5 : index
  %lo = dist.param "lo" default 2 : index
  %st = dist.param "step" default -2 : index

  // g = 10 i + j + 1 (7 x 10), q the same 13 x 5, h = 100 i + 10 j + k + 1.
  %g = dist.generate : !G {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %t = arith.muli %i, %c10 : index
    %s = arith.addi %t, %j : index
    %s1 = arith.addi %s, %c1 : index
    %v = arith.index_cast %s1 : index to i64
    dist.yield %v : i64
  }
  %q = dist.generate (%m, %n) : !Q {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %t = arith.muli %i, %c10 : index
    %s = arith.addi %t, %j : index
    %s1 = arith.addi %s, %c1 : index
    %v = arith.index_cast %s1 : index to i64
    dist.yield %v : i64
  }
  %h = dist.generate : !H {
  ^bb0(%i: index, %j: index, %k: index):
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c100 : index
    %b = arith.muli %j, %c10 : index
    %ab = arith.addi %a, %b : index
    %abk = arith.addi %ab, %k : index
    %s = arith.addi %abk, %c1 : index
    %v = arith.index_cast %s : index to i64
    dist.yield %v : i64
  }
  %r = dist.repartition %g : !G -> !R
  %gt = dist.repartition %g : !G -> !GT
  %g1 = dist.repartition %g : !G -> !S1
  %ng = dist.elementwise %g : !G -> !G {
  ^bb0(%v: i64):
    %w = arith.subi %zero, %v : i64
    dist.yield %w : i64
  }
  %nh = dist.elementwise %h : !H -> !H {
  ^bb0(%v: i64):
    %w = arith.subi %zero, %v : i64
    dist.yield %w : i64
  }

  // Slices.
  %s1 = dist.slice %g [1:-1, 1:-1] : !G -> !Q
  scf.if %root { vector.print str "s1 " }
  dist.print %s1 : !Q
  %s2 = dist.slice %g [1:-1, 1:-1] : !G -> !GI
  scf.if %root { vector.print str "s2 " }
  dist.print %s2 : !GI
  %s3 = dist.slice %g [::2, ::-3] : !G -> !Q
  scf.if %root { vector.print str "s3 " }
  dist.print %s3 : !Q
  %s4 = dist.slice %g [-2:1:-2, 3:] : !G -> !RQ
  scf.if %root { vector.print str "s4 " }
  dist.print %s4 : !RQ
  %s5 = dist.slice %g [:, :] : !G -> !G
  scf.if %root { vector.print str "s5 " }
  dist.print %s5 : !G
  %s6 = dist.slice %r [1:6, ::3] : !R -> !Q
  scf.if %root { vector.print str "s6 " }
  dist.print %s6 : !Q
  %s7 = dist.slice %g [-20:20, 2:3] : !G -> !CQ
  scf.if %root { vector.print str "s7 " }
  dist.print %s7 : !CQ
  %e = dist.slice %g [5:2, :] : !G -> !Q
  %e0 = dist.global_dim %e, 0 : !Q
  %e1 = dist.global_dim %e, 1 : !Q
  scf.if %root { vector.print str "n8 " }
  dist.print %e0 : index
  scf.if %root { vector.print str "n8c " }
  dist.print %e1 : index
  %s9 = dist.slice %q [%lo:, ::%st] : !Q -> !Q
  scf.if %root { vector.print str "s9 " }
  dist.print %s9 : !Q
  %s10 = dist.slice %gt [1::3, -3:] : !GT -> !Q
  scf.if %root { vector.print str "s10 " }
  dist.print %s10 : !Q
  // The irregular pieces of %s2, sliced again.
  %s11 = dist.slice %s2 [::2, 1:] : !GI -> !IQ
  scf.if %root { vector.print str "s11 " }
  dist.print %s11 : !IQ
  %s12 = dist.slice %s2 [-1::-2, 1:] : !GI -> !Q
  scf.if %root { vector.print str "s12 " }
  dist.print %s12 : !Q
  %s13 = dist.slice %s2 [1:, 2:-1] : !GI -> !RQ
  scf.if %root { vector.print str "s13 " }
  dist.print %s13 : !RQ
  %s14 = dist.slice %h [1:, ::2, -1::-2] : !H -> !H3
  scf.if %root { vector.print str "s14 " }
  dist.print %s14 : !H3
  %s15 = dist.slice %h [:, 1:-1, :] : !H -> !HR
  scf.if %root { vector.print str "s15 " }
  dist.print %s15 : !HR
  %s16 = dist.slice %g1 [1:-1, 2:] : !S1 -> !Q
  scf.if %root { vector.print str "s16 " }
  dist.print %s16 : !Q

  // Insertions.
  %z = dist.full %zero : !G
  %i1 = dist.insert_slice %s1 into %z [1:-1, 1:-1] : !Q into !G
  scf.if %root { vector.print str "i1 " }
  dist.print %i1 : !G
  %ones = dist.full %minus : !dist.tensor<4x3xi64>
  %i2 = dist.insert_slice %ones into %g [::2, 1::3] : !dist.tensor<4x3xi64> into !G
  scf.if %root { vector.print str "i2 " }
  dist.print %i2 : !G
  %i3 = dist.insert_slice %ng into %g [:, :] : !G into !G
  scf.if %root { vector.print str "i3 " }
  dist.print %i3 : !G
  %ns = dist.slice %ng [1:-1, 2:-2] : !G -> !Q
  %i4 = dist.insert_slice %ns into %r [1:-1, 2:-2] : !Q into !R
  scf.if %root { vector.print str "i4 " }
  dist.print %i4 : !R
  %ns9 = dist.elementwise %s9 : !Q -> !Q {
  ^bb0(%v: i64):
    %w = arith.subi %zero, %v : i64
    dist.yield %w : i64
  }
  %i5 = dist.insert_slice %ns9 into %q [%lo:, ::%st] : !Q into !Q
  scf.if %root { vector.print str "i5 " }
  dist.print %i5 : !Q
  %nhs = dist.slice %nh [1:3, ::3, 1:] : !H -> !H3
  %i6 = dist.insert_slice %nhs into %h [1:3, ::3, 1:] : !H3 into !H
  scf.if %root { vector.print str "i6 " }
  dist.print %i6 : !H
  %nr = dist.slice %ng [0:3, :] : !G -> !RQ
  %i7 = dist.insert_slice %nr into %g [2:5, :] : !RQ into !G
  scf.if %root { vector.print str "i7 " }
  dist.print %i7 : !G
  // The split dimensions whole, both balanced alike: no communication.
  %nh35 = dist.slice %nh [:, 4:1:-1, :] : !H -> !H35
  %i8 = dist.insert_slice %nh35 into %h [:, 2:5, :] : !H35 into !H
  scf.if %root { vector.print str "i8 " }
  dist.print %i8 : !H

  // Concatenations.
  %top = dist.slice %g [:2, :] : !G -> !Q
  %c1c = dist.concat %g, %top axis 0 : !G, !Q -> !Q
  scf.if %root { vector.print str "c1 " }
  dist.print %c1c : !Q
  %right = dist.slice %g [:, 7:] : !G -> !IQ
  %c2c = dist.concat %g, %right axis 1 : !G, !IQ -> !Q
  scf.if %root { vector.print str "c2 " }
  dist.print %c2c : !Q
  %c3c = dist.concat %r, %g axis 0 : !R, !G -> !Q
  scf.if %root { vector.print str "c3 " }
  dist.print %c3c : !Q
  %c4c = dist.concat %g, %r axis 1 : !G, !R -> !RQ
  scf.if %root { vector.print str "c4 " }
  dist.print %c4c : !RQ
  %qr = dist.slice %q [:, ::-1] : !Q -> !Q
  %c5c = dist.concat %q, %qr axis 1 : !Q, !Q -> !Q
  scf.if %root { vector.print str "c5 " }
  dist.print %c5c : !Q
  %c6c = dist.concat %h, %h axis 1 : !H, !H -> !H14
  scf.if %root { vector.print str "c6 " }
  dist.print %c6c : !H14
  %h2 = dist.slice %h [:, :, :2] : !H -> !HR
  %c7c = dist.concat %h, %h2 axis 2 : !H, !HR -> !H3
  scf.if %root { vector.print str "c7 " }
  dist.print %c7c : !H3
  %gr = dist.slice %g [::-1, :] : !G -> !GT
  %c8c = dist.concat %g, %gr axis 0 : !G, !GT -> !QT
  scf.if %root { vector.print str "c8 " }
  dist.print %c8c : !QT

  // Periodic shifts of irregular blocks: rolls, each a concatenation of
  // two slices per dimension (the balanced blocks take the wrapped-halo
  // path instead, test/e2e/grid/periodic.mlir).
  %r1 = dist.shift %s2 offsets [2, -3] periodic : !GI
  scf.if %root { vector.print str "r1 " }
  dist.print %r1 : !GI
  %r2 = dist.shift %s11 offsets [-1, 0] periodic : !IQ
  scf.if %root { vector.print str "r2 " }
  dist.print %r2 : !IQ
  %hi = dist.slice %h [:, 1:, :] : !H -> !HI
  %r3 = dist.shift %hi offsets [1, 2, -1] periodic : !HI
  scf.if %root { vector.print str "r3 " }
  dist.print %r3 : !HI
  return
}

