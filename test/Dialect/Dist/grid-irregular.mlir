// Irregular blocks on a process grid (from dist.from_local) parse, print
// and verify; so do periodic shifts on grids.
// RUN: %distc-opt %s | FileCheck %s
// RUN: %distc-opt %s | %distc-opt | FileCheck %s

// CHECK-LABEL: func.func @from_local_grid
// CHECK: dist.from_local %{{.*}} offset %{{.*}}, %{{.*}} : tensor<?x?xf64> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
// CHECK: dist.from_local %{{.*}} offset %{{.*}}, %{{.*}} : tensor<?x?xf64> -> !dist.tensor<?x?xf64, grid = [2, ?], split = [1, 0]>
func.func @from_local_grid(%p: tensor<?x?xf64>, %r: index, %c: index) {
  %a = dist.from_local %p offset %r, %c : tensor<?x?xf64> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
  %b = dist.from_local %p offset %c, %r : tensor<?x?xf64> -> !dist.tensor<?x?xf64, grid = [2, ?], split = [1, 0]>
  return
}

// The 1-D form of a one-axis run-time grid keeps `irregular`.
// CHECK-LABEL: func.func @one_axis
// CHECK-SAME: !dist.tensor<?x?xf64, split = 1, irregular>
func.func @one_axis(%a: !dist.tensor<?x?xf64, grid = [?], split = [1], irregular>) { return }

// CHECK-LABEL: func.func @periodic_grid
// CHECK: dist.shift %{{.*}} offsets [1, -1] periodic : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
// CHECK: dist.shift %{{.*}} offsets [0, 2] periodic : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
func.func @periodic_grid(%a: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>, %b: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>) {
  %s = dist.shift %a offsets [1, -1] periodic : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
  %t = dist.shift %b offsets [0, 2] periodic : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
  return
}
