// distc-form-stencils decides whether a halo holds its corners: only when
// some shift of it moves along two dimensions that reach other ranks (the
// split dimensions) or wrap around (periodic) at once. A star stencil's
// halo is the faces (`corners = false`), and the lowering exchanges it
// with update_grid_halo {corners = false}: faces only, no corner element
// and no message to a diagonal neighbour (GridHaloSlabs.h). A box stencil,
// or a star and a diagonal shift sharing one halo, keeps the corners.
// RUN: %distc-opt %s --distc-form-stencils --split-input-file | FileCheck %s
// RUN: %distc-opt %s --distc-form-stencils --convert-dist-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s --check-prefix=LOWER

!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>

// CHECK-LABEL: func.func @star
// CHECK: dist.halo {{.*}} : !dist.halo<!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, low = [1, 1], high = [1, 1], corners = false>
// LOWER-LABEL: func.func @star
// LOWER: distruntime.update_grid_halo {{.*}} {corners = false, high = array<i64: 1, 1>, low = array<i64: 1, 1>, split = array<i64: 0, 1>, team = 0 : i64}
// LOWER-NOT: update_grid_halo
// LOWER: return
func.func @star(%u: !G) -> !G {
  %z = arith.constant 0.0 : f64
  %n = dist.shift %u offsets [-1, 0] fill %z : !G
  %s = dist.shift %u offsets [1, 0] fill %z : !G
  %w = dist.shift %u offsets [0, -1] fill %z : !G
  %e = dist.shift %u offsets [0, 1] fill %z : !G
  %r = dist.elementwise %n, %s, %w, %e, %u : !G, !G, !G, !G, !G -> !G {
  ^bb0(%a: f64, %b: f64, %c: f64, %d: f64, %x: f64):
    %t = arith.addf %a, %b : f64
    %t2 = arith.addf %c, %d : f64
    %t3 = arith.addf %t, %t2 : f64
    %v = arith.subf %t3, %x : f64
    dist.yield %v : f64
  }
  return %r : !G
}

// -----

!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>

// A 9-point stencil reads the corners: the default, printed by neither.
// CHECK-LABEL: func.func @box
// CHECK: dist.halo {{.*}} : !dist.halo<!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, low = [1, 0], high = [1, 1]>
// LOWER-LABEL: func.func @box
// LOWER: distruntime.update_grid_halo {{.*}} {high = array<i64: 1, 1>, low = array<i64: 1, 0>, split = array<i64: 0, 1>, team = 0 : i64}
// LOWER: return
func.func @box(%u: !G) -> !G {
  %z = arith.constant 0.0 : f64
  %n = dist.shift %u offsets [-1, 0] fill %z : !G
  %s = dist.shift %u offsets [1, 0] fill %z : !G
  %d = dist.shift %u offsets [1, 1] fill %z : !G
  %r = dist.elementwise %n, %s, %d : !G, !G, !G -> !G {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %t = arith.addf %a, %b : f64
    %v = arith.addf %t, %c : f64
    dist.yield %v : f64
  }
  return %r : !G
}

// -----

!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>

// Two stencils share the halo of %u: one reads a corner, so it has them.
// CHECK-LABEL: func.func @shared
// CHECK-COUNT-1: dist.halo
// CHECK-NOT: corners
// CHECK: return
// LOWER-LABEL: func.func @shared
// LOWER-COUNT-1: distruntime.update_grid_halo
// LOWER-NOT: corners = false
// LOWER: return
func.func @shared(%u: !G) -> (!G, !G) {
  %z = arith.constant 0.0 : f64
  %n = dist.shift %u offsets [-1, 0] fill %z : !G
  %w = dist.shift %u offsets [0, -1] fill %z : !G
  %d = dist.shift %u offsets [-1, -1] fill %z : !G
  %star = dist.add %n, %w : !G
  %diag = dist.add %d, %w : !G
  return %star, %diag : !G, !G
}

// -----

!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>

// Periodic (a torus): wrapped faces only.
// CHECK-LABEL: func.func @periodic_star
// CHECK: !dist.halo<!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, low = [1, 1], high = [1, 1], periodic = 3, corners = false>
// LOWER-LABEL: func.func @periodic_star
// LOWER: distruntime.update_grid_halo {{.*}} {corners = false, {{.*}}periodic = 3 : i64
func.func @periodic_star(%u: !G) -> !G {
  %n = dist.shift %u offsets [-1, 0] periodic : !G
  %s = dist.shift %u offsets [1, 0] periodic : !G
  %w = dist.shift %u offsets [0, -1] periodic : !G
  %e = dist.shift %u offsets [0, 1] periodic : !G
  %r = dist.elementwise %n, %s, %w, %e : !G, !G, !G, !G -> !G {
  ^bb0(%a: f64, %b: f64, %c: f64, %d: f64):
    %t = arith.addf %a, %b : f64
    %t2 = arith.addf %c, %d : f64
    %v = arith.addf %t, %t2 : f64
    dist.yield %v : f64
  }
  return %r : !G
}

// -----

!T = !dist.tensor<?x?x?xf64, grid = [?, ?], split = [0, 1]>

// 3-D blocks split along dimensions 0 and 1: a shift along 0 and the
// unsplit dimension 2 crosses one split dimension only (dimension 2 is
// whole on every rank, so beyond it is the fill): no corner.
// CHECK-LABEL: func.func @unsplit_dimension
// CHECK: low = [0, 1, 0], high = [1, 0, 1], corners = false>
// LOWER-LABEL: func.func @unsplit_dimension
// LOWER: distruntime.update_grid_halo {{.*}} {corners = false,
func.func @unsplit_dimension(%u: !T) -> !T {
  %z = arith.constant 0.0 : f64
  %a = dist.shift %u offsets [1, 0, 1] fill %z : !T
  %b = dist.shift %u offsets [0, -1, 0] fill %z : !T
  %r = dist.add %a, %b : !T
  return %r : !T
}

// -----

// Row blocks (one split dimension, not periodic): there are no corners to
// leave out; the type keeps the default and the exchange is update_halo.
// CHECK-LABEL: func.func @rows
// CHECK: !dist.halo<!dist.tensor<?x?xf64>, low = [1, 1], high = [1, 1]>
// LOWER-LABEL: func.func @rows
// LOWER: distruntime.update_halo
// LOWER-NOT: update_grid_halo
func.func @rows(%u: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %z = arith.constant 0.0 : f64
  %n = dist.shift %u offsets [-1, 0] fill %z : !dist.tensor<?x?xf64>
  %s = dist.shift %u offsets [1, 0] fill %z : !dist.tensor<?x?xf64>
  %w = dist.shift %u offsets [0, -1] fill %z : !dist.tensor<?x?xf64>
  %e = dist.shift %u offsets [0, 1] fill %z : !dist.tensor<?x?xf64>
  %t = dist.add %n, %s : !dist.tensor<?x?xf64>
  %t2 = dist.add %w, %e : !dist.tensor<?x?xf64>
  %r = dist.add %t, %t2 : !dist.tensor<?x?xf64>
  return %r : !dist.tensor<?x?xf64>
}
