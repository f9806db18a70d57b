// RUN: %distc-opt %s --lower-distruntime-to-idtr --split-input-file | FileCheck %s

// The key of _idtr_update_halo (idtr.h, idtr_halo_key): an op whose
// `widths` say that its box is this rank's rows widened by constants
// (what the dist and shard lowerings make) gets a key carrying the widths
// -- bits 0-15 the rows before, 16-31 those after -- and a hash of the call
// site in bits 32-62; the runtime then reuses a balanced plan without
// agreeing with the team. An op without `widths`, whatever its box, gets
// -1; an explicit `key` is passed as it is.

// 1 row before, 2 after: 2 << 16 | 1 = 131073, plus the site
// (426178055 << 32, from "prog.mlir:3:4: distruntime.update_halo").
// CHECK-LABEL: func.func @widths
// CHECK: %[[KEY:.*]] = arith.constant 1830420808498020353 : i64
// CHECK: call @_idtr_update_halo_f64({{.*}}, %[[KEY]])
// CHECK-NOT: arith.constant -1 : i64
func.func @widths(%local: tensor<?x?xf64>, %g0: index, %g1: index, %o0: index) -> (tensor<?x?xf64>, tensor<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %dim = tensor.dim %local, %c0 : tensor<?x?xf64>
  %0 = arith.subi %o0, %c1 : index
  %1 = arith.maxsi %0, %c0 : index
  %2 = arith.addi %o0, %dim : index
  %3 = arith.addi %2, %c2 : index
  %4 = arith.minsi %3, %g0 : index
  %5 = arith.subi %4, %1 : index
  %6 = arith.maxsi %5, %c0 : index
  %h, %lh, %rh = distruntime.update_halo %local
    g_shape %g0, %g1 l_offs %o0, %c0 bb_offs %1, %c0 bb_sizes %6, %g1
    {team = 0 : i64, widths = array<i64: 1, 2>}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>) loc("prog.mlir":3:4)
  distruntime.wait %h : !distruntime.asynchandle
  return %lh, %rh : tensor<?x?xf64>, tensor<?x?xf64>
}

// -----

// 3 rows before, none after, at an op without a file position
// (953390274 << 32 | 3).
// CHECK-LABEL: func.func @no_position
// CHECK: %[[KEY:.*]] = arith.constant 4094780047154479107 : i64
// CHECK: call @_idtr_update_halo_f64({{.*}}, %[[KEY]])
func.func @no_position(%local: tensor<4x8xf64>, %g0: index, %o0: index, %b: index, %s: index) -> (tensor<?x8xf64>, tensor<?x8xf64>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %h, %lh, %rh = distruntime.update_halo %local
    g_shape %g0, %c8 l_offs %o0, %c0 bb_offs %b, %c0 bb_sizes %s, %c8
    {team = 0 : i64, widths = array<i64: 3, 0>}
    : (tensor<4x8xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x8xf64>, tensor<?x8xf64>) loc(unknown)
  distruntime.wait %h : !distruntime.asynchandle
  return %lh, %rh : tensor<?x8xf64>, tensor<?x8xf64>
}

// -----

// No widths (the box is the rank's rows widened by constants, but nothing
// says so), and widths beyond what a key encodes: no key. An explicit key
// is passed as it is.
// CHECK-LABEL: func.func @no_key
// CHECK-COUNT-2: arith.constant -1 : i64
// CHECK: arith.constant 77 : i64
// CHECK-NOT: arith.constant {{[0-9]+}} : i64
func.func @no_key(%local: tensor<?x?xf64>, %g0: index, %g1: index, %o0: index, %b: index, %s: index) {
  %c0 = arith.constant 0 : index
  %h0, %l0, %r0 = distruntime.update_halo %local
    g_shape %g0, %g1 l_offs %o0, %c0 bb_offs %b, %c0 bb_sizes %s, %g1 {team = 0 : i64}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h0 : !distruntime.asynchandle
  %h1, %l1, %r1 = distruntime.update_halo %local
    g_shape %g0, %g1 l_offs %o0, %c0 bb_offs %b, %c0 bb_sizes %s, %g1
    {team = 0 : i64, widths = array<i64: 65536, 1>}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h1 : !distruntime.asynchandle
  %h2, %l2, %r2 = distruntime.update_halo %local
    g_shape %g0, %g1 l_offs %o0, %c0 bb_offs %b, %c0 bb_sizes %s, %g1
    {team = 0 : i64, key = 77 : i64, widths = array<i64: 1, 1>}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h2 : !distruntime.asynchandle
  return
}
