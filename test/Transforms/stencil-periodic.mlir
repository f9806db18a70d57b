// distc-form-stencils leaves periodic shifts alone (they lower to rolls,
// PeriodicLowering.cpp) and still groups the fill shifts of the same
// element-wise op into a halo stencil.
// RUN: %distc-opt %s --distc-form-stencils | FileCheck %s

// CHECK-LABEL: func.func @mixed
// CHECK-DAG: %[[W:.*]] = dist.shift %{{.*}} offsets [0, -1] periodic
// CHECK-DAG: %[[N:.*]] = dist.shift %{{.*}} offsets [-1, 0] periodic
// CHECK-DAG: %[[H:.*]] = dist.halo %{{.*}} fill
// CHECK: dist.stencil %[[N]], %[[H]], %[[W]] shifts [0, 0, 1, 0, 0, 0]
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
