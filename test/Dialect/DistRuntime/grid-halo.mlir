// RUN: %distc-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// distruntime.update_grid_halo: round trip and verifier.

// CHECK-LABEL: func.func @ok
// CHECK: distruntime.update_grid_halo %{{.*}} g_shape %{{.*}}, %{{.*}} l_offs %{{.*}}, %{{.*}} grid %{{.*}}, %{{.*}} size %{{.*}} {high = array<i64: 1, 1>, low = array<i64: 1, 1>, split = array<i64: 0, 1>, team = 0 : i64}
func.func @ok(%t: tensor<?x?xf64>, %i: index) -> tensor<?xf64> {
  %h, %halo = distruntime.update_grid_halo %t g_shape %i, %i l_offs %i, %i grid %i, %i size %i
    {team = 0 : i64, split = array<i64: 0, 1>, low = array<i64: 1, 1>, high = array<i64: 1, 1>}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %halo : tensor<?xf64>
}

// Without corners (a star stencil's halo): printed only when false.
// CHECK-LABEL: func.func @faces
// CHECK: distruntime.update_grid_halo {{.*}} {corners = false, high = array<i64: 1, 1>, low = array<i64: 1, 1>, periodic = 3 : i64, split = array<i64: 0, 1>, team = 0 : i64}
func.func @faces(%t: tensor<?x?xf64>, %i: index) -> tensor<?xf64> {
  %h, %halo = distruntime.update_grid_halo %t g_shape %i, %i l_offs %i, %i grid %i, %i size %i
    {team = 0 : i64, split = array<i64: 0, 1>, low = array<i64: 1, 1>, high = array<i64: 1, 1>, periodic = 3 : i64, corners = false}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %halo : tensor<?xf64>
}

// -----

func.func @widths(%t: tensor<?x?xf64>, %i: index) {
  // expected-error @+1 {{expects 'low' and 'high' widths for each of the 2 dimensions}}
  %h, %halo = distruntime.update_grid_halo %t g_shape %i, %i l_offs %i, %i grid %i size %i
    {team = 0 : i64, split = array<i64: 0>, low = array<i64: 1>, high = array<i64: 1, 1>}
    : (tensor<?x?xf64>, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  return
}

// -----

func.func @negative(%t: tensor<?x?xf64>, %i: index) {
  // expected-error @+1 {{halo widths must be >= 0, got -1}}
  %h, %halo = distruntime.update_grid_halo %t g_shape %i, %i l_offs %i, %i grid %i size %i
    {team = 0 : i64, split = array<i64: 0>, low = array<i64: -1, 0>, high = array<i64: 1, 1>}
    : (tensor<?x?xf64>, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  return
}

// -----

func.func @split_count(%t: tensor<?x?xf64>, %i: index) {
  // expected-error @+1 {{expects one 'split' dimension per grid extent, got 1 for 2 extents}}
  %h, %halo = distruntime.update_grid_halo %t g_shape %i, %i l_offs %i, %i grid %i, %i size %i
    {team = 0 : i64, split = array<i64: 0>, low = array<i64: 1, 1>, high = array<i64: 1, 1>}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  return
}

// -----

func.func @split_twice(%t: tensor<?x?xf64>, %i: index) {
  // expected-error @+1 {{split dimensions must be distinct dimensions of the input tensor, got 0}}
  %h, %halo = distruntime.update_grid_halo %t g_shape %i, %i l_offs %i, %i grid %i, %i size %i
    {team = 0 : i64, split = array<i64: 0, 0>, low = array<i64: 1, 1>, high = array<i64: 1, 1>}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  return
}

// -----

func.func @periodic(%t: tensor<?x?xf64>, %i: index) {
  // expected-error @+1 {{'periodic' has bits beyond the 2 dimensions}}
  %h, %halo = distruntime.update_grid_halo %t g_shape %i, %i l_offs %i, %i grid %i size %i
    {team = 0 : i64, split = array<i64: 0>, low = array<i64: 1, 1>, high = array<i64: 1, 1>, periodic = 4 : i64}
    : (tensor<?x?xf64>, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  return
}
