// RUN: %distc-opt %s --convert-dist-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s

// A reduction along a split dimension of a run-time grid combines the
// blocks' partial results within the grid column: a sub-grid team whose
// `?` extents (-1) the runtime factors, no repartition of the source.
// CHECK-LABEL: func.func @reduce_dynamic
// CHECK: distruntime.define_subgrid_team {axes = array<i64: 0>, grid_shape = array<i64: -1, -1>, team = [[COL:[0-9]+]] : i64}
// CHECK: distruntime.allreduce {{.*}}team = [[COL]] : i64
// CHECK: distruntime.copy_reshape
// CHECK-NOT: distruntime.copy_reshape
func.func @reduce_dynamic(%a: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>) -> !dist.tensor<?xf64> {
  %r = dist.reduce sum %a axis 0 : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<?xf64>
  return %r : !dist.tensor<?xf64>
}

// -----

// argmin along a grid axis: the extremum (min) and the first index (min
// of the offers) are both combined within the row team.
// CHECK-LABEL: func.func @argmin_dynamic
// CHECK: distruntime.define_subgrid_team {axes = array<i64: 1>, grid_shape = array<i64: -1, -1>, team = [[ROW:[0-9]+]] : i64}
// CHECK: distruntime.allreduce min {{.*}}team = [[ROW]] : i64
// CHECK: distruntime.allreduce min {{.*}}team = [[ROW]] : i64
func.func @argmin_dynamic(%a: !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>) -> !dist.tensor<?xi64> {
  %r = dist.reduce argmin %a axis 1 : !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<?xi64>
  return %r : !dist.tensor<?xi64>
}

// -----

// SUMMA: for each panel of K, the panel of A is broadcast on the row team
// (dim 1) and that of B on the column team (dim 0), then the panels'
// product accumulates into this rank's block of C; double-buffered: panel 0
// before the loop, panel p+1 in it before the product of panel p.
// CHECK-LABEL: func.func @summa
// CHECK-DAG: distruntime.define_subgrid_team {axes = array<i64: 1>, grid_shape = array<i64: -1, -1>, team = [[ROW:[0-9]+]] : i64}
// CHECK-DAG: distruntime.define_subgrid_team {axes = array<i64: 0>, grid_shape = array<i64: -1, -1>, team = [[COL:[0-9]+]] : i64}
// CHECK-NOT: distruntime.copy_reshape
// CHECK: %[[C0:.*]] = linalg.fill
// CHECK: distruntime.bcast_panel {{.*}} {dim = 1 : i64, team = [[ROW]] : i64}
// CHECK: distruntime.bcast_panel {{.*}} {dim = 0 : i64, team = [[COL]] : i64}
// CHECK: scf.for {{.*}} iter_args(%[[ACC:[^ ]*]] = %[[C0]],
// CHECK: distruntime.bcast_panel {{.*}} {dim = 1 : i64, team = [[ROW]] : i64}
// CHECK: distruntime.bcast_panel {{.*}} {dim = 0 : i64, team = [[COL]] : i64}
// CHECK: distruntime.wait
// CHECK: distruntime.wait
// CHECK: linalg.matmul ins({{.*}}) outs(%[[ACC]] :
// CHECK: scf.yield
// CHECK: distruntime.wait
// CHECK: distruntime.wait
// CHECK: linalg.matmul
// CHECK-NOT: distruntime.bcast_panel
// CHECK-NOT: distruntime.copy_reshape
!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
func.func @summa(%a: !G, %b: !G) -> !G {
  %c = dist.matmul %a, %b : !G, !G -> !G
  return %c : !G
}
