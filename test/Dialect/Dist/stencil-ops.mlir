// RUN: %distc-opt %s | FileCheck %s
// RUN: %distc-opt %s --mlir-print-op-generic | %distc-opt | FileCheck %s

// The internal ops of distc-form-stencils print and parse back.

// CHECK-LABEL: func.func @five_point
// CHECK: %[[H:.*]] = dist.halo %{{.*}} fill %{{.*}} : !dist.halo<!dist.tensor<?x?xf64>, low = [1, 1], high = [1, 1]>
// CHECK: dist.stencil %[[H]], %[[H]], %{{.*}} shifts [-1, 0, 0, 1, 0, 0] : !dist.halo<!dist.tensor<?x?xf64>, low = [1, 1], high = [1, 1]>, !dist.halo<!dist.tensor<?x?xf64>, low = [1, 1], high = [1, 1]>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
// CHECK: ^bb0(%{{.*}}: f64, %{{.*}}: f64, %{{.*}}: f64):
// CHECK:   dist.index 0 : index
// CHECK:   dist.yield %{{.*}} : f64
func.func @five_point(%u: !dist.tensor<?x?xf64>, %f: !dist.tensor<?x?xf64>, %zero: f64) -> !dist.tensor<?x?xf64> {
  %h = dist.halo %u fill %zero : !dist.halo<!dist.tensor<?x?xf64>, low = [1, 1], high = [1, 1]>
  %r = dist.stencil %h, %h, %f shifts [-1, 0, 0, 1, 0, 0]
    : !dist.halo<!dist.tensor<?x?xf64>, low = [1, 1], high = [1, 1]>,
      !dist.halo<!dist.tensor<?x?xf64>, low = [1, 1], high = [1, 1]>,
      !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%n: f64, %e: f64, %c: f64):
    %i = dist.index 0 : index
    %s = arith.addf %n, %e : f64
    %v = arith.subf %s, %c : f64
    dist.yield %v : f64
  }
  return %r : !dist.tensor<?x?xf64>
}

// A halo along a dimension other than the split one needs no exchange.
// CHECK-LABEL: func.func @columns
// CHECK: dist.halo %{{.*}} fill %{{.*}} : !dist.halo<!dist.tensor<8x8xi32, team = 1>, low = [0, 2], high = [0, 0]>
func.func @columns(%u: !dist.tensor<8x8xi32, team = 1>, %zero: i32) -> !dist.tensor<8x8xi32, team = 1> {
  %h = dist.halo %u fill %zero : !dist.halo<!dist.tensor<8x8xi32, team = 1>, low = [0, 2], high = [0, 0]>
  %r = dist.stencil %h shifts [0, -2]
    : !dist.halo<!dist.tensor<8x8xi32, team = 1>, low = [0, 2], high = [0, 0]> -> !dist.tensor<8x8xi32, team = 1> {
  ^bb0(%x: i32):
    dist.yield %x : i32
  }
  return %r : !dist.tensor<8x8xi32, team = 1>
}

// A star halo on a grid (no corners) prints `corners = false`; the default
// (with corners) is not printed.
// CHECK-LABEL: func.func @star_on_grid
// CHECK: dist.halo %{{.*}} fill %{{.*}} : !dist.halo<!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, low = [1, 1], high = [1, 1], corners = false>
// CHECK: dist.halo %{{.*}} fill %{{.*}} : !dist.halo<!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, low = [1, 1], high = [1, 1]>
// CHECK: dist.stencil
// CHECK-SAME: shifts [-1, 0, 0, 1, 1, 1]
func.func @star_on_grid(%u: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, %zero: f64) -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> {
  %s = dist.halo %u fill %zero : !dist.halo<!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, low = [1, 1], high = [1, 1], corners = false>
  %b = dist.halo %u fill %zero : !dist.halo<!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, low = [1, 1], high = [1, 1], corners = true>
  %r = dist.stencil %s, %s, %b shifts [-1, 0, 0, 1, 1, 1]
    : !dist.halo<!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, low = [1, 1], high = [1, 1], corners = false>,
      !dist.halo<!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, low = [1, 1], high = [1, 1], corners = false>,
      !dist.halo<!dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, low = [1, 1], high = [1, 1]>
      -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> {
  ^bb0(%n: f64, %e: f64, %d: f64):
    %t = arith.addf %n, %e : f64
    %v = arith.addf %t, %d : f64
    dist.yield %v : f64
  }
  return %r : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
}
