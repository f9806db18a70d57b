// End-to-end: a stencil across irregular column blocks (split = 1, from
// dist.from_local): the halo is one copy_reshape of each rank's extended
// box (Stencil.cpp), corners included, against numpy (the script at the
// end). Rank r of P holds columns [6 r^2 / P^2, 6 (r+1)^2 / P^2) of the
// 5 x 6 array 10 i + j + 1: uneven, and empty on 3 and more ranks.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 6 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'

!C = !dist.tensor<5x6xi64, split = 1, irregular>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %zi = arith.constant 0 : i64
  %p = dist.team_size
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  %lo = func.call @edge(%c6, %me, %p) : (index, index, index) -> index
  %me1 = arith.addi %me, %c1 : index
  %hi = func.call @edge(%c6, %me1, %p) : (index, index, index) -> index
  %cols = arith.subi %hi, %lo : index
  %blk = tensor.generate %cols {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %gj = arith.addi %j, %lo : index
    %t = arith.muli %i, %c10 : index
    %s = arith.addi %t, %gj : index
    %s1 = arith.addi %s, %c1 : index
    %v = arith.index_cast %s1 : index to i64
    tensor.yield %v : i64
  } : tensor<5x?xi64>
  %g = dist.from_local %blk offset %lo : tensor<5x?xi64> -> !C
  %w = dist.shift %g offsets [0, -1] fill %zi : !C
  %se = dist.shift %g offsets [1, 2] fill %zi : !C
  %ne = dist.shift %g offsets [-1, 1] fill %zi : !C
  %r = dist.elementwise %w, %se, %ne : !C, !C, !C -> !C {
  ^bb0(%a: i64, %b: i64, %c: i64):
    %k2 = arith.constant 100 : i64
    %k4 = arith.constant 10000 : i64
    %t1 = arith.muli %b, %k2 : i64
    %t2 = arith.muli %c, %k4 : i64
    %u1 = arith.addi %a, %t1 : i64
    %u2 = arith.addi %u1, %t2 : i64
    dist.yield %u2 : i64
  }
  scf.if %root { vector.print str "cols " }
  dist.print %r : !C
  return
}

// The first index of block k of n elements on e ranks.
func.func @edge(%n: index, %k: index, %e: index) -> index {
  %kk = arith.muli %k, %k : index
  %nkk = arith.muli %n, %kk : index
  %ee = arith.muli %e, %e : index
  %r = arith.divui %nkk, %ee : index
  return %r : index
}

// CHECK: [1,0]<stdout>:cols ( ( 1300, 1401, 1502, 1603, 4, 5 ), ( 22300, 32411, 42512, 52613, 60014, 15 ), ( 123300, 133421, 143522, 153623, 160024, 25 ), ( 224300, 234431, 244532, 254633, 260034, 35 ), ( 320000, 330041, 340042, 350043, 360044, 45 ) )

// The expected lines, from numpy (/usr/bin/python3):
// import numpy as np
// def fmt(a):
//     if a.ndim == 0: return str(a)
//     return "( " + ", ".join(fmt(r) for r in a) + " )"
// i, j = np.indices((5, 6))
// g = 10 * i + j + 1
// def shift(a, off, fill):
//     r = np.full_like(a, fill)
//     for x in range(a.shape[0]):
//         for y in range(a.shape[1]):
//             xs, ys = x + off[0], y + off[1]
//             if 0 <= xs < a.shape[0] and 0 <= ys < a.shape[1]: r[x, y] = a[xs, ys]
//     return r
// out = [("cols", shift(g, (0, -1), 0) + 100 * shift(g, (1, 2), 0) + 10000 * shift(g, (-1, 1), 0))]
// for k, (name, v) in enumerate(out):
//     tag = "CHE" + ("CK" if k == 0 else "CK-NEXT")  # not a directive here
//     print("// " + tag + ": [1,0]<stdout>:" + name + " " + fmt(np.asarray(v)))
