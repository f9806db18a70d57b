// End-to-end: matrix-vector products y = A x with A on a 2-D process grid
// (each rank fetches the piece of x under its columns, multiplies its
// block, the grid row sums the partial results on its sub-grid team, the
// sums land in y's blocks), on 7x10 and 13x5, against numpy
// (Inputs/grid_check.py: A[i, j] = (3 i + 5 j) % 7 - 3,
// x[j] = (2 j + 1) % 5 - 2, y = A @ x, every element compared):
//   g   static shapes, grid = [?, ?], split = [0, 1], f64
//   t   run-time sizes, A on grid = [?, ?], split = [1, 0]
//   gi  A in irregular grid blocks (dist.from_local, uneven and empty)
//   i   i64
//   s   f32
//   v   i32, x in irregular 1-D blocks
// P = 1..6: grids 1x1, 2x1, 3x1, 2x2, 5x1, 3x2. Only rank 0 prints.
// REQUIRES: compiler, idtr-runtime, numpy
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t > %t.1 && %numpy-python %S/Inputs/grid_check.py matvec %t.1 | FileCheck %s
// RUN: %mpirun -n 2 %t > %t.2 && %numpy-python %S/Inputs/grid_check.py matvec %t.2 | FileCheck %s
// RUN: %mpirun -n 3 %t > %t.3 && %numpy-python %S/Inputs/grid_check.py matvec %t.3 | FileCheck %s
// RUN: %mpirun -n 4 %t > %t.4 && %numpy-python %S/Inputs/grid_check.py matvec %t.4 | FileCheck %s
// RUN: %mpirun -n 5 %t > %t.5 && %numpy-python %S/Inputs/grid_check.py matvec %t.5 | FileCheck %s
// RUN: %mpirun -n 6 %t > %t.6 && %numpy-python %S/Inputs/grid_check.py matvec %t.6 | FileCheck %s
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 4 %t.O0 > %t.O0.4 && %numpy-python %S/Inputs/grid_check.py matvec %t.O0.4 | FileCheck %s

// CHECK: all 120 values agree with numpy

!A = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
!AT = !dist.tensor<?x?xf64, grid = [?, ?], split = [1, 0]>
!AI = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
!Ai = !dist.tensor<?x?xi64, grid = [?, ?], split = [0, 1]>
!As = !dist.tensor<?x?xf32, grid = [?, ?], split = [0, 1]>
!A32 = !dist.tensor<?x?xi32, grid = [?, ?], split = [0, 1]>
!X = !dist.tensor<?xf64>
!Xi = !dist.tensor<?xi64>
!Xs = !dist.tensor<?xf32>
!X32 = !dist.tensor<?xi32>
!X32I = !dist.tensor<?xi32, irregular>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c10 = arith.constant 10 : index
  %c13 = arith.constant 13 : index
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index

  %a1 = func.call @matrix(%c7, %c10) : (index, index) -> !A
  %x1 = func.call @vector(%c10) : (index) -> !X
  %sa1 = dist.repartition %a1 : !A -> !dist.tensor<7x10xf64, grid = [?, ?], split = [0, 1]>
  %sx1 = dist.repartition %x1 : !X -> !dist.tensor<10xf64>
  %sy1 = dist.matmul %sa1, %sx1 : !dist.tensor<7x10xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<10xf64> -> !dist.tensor<7xf64>
  scf.if %root { vector.print str "g " }
  dist.print %sy1 : !dist.tensor<7xf64>
  func.call @variants(%c7, %c10, %root) : (index, index, i1) -> ()

  %a2 = func.call @matrix(%c13, %c5) : (index, index) -> !A
  %x2 = func.call @vector(%c5) : (index) -> !X
  %sa2 = dist.repartition %a2 : !A -> !dist.tensor<13x5xf64, grid = [?, ?], split = [0, 1]>
  %sx2 = dist.repartition %x2 : !X -> !dist.tensor<5xf64>
  %sy2 = dist.matmul %sa2, %sx2 : !dist.tensor<13x5xf64, grid = [?, ?], split = [0, 1]>, !dist.tensor<5xf64> -> !dist.tensor<13xf64>
  scf.if %root { vector.print str "g " }
  dist.print %sy2 : !dist.tensor<13xf64>
  func.call @variants(%c13, %c5, %root) : (index, index, i1) -> ()
  return
}

// A[i, j] = (3 i + 5 j) % 7 - 3, m x k.
func.func @matrix(%m: index, %k: index) -> !A {
  %a = dist.generate (%m, %k) : !A {
  ^bb0(%i: index, %j: index):
    %ea3 = arith.constant 3 : index
    %ea5 = arith.constant 5 : index
    %ea7 = arith.constant 7 : index
    %eai = arith.muli %i, %ea3 : index
    %eaj = arith.muli %j, %ea5 : index
    %eas = arith.addi %eai, %eaj : index
    %ear = arith.remui %eas, %ea7 : index
    %eax = arith.index_cast %ear : index to i64
    %eaf = arith.sitofp %eax : i64 to f64
    %ea3f = arith.constant 3.0 : f64
    %v = arith.subf %eaf, %ea3f : f64
    dist.yield %v : f64
  }
  return %a : !A
}

func.func @aij(%i: index, %j: index) -> f64 {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %a = arith.muli %i, %c3 : index
  %b = arith.muli %j, %c5 : index
  %s = arith.addi %a, %b : index
  %r = arith.remui %s, %c7 : index
  %x = arith.index_cast %r : index to i64
  %f = arith.sitofp %x : i64 to f64
  %three = arith.constant 3.0 : f64
  %y = arith.subf %f, %three : f64
  return %y : f64
}

// x[j] = (2 j + 1) % 5 - 2, k long.
func.func @xj(%j: index) -> f64 {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %a = arith.muli %j, %c2 : index
  %s = arith.addi %a, %c1 : index
  %r = arith.remui %s, %c5 : index
  %x = arith.index_cast %r : index to i64
  %f = arith.sitofp %x : i64 to f64
  %two = arith.constant 2.0 : f64
  %y = arith.subf %f, %two : f64
  return %y : f64
}

func.func @vector(%k: index) -> !X {
  %x = dist.generate (%k) : !X {
  ^bb0(%j: index):
    %ex1 = arith.constant 1 : index
    %ex2 = arith.constant 2 : index
    %ex5 = arith.constant 5 : index
    %exa = arith.muli %j, %ex2 : index
    %exs = arith.addi %exa, %ex1 : index
    %exr = arith.remui %exs, %ex5 : index
    %exx = arith.index_cast %exr : index to i64
    %exf = arith.sitofp %exx : i64 to f64
    %ex2f = arith.constant 2.0 : f64
    %v = arith.subf %exf, %ex2f : f64
    dist.yield %v : f64
  }
  return %x : !X
}

func.func @variants(%m: index, %k: index, %root: i1) {
  %a = func.call @matrix(%m, %k) : (index, index) -> !A
  %x = func.call @vector(%k) : (index) -> !X

  %at = dist.repartition %a : !A -> !AT
  %yt = dist.matmul %at, %x : !AT, !X -> !X
  scf.if %root { vector.print str "t " }
  dist.print %yt : !X

  %ai = func.call @irregular(%m, %k) : (index, index) -> !AI
  %yi = dist.matmul %ai, %x : !AI, !X -> !X
  scf.if %root { vector.print str "gi " }
  dist.print %yi : !X

  %a64 = dist.elementwise %a : !A -> !Ai {
  ^bb0(%v: f64):
    %w = arith.fptosi %v : f64 to i64
    dist.yield %w : i64
  }
  %x64 = dist.elementwise %x : !X -> !Xi {
  ^bb0(%v: f64):
    %w = arith.fptosi %v : f64 to i64
    dist.yield %w : i64
  }
  %y64 = dist.matmul %a64, %x64 : !Ai, !Xi -> !Xi
  scf.if %root { vector.print str "i " }
  dist.print %y64 : !Xi

  %a32 = dist.elementwise %a : !A -> !As {
  ^bb0(%v: f64):
    %w = arith.truncf %v : f64 to f32
    dist.yield %w : f32
  }
  %x32 = dist.elementwise %x : !X -> !Xs {
  ^bb0(%v: f64):
    %w = arith.truncf %v : f64 to f32
    dist.yield %w : f32
  }
  %y32 = dist.matmul %a32, %x32 : !As, !Xs -> !Xs
  scf.if %root { vector.print str "s " }
  dist.print %y32 : !Xs

  %ai32 = dist.elementwise %a : !A -> !A32 {
  ^bb0(%v: f64):
    %w = arith.fptosi %v : f64 to i32
    dist.yield %w : i32
  }
  %xi32 = func.call @irregularVector(%k) : (index) -> !X32I
  %yi32 = dist.matmul %ai32, %xi32 : !A32, !X32I -> !X32
  scf.if %root { vector.print str "v " }
  dist.print %yi32 : !X32
  return
}

// A in irregular grid blocks: each rank finds its grid coordinates c and
// extents E from a balanced P x P helper (its block is P/E0 x P/E1) and
// provides [m c0^2 / E0^2, m (c0+1)^2 / E0^2) x [k c1^2 / E1^2, ...).
func.func @irregular(%m: index, %k: index) -> !AI {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zi = arith.constant 0 : i64
  %p = dist.team_size
  %h = dist.full %zi (%p, %p) : !dist.tensor<?x?xi64, grid = [?, ?], split = [0, 1]>
  %hl = dist.local %h : !dist.tensor<?x?xi64, grid = [?, ?], split = [0, 1]> -> tensor<?x?xi64>
  %b0 = tensor.dim %hl, %c0 : tensor<?x?xi64>
  %b1 = tensor.dim %hl, %c1 : tensor<?x?xi64>
  %e0 = arith.divui %p, %b0 : index
  %e1 = arith.divui %p, %b1 : index
  %ho0 = dist.local_offset %h, 0 : !dist.tensor<?x?xi64, grid = [?, ?], split = [0, 1]>
  %ho1 = dist.local_offset %h, 1 : !dist.tensor<?x?xi64, grid = [?, ?], split = [0, 1]>
  %k0 = arith.divui %ho0, %b0 : index
  %k1 = arith.divui %ho1, %b1 : index
  %lo0 = func.call @edge(%m, %k0, %e0) : (index, index, index) -> index
  %k0n = arith.addi %k0, %c1 : index
  %hi0 = func.call @edge(%m, %k0n, %e0) : (index, index, index) -> index
  %lo1 = func.call @edge(%k, %k1, %e1) : (index, index, index) -> index
  %k1n = arith.addi %k1, %c1 : index
  %hi1 = func.call @edge(%k, %k1n, %e1) : (index, index, index) -> index
  %rows = arith.subi %hi0, %lo0 : index
  %cols = arith.subi %hi1, %lo1 : index
  %blk = tensor.generate %rows, %cols {
  ^bb0(%i: index, %j: index):
    %gi = arith.addi %i, %lo0 : index
    %gj = arith.addi %j, %lo1 : index
    %v = func.call @aij(%gi, %gj) : (index, index) -> f64
    tensor.yield %v : f64
  } : tensor<?x?xf64>
  %a = dist.from_local %blk offset %lo0, %lo1 : tensor<?x?xf64> -> !AI
  return %a : !AI
}

// x (as i32) in irregular 1-D blocks [k r^2 / P^2, k (r+1)^2 / P^2).
func.func @irregularVector(%k: index) -> !X32I {
  %c1 = arith.constant 1 : index
  %p = dist.team_size
  %r = dist.team_member
  %lo = func.call @edge(%k, %r, %p) : (index, index, index) -> index
  %rn = arith.addi %r, %c1 : index
  %hi = func.call @edge(%k, %rn, %p) : (index, index, index) -> index
  %n = arith.subi %hi, %lo : index
  %blk = tensor.generate %n {
  ^bb0(%j: index):
    %gj = arith.addi %j, %lo : index
    %v = func.call @xj(%gj) : (index) -> f64
    %w = arith.fptosi %v : f64 to i32
    tensor.yield %w : i32
  } : tensor<?xi32>
  %x = dist.from_local %blk offset %lo : tensor<?xi32> -> !X32I
  return %x : !X32I
}

func.func @edge(%n: index, %k: index, %e: index) -> index {
  %kk = arith.muli %k, %k : index
  %nkk = arith.muli %n, %kk : index
  %ee = arith.muli %e, %e : index
  %r = arith.divui %nkk, %ee : index
  return %r : index
}
