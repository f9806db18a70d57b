// End-to-end: dist.from_local on a run-time process grid (irregular
// blocks per grid axis), and the other ops on the irregular tensor it
// makes, against numpy (the script at the end of this file computes every
// CHECK line). Each rank finds its grid coordinates c and extents E from
// a balanced P x P helper (its block is P/E0 x P/E1) and builds the block
// [7 c0^2 / E0^2, 7 (c0+1)^2 / E0^2) x [6 c1^2 / E1^2, ...) of the 7 x 6
// array g[i, j] = 10 i + j + 1: quadratic, so uneven, and empty blocks on
// 3 x 1 and 3 x 2 grids. The global array is the same on every P, and so
// is the output. Only rank 0 prints.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 6 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'

!I = !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1], irregular>
!B = !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %c7 = arith.constant 7 : index
  %zi = arith.constant 0 : i64
  %p = dist.team_size
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index

  // Grid coordinates and extents from a balanced P x P helper.
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
  %lo0 = func.call @edge(%c7, %k0, %e0) : (index, index, index) -> index
  %k0n = arith.addi %k0, %c1 : index
  %hi0 = func.call @edge(%c7, %k0n, %e0) : (index, index, index) -> index
  %lo1 = func.call @edge(%c6, %k1, %e1) : (index, index, index) -> index
  %k1n = arith.addi %k1, %c1 : index
  %hi1 = func.call @edge(%c6, %k1n, %e1) : (index, index, index) -> index
  %rows = arith.subi %hi0, %lo0 : index
  %cols = arith.subi %hi1, %lo1 : index
  %blk = tensor.generate %rows, %cols {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %gi = arith.addi %i, %lo0 : index
    %gj = arith.addi %j, %lo1 : index
    %t = arith.muli %gi, %c10 : index
    %s = arith.addi %t, %gj : index
    %s1 = arith.addi %s, %c1 : index
    %v = arith.index_cast %s1 : index to i64
    tensor.yield %v : i64
  } : tensor<?x?xi64>
  %g = dist.from_local %blk offset %lo0, %lo1 : tensor<?x?xi64> -> !I
  scf.if %root { vector.print str "g " }
  dist.print %g : !I

  // local / with_local: twice each block.
  %gl = dist.local %g : !I -> tensor<?x?xi64>
  %init = tensor.empty(%rows, %cols) : tensor<?x?xi64>
  %l2 = linalg.add ins(%gl, %gl : tensor<?x?xi64>, tensor<?x?xi64>) outs(%init : tensor<?x?xi64>) -> tensor<?x?xi64>
  %g2 = dist.with_local %g, %l2 : !I, tensor<?x?xi64> -> !I
  scf.if %root { vector.print str "2g " }
  dist.print %g2 : !I

  // Element-wise with a balanced operand (repartitioned), and with itself.
  %b = dist.generate : !B {
  ^bb0(%i: index, %j: index):
    %ij = arith.muli %i, %j : index
    %v = arith.index_cast %ij : index to i64
    dist.yield %v : i64
  }
  %gb = dist.elementwise %g, %b : !I, !B -> !B {
  ^bb0(%x: i64, %y: i64):
    %xy = arith.addi %x, %y : i64
    dist.yield %xy : i64
  }
  scf.if %root { vector.print str "g+ij " }
  dist.print %gb : !B
  %gg = dist.mul %g, %g2 : !I
  %sgg = dist.reduce sum %gg : !I -> i64
  scf.if %root { vector.print str "sum(2g*g) " }
  dist.print %sgg : i64

  // Reductions: to a scalar and along each split dimension (sub-grid teams).
  %sg = dist.reduce sum %g : !I -> i64
  scf.if %root { vector.print str "sum(g) " }
  dist.print %sg : i64
  %r0 = dist.reduce sum %g axis 0 : !I -> !dist.tensor<6xi64>
  scf.if %root { vector.print str "sum0 " }
  dist.print %r0 : !dist.tensor<6xi64>
  %r1 = dist.reduce max %g axis 1 : !I -> !dist.tensor<7xi64>
  scf.if %root { vector.print str "max1 " }
  dist.print %r1 : !dist.tensor<7xi64>
  %am = dist.reduce argmax %g : !I -> index
  scf.if %root { vector.print str "argmax " }
  dist.print %am : index

  // Moving data: to column blocks, a transpose, a gather.
  %cb = dist.repartition %g : !I -> !dist.tensor<7x6xi64, split = 1>
  %cs = dist.reduce sum %cb axis 0 : !dist.tensor<7x6xi64, split = 1> -> !dist.tensor<6xi64>
  scf.if %root { vector.print str "cols " }
  dist.print %cs : !dist.tensor<6xi64>
  %t = dist.permute %g axes [1, 0] : !I -> !dist.tensor<6x7xi64, grid = [?, ?], split = [0, 1]>
  scf.if %root { vector.print str "g.T " }
  dist.print %t : !dist.tensor<6x7xi64, grid = [?, ?], split = [0, 1]>
  %all = dist.gather %g : !I -> tensor<7x6xi64>
  %x = tensor.extract %all[%c6, %c1] : tensor<7x6xi64>
  scf.if %root { vector.print str "g[6,1] " }
  dist.print %x : i64

  // A 5-point stencil and a 9-point one of width 2 on the irregular blocks.
  %m1 = arith.constant -1 : i64
  %n = dist.shift %g offsets [-1, 0] fill %m1 : !I
  %s = dist.shift %g offsets [1, 0] fill %m1 : !I
  %w = dist.shift %g offsets [0, -1] fill %m1 : !I
  %e = dist.shift %g offsets [0, 1] fill %m1 : !I
  %r5 = dist.elementwise %n, %s, %w, %e : !I, !I, !I, !I -> !I {
  ^bb0(%a: i64, %bb: i64, %c: i64, %d: i64):
    %k2 = arith.constant 100 : i64
    %k4 = arith.constant 10000 : i64
    %k6 = arith.constant 1000000 : i64
    %t1 = arith.muli %bb, %k2 : i64
    %t2 = arith.muli %c, %k4 : i64
    %t3 = arith.muli %d, %k6 : i64
    %u1 = arith.addi %a, %t1 : i64
    %u2 = arith.addi %u1, %t2 : i64
    %u3 = arith.addi %u2, %t3 : i64
    dist.yield %u3 : i64
  }
  scf.if %root { vector.print str "r5 " }
  dist.print %r5 : !I
  %d1 = dist.shift %g offsets [-2, -2] fill %zi : !I
  %d2 = dist.shift %g offsets [2, 1] fill %zi : !I
  %r9 = dist.elementwise %d1, %d2 : !I, !I -> !I {
  ^bb0(%a: i64, %bb: i64):
    %k3 = arith.constant 1000 : i64
    %t1 = arith.muli %bb, %k3 : i64
    %u1 = arith.addi %a, %t1 : i64
    dist.yield %u1 : i64
  }
  scf.if %root { vector.print str "r9 " }
  dist.print %r9 : !I
  // Read whole: the extended block assembled.
  %q = dist.shift %g offsets [1, 1] fill %zi : !I
  %sq = dist.reduce sum %q : !I -> i64
  scf.if %root { vector.print str "sum(q) " }
  dist.print %sq : i64

  // A periodic shift of the irregular blocks (a roll through row blocks).
  %roll = dist.shift %g offsets [1, -2] periodic : !I
  scf.if %root { vector.print str "roll " }
  dist.print %roll : !I
  return
}

// The first index of block k of n elements on an axis of extent e.
func.func @edge(%n: index, %k: index, %e: index) -> index {
  %kk = arith.muli %k, %k : index
  %nkk = arith.muli %n, %kk : index
  %ee = arith.muli %e, %e : index
  %r = arith.divui %nkk, %ee : index
  return %r : index
}


// CHECK: [1,0]<stdout>:g ( ( 1, 2, 3, 4, 5, 6 ), ( 11, 12, 13, 14, 15, 16 ), ( 21, 22, 23, 24, 25, 26 ), ( 31, 32, 33, 34, 35, 36 ), ( 41, 42, 43, 44, 45, 46 ), ( 51, 52, 53, 54, 55, 56 ), ( 61, 62, 63, 64, 65, 66 ) )
// CHECK-NEXT: [1,0]<stdout>:2g ( ( 2, 4, 6, 8, 10, 12 ), ( 22, 24, 26, 28, 30, 32 ), ( 42, 44, 46, 48, 50, 52 ), ( 62, 64, 66, 68, 70, 72 ), ( 82, 84, 86, 88, 90, 92 ), ( 102, 104, 106, 108, 110, 112 ), ( 122, 124, 126, 128, 130, 132 ) )
// CHECK-NEXT: [1,0]<stdout>:g+ij ( ( 1, 2, 3, 4, 5, 6 ), ( 11, 13, 15, 17, 19, 21 ), ( 21, 24, 27, 30, 33, 36 ), ( 31, 35, 39, 43, 47, 51 ), ( 41, 46, 51, 56, 61, 66 ), ( 51, 57, 63, 69, 75, 81 ), ( 61, 68, 75, 82, 89, 96 ) )
// CHECK-NEXT: [1,0]<stdout>:sum(2g*g) 128114
// CHECK-NEXT: [1,0]<stdout>:sum(g) 1407
// CHECK-NEXT: [1,0]<stdout>:sum0 ( 217, 224, 231, 238, 245, 252 )
// CHECK-NEXT: [1,0]<stdout>:max1 ( 6, 16, 26, 36, 46, 56, 66 )
// CHECK-NEXT: [1,0]<stdout>:argmax 41
// CHECK-NEXT: [1,0]<stdout>:cols ( 217, 224, 231, 238, 245, 252 )
// CHECK-NEXT: [1,0]<stdout>:g.T ( ( 1, 11, 21, 31, 41, 51, 61 ), ( 2, 12, 22, 32, 42, 52, 62 ), ( 3, 13, 23, 33, 43, 53, 63 ), ( 4, 14, 24, 34, 44, 54, 64 ), ( 5, 15, 25, 35, 45, 55, 65 ), ( 6, 16, 26, 36, 46, 56, 66 ) )
// CHECK-NEXT: [1,0]<stdout>:g[6,1] 62
// CHECK-NEXT: [1,0]<stdout>:r5 ( ( 1991099, 3011199, 4021299, 5031399, 6041499, -948401 ), ( 11992101, 13112202, 14122303, 15132404, 16142505, -847394 ), ( 21993111, 23213212, 24223313, 25233414, 26243515, -746384 ), ( 31994121, 33314222, 34324323, 35334424, 36344525, -645374 ), ( 41995131, 43415232, 44425333, 45435434, 46445535, -544364 ), ( 51996141, 53516242, 54526343, 55536444, 56546545, -443354 ), ( 61989951, 63609952, 64619953, 65629954, 66639955, -350044 ) )
// CHECK-NEXT: [1,0]<stdout>:r9 ( ( 22000, 23000, 24000, 25000, 26000, 0 ), ( 32000, 33000, 34000, 35000, 36000, 0 ), ( 42000, 43000, 44001, 45002, 46003, 4 ), ( 52000, 53000, 54011, 55012, 56013, 14 ), ( 62000, 63000, 64021, 65022, 66023, 24 ), ( 0, 0, 31, 32, 33, 34 ), ( 0, 0, 41, 42, 43, 44 ) )
// CHECK-NEXT: [1,0]<stdout>:sum(q) 1170
// CHECK-NEXT: [1,0]<stdout>:roll ( ( 15, 16, 11, 12, 13, 14 ), ( 25, 26, 21, 22, 23, 24 ), ( 35, 36, 31, 32, 33, 34 ), ( 45, 46, 41, 42, 43, 44 ), ( 55, 56, 51, 52, 53, 54 ), ( 65, 66, 61, 62, 63, 64 ), ( 5, 6, 1, 2, 3, 4 ) )

// The expected lines, from numpy (/usr/bin/python3):
// import numpy as np
// def fmt(a):
//     if a.ndim == 0: return str(a)
//     if a.ndim == 1: return "( " + ", ".join(str(x) for x in a) + " )"
//     return "( " + ", ".join(fmt(r) for r in a) + " )"
// i, j = np.indices((7, 6))
// g = 10 * i + j + 1
// def shift(a, off, fill):
//     r = np.full_like(a, fill)
//     n0, n1 = a.shape
//     for x in range(n0):
//         for y in range(n1):
//             xs, ys = x + off[0], y + off[1]
//             if 0 <= xs < n0 and 0 <= ys < n1: r[x, y] = a[xs, ys]
//     return r
// out = []
// out.append(("g", g)); out.append(("2g", 2 * g)); out.append(("g+ij", g + i * j))
// out.append(("sum(2g*g)", (2 * g * g).sum())); out.append(("sum(g)", g.sum()))
// out.append(("sum0", g.sum(0))); out.append(("max1", g.max(1))); out.append(("argmax", g.argmax()))
// out.append(("cols", g.sum(0))); out.append(("g.T", g.T)); out.append(("g[6,1]", g[6, 1]))
// n, s, w, e = (shift(g, o, -1) for o in [(-1, 0), (1, 0), (0, -1), (0, 1)])
// out.append(("r5", n + 100 * s + 10000 * w + 1000000 * e))
// out.append(("r9", shift(g, (-2, -2), 0) + 1000 * shift(g, (2, 1), 0)))
// out.append(("sum(q)", shift(g, (1, 1), 0).sum()))
// out.append(("roll", np.roll(g, (-1, 2), axis=(0, 1))))
// for k, (name, v) in enumerate(out):
//     tag = "CHE" + ("CK" if k == 0 else "CK-NEXT")  # not a directive here
//     print("// " + tag + ": [1,0]<stdout>:" + name + " " + fmt(np.asarray(v)))
