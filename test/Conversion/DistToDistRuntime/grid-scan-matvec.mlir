// RUN: %distc-opt %s --convert-dist-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s

// A scan along a dimension split over a grid axis runs across the sub-grid
// team of that axis (here the row team, axes = [1]): one allreduce of the
// block totals within it, no repartition and no collective on the team.
// CHECK-LABEL: func.func @scan_grid_axis
// CHECK: distruntime.define_subgrid_team {axes = array<i64: 1>, grid_shape = array<i64: -1, -1>, team = [[ROW:[0-9]+]] : i64}
// CHECK-DAG: distruntime.team_size {team = [[ROW]] : i64}
// CHECK-DAG: distruntime.team_member {team = [[ROW]] : i64}
// CHECK: distruntime.allreduce sum {{.*}}team = [[ROW]] : i64
// CHECK-NOT: distruntime.allreduce
// CHECK-NOT: distruntime.copy_reshape
// CHECK: return
!G = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
func.func @scan_grid_axis(%a: !G) -> !G {
  %c = dist.scan sum %a axis 1 : !G
  return %c : !G
}

// -----

// Along grid axis 0 of a static grid (a column team of 2 ranks, extents
// encoded in the team id), irregular blocks alike.
// CHECK-LABEL: func.func @scan_static_column
// CHECK: distruntime.define_subgrid_team {axes = array<i64: 0>, grid_shape = array<i64: 2, 3>, team = [[COL:[0-9]+]] : i64}
// CHECK: distruntime.allreduce max {{.*}}team = [[COL]] : i64
// CHECK-NOT: distruntime.copy_reshape
!S = !dist.tensor<7x10xf32, grid = [2, 3], split = [0, 1], irregular>
func.func @scan_static_column(%a: !S) -> !S {
  %c = dist.scan max %a axis 0 : !S
  return %c : !S
}

// -----

// A dimension that is not split (dimension 1 of a 3-D tensor on a 2-axis
// grid) scans locally.
// CHECK-LABEL: func.func @scan_unsplit
// CHECK-NOT: distruntime.
// CHECK: return
!T = !dist.tensor<5x4x7xi32, grid = [?, ?], split = [2, 0]>
func.func @scan_unsplit(%a: !T) -> !T {
  %c = dist.scan sum %a axis 1 : !T
  return %c : !T
}

// -----

// A grid with an extent no sub-grid team id encodes (4096 or more): the
// blocks go to rows of the other dimension, are scanned there, and are
// fetched back (two copy_reshapes, no allreduce).
// CHECK-LABEL: func.func @scan_wide_grid
// CHECK-NOT: distruntime.define_subgrid_team
// CHECK: distruntime.copy_reshape
// CHECK-NOT: distruntime.allreduce
// CHECK: distruntime.copy_reshape
// CHECK-NOT: distruntime.allreduce
// CHECK: return
!W = !dist.tensor<?x?xf64, grid = [4096, ?], split = [1, 0]>
func.func @scan_wide_grid(%a: !W) -> !W {
  %c = dist.scan sum %a axis 1 : !W
  return %c : !W
}

// -----

// y = A x with A on a 2-D grid: the piece of x under this rank's columns
// (one copy_reshape), the local matvec, the partial results summed on the
// row team (axes = [1], where A's columns are split), and one copy_reshape
// of this member's piece of the sum into y's blocks. A is not moved.
// CHECK-LABEL: func.func @matvec_grid
// CHECK: distruntime.define_subgrid_team {axes = array<i64: 1>, grid_shape = array<i64: -1, -1>, team = [[ROW:[0-9]+]] : i64}
// CHECK: distruntime.copy_reshape
// CHECK: linalg.matvec
// CHECK: distruntime.allreduce sum {{.*}}team = [[ROW]] : i64
// CHECK-DAG: distruntime.team_size {team = [[ROW]] : i64}
// CHECK-DAG: distruntime.team_member {team = [[ROW]] : i64}
// CHECK: distruntime.copy_reshape
// CHECK-NOT: distruntime.copy_reshape
// CHECK-NOT: distruntime.allreduce
// CHECK: return
!A = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>
func.func @matvec_grid(%a: !A, %x: !dist.tensor<?xf64>) -> !dist.tensor<?xf64> {
  %y = dist.matmul %a, %x : !A, !dist.tensor<?xf64> -> !dist.tensor<?xf64>
  return %y : !dist.tensor<?xf64>
}

// -----

// With split = [1, 0] the columns of A are split over grid axis 0: the
// ranks that hold the same rows form the column team (axes = [0]).
// CHECK-LABEL: func.func @matvec_grid_transposed
// CHECK: distruntime.define_subgrid_team {axes = array<i64: 0>, grid_shape = array<i64: 2, -1>, team = [[T:[0-9]+]] : i64}
// CHECK: linalg.matvec
// CHECK: distruntime.allreduce sum {{.*}}team = [[T]] : i64
!AT = !dist.tensor<13x5xi64, grid = [2, ?], split = [1, 0]>
func.func @matvec_grid_transposed(%a: !AT, %x: !dist.tensor<5xi64>) -> !dist.tensor<13xi64> {
  %y = dist.matmul %a, %x : !AT, !dist.tensor<5xi64> -> !dist.tensor<13xi64>
  return %y : !dist.tensor<13xi64>
}

// -----

// The sub-grid team ids tell grids of 2 and 3 `?` axes apart (their number
// of axes is part of the id): the runtime factors them differently, so
// axis 0 of one is not axis 0 of the other. 0x6D21000000000000 and
// 0x6D31000000000000: 0x6D, the number of axes, the axes mask (bit 48 +
// axis), the 12-bit extents (0 for `?`).
// CHECK-LABEL: func.func @scan_two_grids
// CHECK: distruntime.define_subgrid_team {axes = array<i64: 0>, grid_shape = array<i64: -1, -1>, team = 7863566424365596672 : i64}
// CHECK: distruntime.allreduce sum {{.*}}team = 7863566424365596672 : i64
// CHECK: distruntime.define_subgrid_team {axes = array<i64: 0>, grid_shape = array<i64: -1, -1, -1>, team = 7868070023992967168 : i64}
// CHECK: distruntime.allreduce sum {{.*}}team = 7868070023992967168 : i64
!M2 = !dist.tensor<?x?xi64, grid = [?, ?], split = [0, 1]>
!M3 = !dist.tensor<?x?x?xi64, grid = [?, ?, ?], split = [0, 1, 2]>
func.func @scan_two_grids(%a: !M2, %b: !M3) -> (!M2, !M3) {
  %c = dist.scan sum %a axis 0 : !M2
  %d = dist.scan sum %b axis 0 : !M3
  return %c, %d : !M2, !M3
}
