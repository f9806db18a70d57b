// RUN: %distc-opt %s --convert-dist-to-distruntime --canonicalize --cse | FileCheck %s

// dist.from_local on a run-time grid: per grid axis, the ranks sharing the
// coordinate check that they agree on the size (an allreduce of 2 values on
// the sub-grid team of the other axis), then the sizes along the axis are
// summed into a vector of the axis' extent on the team of that axis: O(extent)
// per rank, nothing on the whole team (no unsplit dynamic dimension here).
// CHECK-LABEL: func.func @from_local_grid
// CHECK: %[[E0:.*]] = distruntime.grid_factor %{{.*}} axes 2 axis 0
// CHECK: %[[E1:.*]] = distruntime.grid_factor %{{.*}} axes 2 axis 1
// CHECK: distruntime.define_subgrid_team {axes = array<i64: 1>, grid_shape = array<i64: -1, -1>, team = [[ROW:[0-9]+]] : i64}
// CHECK: distruntime.allreduce max %{{.*}} {team = [[ROW]] : i64} : (tensor<2xi64>)
// CHECK: distruntime.define_subgrid_team {axes = array<i64: 0>, grid_shape = array<i64: -1, -1>, team = [[COL:[0-9]+]] : i64}
// CHECK: tensor.empty(%[[E0]]) : tensor<?xi64>
// CHECK: distruntime.allreduce sum %{{.*}} {team = [[COL]] : i64} : (tensor<?xi64>)
// CHECK: distruntime.allreduce max %{{.*}} {team = [[COL]] : i64} : (tensor<2xi64>)
// CHECK: tensor.empty(%[[E1]]) : tensor<?xi64>
// CHECK: distruntime.allreduce sum %{{.*}} {team = [[ROW]] : i64} : (tensor<?xi64>)
// CHECK-NOT: distruntime.allreduce
// CHECK: return
func.func @from_local_grid(%p: tensor<?x?xf64>, %r: index, %c: index) -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular> {
  %a = dist.from_local %p offset %r, %c : tensor<?x?xf64> -> !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
  return %a : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1], irregular>
}
