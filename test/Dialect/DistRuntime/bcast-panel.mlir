// RUN: %distc-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: %distc-opt %s --split-input-file --verify-diagnostics --lower-distruntime-to-idtr | FileCheck %s --check-prefix=LOWER

// distruntime.bcast_panel (SUMMA's panel broadcast): a round trip, its
// verifier, and its lowering to _idtr_bcast_panel_f64, declared only in
// modules that use it.

// CHECK-LABEL: func.func @panel
// CHECK: distruntime.bcast_panel %{{.*}} extent %{{.*}} start %{{.*}} sizes(%{{.*}}, %{{.*}}) {dim = 1 : i64, team = 5 : i64} : tensor<?x?xf64> -> tensor<?x?xf64>
// LOWER-LABEL: func.func @panel
// LOWER: call @_idtr_bcast_panel_f64
// LOWER: call @_idtr_wait
// LOWER: func.func private @_idtr_bcast_panel_f64(i64, i64, i64, memref<*xf64>, i64, memref<*xf64>) -> i64
func.func @panel(%a: tensor<?x?xf64>, %k: index, %k0: index, %m: index, %w: index) -> tensor<?x?xf64> {
  %h, %p = distruntime.bcast_panel %a extent %k start %k0 sizes(%m, %w) {dim = 1 : i64, team = 5 : i64} : tensor<?x?xf64> -> tensor<?x?xf64>
  distruntime.wait %h : !distruntime.asynchandle
  return %p : tensor<?x?xf64>
}

// -----

func.func @bad_dim(%a: tensor<?x?xf64>, %k: index) {
  // expected-error @+1 {{dim must be 0 or 1, got 2}}
  %h, %p = distruntime.bcast_panel %a extent %k start %k sizes(%k, %k) {dim = 2 : i64, team = 5 : i64} : tensor<?x?xf64> -> tensor<?x?xf64>
  return
}

// -----

func.func @bad_rank(%a: tensor<?xf64>, %k: index) {
  // expected-error @+1 {{needs a matrix (rank 2) as local part and panel}}
  %h, %p = distruntime.bcast_panel %a extent %k start %k sizes(%k, %k) {dim = 0 : i64, team = 5 : i64} : tensor<?xf64> -> tensor<?x?xf64>
  return
}

// -----

func.func @bad_sizes(%a: tensor<?x?xf64>, %k: index) {
  // expected-error @+1 {{needs 2 panel sizes, got 1}}
  %h, %p = distruntime.bcast_panel %a extent %k start %k sizes(%k) {dim = 0 : i64, team = 5 : i64} : tensor<?x?xf64> -> tensor<?x?xf64>
  return
}
