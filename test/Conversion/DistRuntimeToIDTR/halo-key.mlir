// RUN: %distc-opt %s --lower-distruntime-to-idtr --split-input-file | FileCheck %s

// The key of _idtr_update_halo (idtr.h, idtr_halo_key): when the bounding
// box is this rank's rows widened by constants, clipped to the array (the
// form of idtr/detail/HaloRows.h's haloBox, what the dist and shard
// lowerings emit), the key carries the widths -- bits 0-15 the rows before,
// 16-31 those after -- and a hash of the call site in bits 32-62; the
// runtime then reuses a balanced plan without agreeing with the team.
// Anything else gets -1.

// 1 row before, 2 after, clipped: 2 << 16 | 1 = 131073, plus the site
// (426178055 << 32, from "prog.mlir:3:4: distruntime.update_halo").
// CHECK-LABEL: func.func @clipped
// CHECK: %[[KEY:.*]] = arith.constant 1830420808498020353 : i64
// CHECK: call @_idtr_update_halo_f64({{.*}}, %[[KEY]])
// CHECK-NOT: arith.constant -1 : i64
func.func @clipped(%local: tensor<?x?xf64>, %g0: index, %g1: index, %o0: index) -> (tensor<?x?xf64>, tensor<?x?xf64>) {
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
    {team = 0 : i64}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>) loc("prog.mlir":3:4)
  distruntime.wait %h : !distruntime.asynchandle
  return %lh, %rh : tensor<?x?xf64>, tensor<?x?xf64>
}

// -----

// Canonical forms (x - c as x + -c, constants first, no clamps) and a
// local part with static rows: 3 rows before, none after (the site of
// an op without a file position: 953390274 << 32 | 3).
// CHECK-LABEL: func.func @canonical
// CHECK: %[[KEY:.*]] = arith.constant 4094780047154479107 : i64
// CHECK: call @_idtr_update_halo_f64({{.*}}, %[[KEY]])
func.func @canonical(%local: tensor<4x8xf64>, %g0: index, %o0: index) -> (tensor<?x8xf64>, tensor<?x8xf64>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %cm3 = arith.constant -3 : index
  %c4 = arith.constant 4 : index
  %0 = arith.addi %cm3, %o0 : index
  %1 = arith.addi %o0, %c4 : index
  %2 = arith.subi %1, %0 : index
  %h, %lh, %rh = distruntime.update_halo %local
    g_shape %g0, %c8 l_offs %o0, %c0 bb_offs %0, %c0 bb_sizes %2, %c8
    {team = 0 : i64}
    : (tensor<4x8xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x8xf64>, tensor<?x8xf64>) loc(unknown)
  distruntime.wait %h : !distruntime.asynchandle
  return %lh, %rh : tensor<?x8xf64>, tensor<?x8xf64>
}

// -----

// Widths that are not constants, a box not around the own rows, a
// negative width (the box starts after the own rows), and a box whose
// size is not measured from its offset: no key.
// CHECK-LABEL: func.func @dynamic
// CHECK-COUNT-4: arith.constant -1 : i64
// CHECK-NOT: arith.constant {{[0-9]+}} : i64
func.func @dynamic(%local: tensor<?x?xf64>, %g0: index, %g1: index, %o0: index, %w: index, %b: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %dim = tensor.dim %local, %c0 : tensor<?x?xf64>
  %end = arith.addi %o0, %dim : index
  %0 = arith.subi %o0, %w : index
  %1 = arith.subi %end, %0 : index
  %h0, %l0, %r0 = distruntime.update_halo %local
    g_shape %g0, %g1 l_offs %o0, %c0 bb_offs %0, %c0 bb_sizes %1, %g1 {team = 0 : i64}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h0 : !distruntime.asynchandle
  %2 = arith.subi %b, %c1 : index
  %3 = arith.subi %end, %2 : index
  %h1, %l1, %r1 = distruntime.update_halo %local
    g_shape %g0, %g1 l_offs %o0, %c0 bb_offs %2, %c0 bb_sizes %3, %g1 {team = 0 : i64}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h1 : !distruntime.asynchandle
  %4 = arith.addi %o0, %c1 : index
  %5 = arith.subi %end, %4 : index
  %h2, %l2, %r2 = distruntime.update_halo %local
    g_shape %g0, %g1 l_offs %o0, %c0 bb_offs %4, %c0 bb_sizes %5, %g1 {team = 0 : i64}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h2 : !distruntime.asynchandle
  %6 = arith.subi %o0, %c1 : index
  %h3, %l3, %r3 = distruntime.update_halo %local
    g_shape %g0, %g1 l_offs %o0, %c0 bb_offs %6, %c0 bb_sizes %dim, %g1 {team = 0 : i64}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h3 : !distruntime.asynchandle
  return
}

// -----

// The shard lowering's form: the local part is a slice whose row count is
// the one the box adds, and the clamp's bound an equal constant: 1 and 1.
// CHECK-LABEL: func.func @slice
// CHECK: %[[KEY:.*]] = arith.constant {{[1-9][0-9]+}} : i64
// CHECK: call @_idtr_update_halo_f64({{.*}}, %[[KEY]])
func.func @slice(%full: tensor<?xf64>, %o0: index, %rows: index) -> (tensor<?xf64>, tensor<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c12 = arith.constant 12 : index
  %n = arith.constant 12 : index
  %local = tensor.extract_slice %full[1] [%rows] [1] : tensor<?xf64> to tensor<?xf64>
  %0 = arith.subi %o0, %c1 : index
  %1 = arith.maxsi %0, %c0 : index
  %2 = arith.addi %o0, %rows : index
  %3 = arith.addi %2, %c1 : index
  %4 = arith.minsi %3, %c12 : index
  %5 = arith.subi %4, %1 : index
  %h, %lh, %rh = distruntime.update_halo %local
    g_shape %n l_offs %o0 bb_offs %1 bb_sizes %5 {team = 0 : i64}
    : (tensor<?xf64>, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?xf64>, tensor<?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %lh, %rh : tensor<?xf64>, tensor<?xf64>
}
