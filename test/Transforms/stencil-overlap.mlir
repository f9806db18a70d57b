// The interior of a stencil does not read the halos, so after the overlap
// pass the halo exchange is in flight while it is computed: start, interior,
// wait, then the frame.
// RUN: %distc-opt %s --distc-form-stencils --convert-dist-to-distruntime --canonicalize --distruntime-overlap-comm | FileCheck %s

// CHECK-LABEL: func.func @five_point
// CHECK: %[[H:.*]], %{{.*}}, %{{.*}} = distruntime.update_halo
// CHECK-NOT: distruntime.wait
// CHECK: linalg.generic
// CHECK: distruntime.wait %[[H]]
// CHECK-COUNT-4: linalg.generic
// CHECK: return
func.func @five_point(%u: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %z = arith.constant 0.0 : f64
  %n = dist.shift %u offsets [-1, 0] fill %z : !dist.tensor<?x?xf64>
  %s = dist.shift %u offsets [1, 0] fill %z : !dist.tensor<?x?xf64>
  %w = dist.shift %u offsets [0, -1] fill %z : !dist.tensor<?x?xf64>
  %e = dist.shift %u offsets [0, 1] fill %z : !dist.tensor<?x?xf64>
  %r = dist.elementwise %n, %s, %w, %e : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%a: f64, %b: f64, %c: f64, %d: f64):
    %x = arith.addf %a, %b : f64
    %y = arith.addf %c, %d : f64
    %t = arith.addf %x, %y : f64
    dist.yield %t : f64
  }
  return %r : !dist.tensor<?x?xf64>
}
