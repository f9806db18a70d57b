// distc-form-stencils turns periodic shifts of a balanced tensor into a
// wrapped halo (`periodic` mask = every dimension) shared by the shifts of
// that tensor, next to the halo of its fill shifts; a periodic shift of an
// irregular tensor stays a shift (a roll, PeriodicLowering.cpp). The
// lowering exchanges the wrapped halo with one update_grid_halo carrying
// the mask, even along split dimension 0, and copies nothing (no
// copy_reshape, which is what the roll lowers to).
// RUN: %distc-opt %s --distc-form-stencils | FileCheck %s
// RUN: %distc-opt %s --distc-form-stencils --convert-dist-to-distruntime --canonicalize --cse | FileCheck %s --check-prefix=LOWER

// CHECK-LABEL: func.func @mixed
// CHECK-DAG: %[[P:.*]] = dist.halo %{{.*}} fill %{{.*}} : !dist.halo<!dist.tensor<?x?xf64>, low = [1, 1], high = [0, 0], periodic = 3, corners = false>
// CHECK-DAG: %[[H:.*]] = dist.halo %{{.*}} fill %arg1 : !dist.halo<!dist.tensor<?x?xf64>, low = [0, 0], high = [1, 0]>
// CHECK: dist.stencil %[[P]], %[[H]], %[[P]] shifts [-1, 0, 1, 0, 0, -1]
// CHECK-NOT: dist.shift
// LOWER-LABEL: func.func @mixed
// LOWER-NOT: copy_reshape
// LOWER: distruntime.update_grid_halo {{.*}}low = array<i64: 1, 1>, periodic = 3 : i64
// LOWER-NOT: copy_reshape
// LOWER: return
func.func @mixed(%u: !dist.tensor<?x?xf64>, %z: f64) -> !dist.tensor<?x?xf64> {
  %n = dist.shift %u offsets [-1, 0] periodic : !dist.tensor<?x?xf64>
  %s = dist.shift %u offsets [1, 0] fill %z : !dist.tensor<?x?xf64>
  %w = dist.shift %u offsets [0, -1] periodic : !dist.tensor<?x?xf64>
  %r = dist.elementwise %n, %s, %w : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %t = arith.addf %a, %b : f64
    %v = arith.addf %t, %c : f64
    dist.yield %v : f64
  }
  return %r : !dist.tensor<?x?xf64>
}

// The 1-D heat step (samples/heat1d.mlir): one wrapped halo, one stencil.
// CHECK-LABEL: func.func @heat
// CHECK: %[[P:.*]] = dist.halo %{{.*}} : !dist.halo<!dist.tensor<?xf64>, low = [1], high = [1], periodic = 1>
// CHECK: dist.stencil %[[P]], %arg0, %[[P]] shifts [-1, 0, 1]
// LOWER-LABEL: func.func @heat
// LOWER-NOT: copy_reshape
// LOWER: distruntime.update_grid_halo {{.*}}periodic = 1 : i64
// LOWER-NOT: copy_reshape
// LOWER: return
func.func @heat(%u: !dist.tensor<?xf64>) -> !dist.tensor<?xf64> {
  %w = dist.shift %u offsets [-1] periodic : !dist.tensor<?xf64>
  %e = dist.shift %u offsets [1] periodic : !dist.tensor<?xf64>
  %r = dist.elementwise %w, %u, %e : !dist.tensor<?xf64>, !dist.tensor<?xf64>, !dist.tensor<?xf64> -> !dist.tensor<?xf64> {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %t = arith.addf %a, %b : f64
    %v = arith.addf %t, %c : f64
    dist.yield %v : f64
  }
  return %r : !dist.tensor<?xf64>
}

// CHECK-LABEL: func.func @irregular
// CHECK: dist.shift %arg0 offsets [1] periodic
// CHECK-NOT: dist.halo
// LOWER-LABEL: func.func @irregular
// LOWER: copy_reshape
// LOWER-NOT: update_grid_halo
// LOWER: return
func.func @irregular(%u: !dist.tensor<?xf64, irregular>) -> !dist.tensor<?xf64, irregular> {
  %e = dist.shift %u offsets [1] periodic : !dist.tensor<?xf64, irregular>
  return %e : !dist.tensor<?xf64, irregular>
}
