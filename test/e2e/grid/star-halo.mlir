// End-to-end: a star (5-point) stencil on a run-time process grid exchanges
// faces only -- no message to a diagonal neighbour, no corner element --
// while a box (9-point) one also sends the corners; clipped and periodic.
// Three steps of each on 13 x 11 i64 (prime extents: uneven blocks on
// every grid) on 1x1, 2x1, 3x1, 2x2, 5x1 and 3x2. The script at the end
// (check-grid-halo.py) computes every element from the definition and,
// from the blocks, what each rank's stencil reads of every other rank's
// block; the messages and bytes each rank sent for each stencil's halo
// (IDTR_PROFILE, by source location: the line marked `site:`) must be
// exactly that, three times.
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t && mkdir %t
// RUN: %distc %s -o %t/star
// RUN: env IDTR_PROFILE=%t/1.json %mpirun -n 1 %t/star > %t/1.out
// RUN: python3 %S/../Inputs/check-grid-halo.py %s 1 %t/1.out %t/1.json | FileCheck %s
// RUN: env IDTR_PROFILE=%t/2.json %mpirun -n 2 %t/star > %t/2.out
// RUN: python3 %S/../Inputs/check-grid-halo.py %s 2 %t/2.out %t/2.json | FileCheck %s
// RUN: env IDTR_PROFILE=%t/3.json %mpirun -n 3 %t/star > %t/3.out
// RUN: python3 %S/../Inputs/check-grid-halo.py %s 3 %t/3.out %t/3.json | FileCheck %s
// RUN: env IDTR_PROFILE=%t/4.json %mpirun -n 4 %t/star > %t/4.out
// RUN: python3 %S/../Inputs/check-grid-halo.py %s 4 %t/4.out %t/4.json | FileCheck %s
// RUN: env IDTR_PROFILE=%t/5.json %mpirun -n 5 %t/star > %t/5.out
// RUN: python3 %S/../Inputs/check-grid-halo.py %s 5 %t/5.out %t/5.json | FileCheck %s
// RUN: env IDTR_PROFILE=%t/6.json %mpirun -n 6 %t/star > %t/6.out
// RUN: python3 %S/../Inputs/check-grid-halo.py %s 6 %t/6.out %t/6.json | FileCheck %s
// CHECK: r5: values ok, messages and bytes ok
// CHECK: r9: values ok, messages and bytes ok
// CHECK: rp: values ok, messages and bytes ok

!G = !dist.tensor<13x11xi64, grid = [?, ?], split = [0, 1]>

// new = n + 2 s + 3 w + 5 e + 7 c, fill 1 outside the array.
func.func @star(%u: !G) -> !G {
  %f = arith.constant 1 : i64
  %n = dist.shift %u offsets [-1, 0] fill %f : !G // site: r5
  %s = dist.shift %u offsets [1, 0] fill %f : !G
  %w = dist.shift %u offsets [0, -1] fill %f : !G
  %e = dist.shift %u offsets [0, 1] fill %f : !G
  %r = dist.elementwise %n, %s, %w, %e, %u : !G, !G, !G, !G, !G -> !G {
  ^bb0(%a: i64, %b: i64, %c: i64, %d: i64, %x: i64):
    %k2 = arith.constant 2 : i64
    %k3 = arith.constant 3 : i64
    %k5 = arith.constant 5 : i64
    %k7 = arith.constant 7 : i64
    %t1 = arith.muli %b, %k2 : i64
    %t2 = arith.muli %c, %k3 : i64
    %t3 = arith.muli %d, %k5 : i64
    %t4 = arith.muli %x, %k7 : i64
    %u1 = arith.addi %a, %t1 : i64
    %u2 = arith.addi %u1, %t2 : i64
    %u3 = arith.addi %u2, %t3 : i64
    %u4 = arith.addi %u3, %t4 : i64
    dist.yield %u4 : i64
  }
  return %r : !G
}

// new = the 8 neighbours with weights 1..8 (row-major) + 9 c, fill 1.
func.func @box(%u: !G) -> !G {
  %f = arith.constant 1 : i64
  %nw = dist.shift %u offsets [-1, -1] fill %f : !G // site: r9
  %nn = dist.shift %u offsets [-1, 0] fill %f : !G
  %ne = dist.shift %u offsets [-1, 1] fill %f : !G
  %ww = dist.shift %u offsets [0, -1] fill %f : !G
  %ee = dist.shift %u offsets [0, 1] fill %f : !G
  %sw = dist.shift %u offsets [1, -1] fill %f : !G
  %ss = dist.shift %u offsets [1, 0] fill %f : !G
  %se = dist.shift %u offsets [1, 1] fill %f : !G
  %r = dist.elementwise %nw, %nn, %ne, %ww, %ee, %sw, %ss, %se, %u : !G, !G, !G, !G, !G, !G, !G, !G, !G -> !G {
  ^bb0(%a1: i64, %a2: i64, %a3: i64, %a4: i64, %a5: i64, %a6: i64, %a7: i64, %a8: i64, %x: i64):
    %k2 = arith.constant 2 : i64
    %k3 = arith.constant 3 : i64
    %k4 = arith.constant 4 : i64
    %k5 = arith.constant 5 : i64
    %k6 = arith.constant 6 : i64
    %k7 = arith.constant 7 : i64
    %k8 = arith.constant 8 : i64
    %k9 = arith.constant 9 : i64
    %t2 = arith.muli %a2, %k2 : i64
    %t3 = arith.muli %a3, %k3 : i64
    %t4 = arith.muli %a4, %k4 : i64
    %t5 = arith.muli %a5, %k5 : i64
    %t6 = arith.muli %a6, %k6 : i64
    %t7 = arith.muli %a7, %k7 : i64
    %t8 = arith.muli %a8, %k8 : i64
    %t9 = arith.muli %x, %k9 : i64
    %u2 = arith.addi %a1, %t2 : i64
    %u3 = arith.addi %u2, %t3 : i64
    %u4 = arith.addi %u3, %t4 : i64
    %u5 = arith.addi %u4, %t5 : i64
    %u6 = arith.addi %u5, %t6 : i64
    %u7 = arith.addi %u6, %t7 : i64
    %u8 = arith.addi %u7, %t8 : i64
    %u9 = arith.addi %u8, %t9 : i64
    dist.yield %u9 : i64
  }
  return %r : !G
}

// The star on the torus: new = n + 2 s + 3 w + 5 e + 7 c, wrapped.
func.func @torus(%u: !G) -> !G {
  %n = dist.shift %u offsets [-1, 0] periodic : !G // site: rp
  %s = dist.shift %u offsets [1, 0] periodic : !G
  %w = dist.shift %u offsets [0, -1] periodic : !G
  %e = dist.shift %u offsets [0, 1] periodic : !G
  %r = dist.elementwise %n, %s, %w, %e, %u : !G, !G, !G, !G, !G -> !G {
  ^bb0(%a: i64, %b: i64, %c: i64, %d: i64, %x: i64):
    %k2 = arith.constant 2 : i64
    %k3 = arith.constant 3 : i64
    %k5 = arith.constant 5 : i64
    %k7 = arith.constant 7 : i64
    %t1 = arith.muli %b, %k2 : i64
    %t2 = arith.muli %c, %k3 : i64
    %t3 = arith.muli %d, %k5 : i64
    %t4 = arith.muli %x, %k7 : i64
    %u1 = arith.addi %a, %t1 : i64
    %u2 = arith.addi %u1, %t2 : i64
    %u3 = arith.addi %u2, %t3 : i64
    %u4 = arith.addi %u3, %t4 : i64
    dist.yield %u4 : i64
  }
  return %r : !G
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  // g[i, j] = 100 i + j + 1
  %g = dist.generate : !G {
  ^bb0(%i: index, %j: index):
    %c100 = arith.constant 100 : index
    %t = arith.muli %i, %c100 : index
    %s = arith.addi %t, %j : index
    %s1 = arith.addi %s, %c1 : index
    %v = arith.index_cast %s1 : index to i64
    dist.yield %v : i64
  }
  %r5 = scf.for %it = %c0 to %c3 step %c1 iter_args(%u = %g) -> (!G) {
    %next = func.call @star(%u) : (!G) -> !G
    scf.yield %next : !G
  }
  scf.if %root { vector.print str "r5 " }
  dist.print %r5 : !G
  %r9 = scf.for %it = %c0 to %c3 step %c1 iter_args(%u = %g) -> (!G) {
    %next = func.call @box(%u) : (!G) -> !G
    scf.yield %next : !G
  }
  scf.if %root { vector.print str "r9 " }
  dist.print %r9 : !G
  %rp = scf.for %it = %c0 to %c3 step %c1 iter_args(%u = %g) -> (!G) {
    %next = func.call @torus(%u) : (!G) -> !G
    scf.yield %next : !G
  }
  scf.if %root { vector.print str "rp " }
  dist.print %rp : !G
  return
}
