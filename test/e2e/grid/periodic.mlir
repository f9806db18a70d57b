// End-to-end: periodic dist.shift on run-time process grids (a 2-D torus),
// as wrapped halos (one update_grid_halo with its periodic mask per tensor
// and block) against numpy's np.roll (the script at the end of this file
// computes every CHECK line): a 5-point stencil, one of width 2 with
// diagonal (corner) shifts, shifts along one split dimension of a grid
// split = [1, 0], a shift read whole (the extended block assembled), and
// ten steps of a periodic Jacobi iteration in f64. 7 x 6 on grids 1x1,
// 2x1, 3x1, 2x2 and 3x2: uneven blocks, a block narrower than the width
// (2 rows on 3x2 with width 2), one rank exchanging with itself.
// Integers but for the Jacobi sum (6 digits). Only rank 0 prints.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 5 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 6 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 4 --tag-output %t.O0 | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'

!G = !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>
!T = !dist.tensor<7x6xi64, grid = [?, ?], split = [1, 0]>
!F = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>

func.func @main() {
  %c0 = arith.constant 0 : index
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  %g = dist.generate : !G {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %c1 = arith.constant 1 : index
    %t = arith.muli %i, %c10 : index
    %s = arith.addi %t, %j : index
    %s1 = arith.addi %s, %c1 : index
    %v = arith.index_cast %s1 : index to i64
    dist.yield %v : i64
  }

  // 5-point on the torus.
  %n = dist.shift %g offsets [-1, 0] periodic : !G
  %s = dist.shift %g offsets [1, 0] periodic : !G
  %w = dist.shift %g offsets [0, -1] periodic : !G
  %e = dist.shift %g offsets [0, 1] periodic : !G
  %p5 = dist.elementwise %n, %s, %w, %e, %g : !G, !G, !G, !G, !G -> !G {
  ^bb0(%a: i64, %b: i64, %c: i64, %d: i64, %x: i64):
    %k2 = arith.constant 100 : i64
    %k4 = arith.constant 10000 : i64
    %k6 = arith.constant 1000000 : i64
    %k8 = arith.constant 100000000 : i64
    %t1 = arith.muli %b, %k2 : i64
    %t2 = arith.muli %c, %k4 : i64
    %t3 = arith.muli %d, %k6 : i64
    %t4 = arith.muli %x, %k8 : i64
    %u1 = arith.addi %a, %t1 : i64
    %u2 = arith.addi %u1, %t2 : i64
    %u3 = arith.addi %u2, %t3 : i64
    %u4 = arith.addi %u3, %t4 : i64
    dist.yield %u4 : i64
  }
  scf.if %root { vector.print str "p5 " }
  dist.print %p5 : !G

  // Width 2 with corners.
  %d1 = dist.shift %g offsets [-2, -1] periodic : !G
  %d2 = dist.shift %g offsets [1, 2] periodic : !G
  %d3 = dist.shift %g offsets [-1, 1] periodic : !G
  %p9 = dist.elementwise %d1, %d2, %d3 : !G, !G, !G -> !G {
  ^bb0(%a: i64, %b: i64, %c: i64):
    %k3 = arith.constant 1000 : i64
    %k6 = arith.constant 1000000 : i64
    %t1 = arith.muli %b, %k3 : i64
    %t2 = arith.muli %c, %k6 : i64
    %u1 = arith.addi %a, %t1 : i64
    %u2 = arith.addi %u1, %t2 : i64
    dist.yield %u2 : i64
  }
  scf.if %root { vector.print str "p9 " }
  dist.print %p9 : !G

  // Along one split dimension, on a grid with split = [1, 0].
  %gt = dist.repartition %g : !G -> !T
  %up = dist.shift %gt offsets [-1, 0] periodic : !T
  %k100 = arith.constant 100 : i64
  %rows = dist.elementwise %up, %gt : !T, !T -> !T {
  ^bb0(%a: i64, %b: i64):
    %t = arith.muli %b, %k100 : i64
    %u = arith.addi %a, %t : i64
    dist.yield %u : i64
  }
  scf.if %root { vector.print str "rows " }
  dist.print %rows : !T

  // Read whole (printed), and by an element-wise op.
  %q = dist.shift %g offsets [2, 3] periodic : !G
  scf.if %root { vector.print str "q " }
  dist.print %q : !G
  %qg = dist.add %q, %g : !G
  scf.if %root { vector.print str "q+g " }
  dist.print %qg : !G

  // Ten periodic Jacobi steps in f64.
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c6 = arith.constant 6 : index
  %c10 = arith.constant 10 : index
  %u0 = dist.generate (%c7, %c6) : !F {
  ^bb0(%i: index, %j: index):
    %c3 = arith.constant 3 : index
    %c5 = arith.constant 5 : index
    %c7i = arith.constant 7 : index
    %a = arith.muli %i, %c7i : index
    %b = arith.muli %j, %c3 : index
    %ab = arith.addi %a, %b : index
    %m = arith.remui %ab, %c5 : index
    %v = arith.index_cast %m : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %u = scf.for %it = %c0 to %c10 step %c1 iter_args(%cur = %u0) -> (!F) {
    %next = func.call @step(%cur) : (!F) -> !F
    scf.yield %next : !F
  }
  %uu = dist.mul %u, %u : !F
  %sum = dist.reduce sum %uu : !F -> f64
  scf.if %root { vector.print str "jacobi " }
  dist.print %sum : f64
  return
}

func.func @step(%u: !F) -> !F {
  %n = dist.shift %u offsets [-1, 0] periodic : !F
  %s = dist.shift %u offsets [1, 0] periodic : !F
  %w = dist.shift %u offsets [0, -1] periodic : !F
  %e = dist.shift %u offsets [0, 1] periodic : !F
  %new = dist.elementwise %n, %s, %w, %e, %u : !F, !F, !F, !F, !F -> !F {
  ^bb0(%a: f64, %b: f64, %c: f64, %d: f64, %x: f64):
    %quarter = arith.constant 0.25 : f64
    %eighth = arith.constant 0.125 : f64
    %ab = arith.addf %a, %b : f64
    %cd = arith.addf %c, %d : f64
    %t = arith.addf %ab, %cd : f64
    %q = arith.mulf %t, %quarter : f64
    %xe = arith.mulf %x, %eighth : f64
    %r = arith.addf %q, %xe : f64
    dist.yield %r : f64
  }
  return %new : !F
}

// CHECK: [1,0]<stdout>:p5 ( ( 102061161, 203011262, 304021363, 405031464, 506041565, 601051666 ), ( 1112162101, 1213112202, 1314122303, 1415132404, 1516142505, 1611152606 ), ( 2122263111, 2223213212, 2324223313, 2425233414, 2526243515, 2621253616 ), ( 3132364121, 3233314222, 3334324323, 3435334424, 3536344525, 3631354626 ), ( 4142465131, 4243415232, 4344425333, 4445435434, 4546445535, 4641455636 ), ( 5152566141, 5253516242, 5354526343, 5455536444, 5556546545, 5651556646 ), ( 6162660151, 6263610252, 6364620353, 6465630454, 6566640555, 6661650656 ) )
// CHECK-NEXT: [1,0]<stdout>:p9 ( ( 62013056, 63014051, 64015052, 65016053, 66011054, 61012055 ), ( 2023066, 3024061, 4025062, 5026063, 6021064, 1022065 ), ( 12033006, 13034001, 14035002, 15036003, 16031004, 11032005 ), ( 22043016, 23044011, 24045012, 25046013, 26041014, 21042015 ), ( 32053026, 33054021, 34055022, 35056023, 36051024, 31052025 ), ( 42063036, 43064031, 44065032, 45066033, 46061034, 41062035 ), ( 52003046, 53004041, 54005042, 55006043, 56001044, 51002045 ) )
// CHECK-NEXT: [1,0]<stdout>:rows ( ( 161, 262, 363, 464, 565, 666 ), ( 1101, 1202, 1303, 1404, 1505, 1606 ), ( 2111, 2212, 2313, 2414, 2515, 2616 ), ( 3121, 3222, 3323, 3424, 3525, 3626 ), ( 4131, 4232, 4333, 4434, 4535, 4636 ), ( 5141, 5242, 5343, 5444, 5545, 5646 ), ( 6151, 6252, 6353, 6454, 6555, 6656 ) )
// CHECK-NEXT: [1,0]<stdout>:q ( ( 24, 25, 26, 21, 22, 23 ), ( 34, 35, 36, 31, 32, 33 ), ( 44, 45, 46, 41, 42, 43 ), ( 54, 55, 56, 51, 52, 53 ), ( 64, 65, 66, 61, 62, 63 ), ( 4, 5, 6, 1, 2, 3 ), ( 14, 15, 16, 11, 12, 13 ) )
// CHECK-NEXT: [1,0]<stdout>:q+g ( ( 25, 27, 29, 25, 27, 29 ), ( 45, 47, 49, 45, 47, 49 ), ( 65, 67, 69, 65, 67, 69 ), ( 85, 87, 89, 85, 87, 89 ), ( 105, 107, 109, 105, 107, 109 ), ( 55, 57, 59, 55, 57, 59 ), ( 75, 77, 79, 75, 77, 79 ) )
// CHECK-NEXT: [1,0]<stdout>:jacobi 1688.92

// The expected lines, from numpy (/usr/bin/python3):
// import numpy as np
// def fmt(a):
//     if a.ndim == 0: return str(a)
//     return "( " + ", ".join(fmt(r) for r in a) + " )"
// i, j = np.indices((7, 6))
// g = 10 * i + j + 1
// def sh(a, off):  # dist.shift periodic: result[i] = a[(i + off) mod n]
//     return np.roll(a, (-off[0], -off[1]), axis=(0, 1))
// out = []
// n, s, w, e = (sh(g, o) for o in [(-1, 0), (1, 0), (0, -1), (0, 1)])
// out.append(("p5", n + 100 * s + 10000 * w + 1000000 * e + 100000000 * g))
// out.append(("p9", sh(g, (-2, -1)) + 1000 * sh(g, (1, 2)) + 1000000 * sh(g, (-1, 1))))
// out.append(("rows", sh(g, (-1, 0)) + 100 * sh(g, (0, 0))))
// out.append(("q", sh(g, (2, 3))))
// out.append(("q+g", sh(g, (2, 3)) + g))
// u = ((7 * i + 3 * j) % 5).astype(np.float64)
// for _ in range(10):
//     u = 0.25 * (sh(u, (-1, 0)) + sh(u, (1, 0)) + sh(u, (0, -1)) + sh(u, (0, 1))) + 0.125 * u
// out.append(("jacobi", "%.6g" % (u * u).sum()))
// for k, (name, v) in enumerate(out):
//     tag = "CHE" + ("CK" if k == 0 else "CK-NEXT")  # not a directive here
//     print("// " + tag + ": [1,0]<stdout>:" + name + " " + (v if isinstance(v, str) else fmt(np.asarray(v))))
