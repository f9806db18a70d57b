// RUN: %distc-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: %distc-opt %s --split-input-file --verify-diagnostics --lower-distruntime-to-idtr | FileCheck %s --check-prefix=LOWER

// distruntime.define_subgrid_team: a round trip, its verifier, and its
// lowering to one call of _idtr_define_subgrid_team with the grid shape and
// the axes as index lists. It is not erased although it has no result.

// CHECK-LABEL: func.func @define
// CHECK: distruntime.define_subgrid_team {axes = array<i64: 1, 0>, grid_shape = array<i64: 2, 3>, team = 7 : i64}
// LOWER-LABEL: func.func @define
// LOWER: %[[T:.*]] = arith.constant 7 : i64
// LOWER: call @_idtr_define_subgrid_team(%[[T]], %{{.*}}, %{{.*}}) : (i64, memref<*xindex>, memref<*xindex>) -> ()
// LOWER: func.func private @_idtr_define_subgrid_team(i64, memref<*xindex>, memref<*xindex>)
func.func @define() {
  distruntime.define_subgrid_team {team = 7 : i64, grid_shape = array<i64: 2, 3>, axes = array<i64: 1, 0>}
  return
}

// -----

func.func @bad_axis() {
  // expected-error @+1 {{axis 2 is out of range for a grid of rank 2}}
  distruntime.define_subgrid_team {team = 7 : i64, grid_shape = array<i64: 2, 3>, axes = array<i64: 2>}
  return
}

// -----

func.func @repeated_axis() {
  // expected-error @+1 {{axis 0 is listed more than once}}
  distruntime.define_subgrid_team {team = 7 : i64, grid_shape = array<i64: 2, 3>, axes = array<i64: 0, 0>}
  return
}

// -----

func.func @bad_extent() {
  // expected-error @+1 {{grid extents must be positive (or -1 for a run-time extent), got 0}}
  distruntime.define_subgrid_team {team = 7 : i64, grid_shape = array<i64: 2, 0>, axes = array<i64: 0>}
  return
}

// -----

func.func @no_grid() {
  // expected-error @+1 {{needs a grid of at least one axis}}
  distruntime.define_subgrid_team {team = 7 : i64, grid_shape = array<i64>, axes = array<i64>}
  return
}

// -----

func.func @bad_negative_extent() {
  // expected-error @+1 {{grid extents must be positive (or -1 for a run-time extent), got -2}}
  distruntime.define_subgrid_team {team = 7 : i64, grid_shape = array<i64: 2, -2>, axes = array<i64: 0>}
  return
}
