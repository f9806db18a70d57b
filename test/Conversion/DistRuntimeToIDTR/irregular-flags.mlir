// A copy or 1-D halo marked `irregular` (blocks the program chose at run
// time, dist.from_local) is preceded by _idtr_set_call_flags(1)
// (IDTR_CALL_IRREGULAR): the runtime then never reuses its plan without the
// team's agreement. The entry point is declared only where a call uses it.
// RUN: %distc-opt %s --split-input-file --lower-distruntime-to-idtr | FileCheck %s

// CHECK-LABEL: func.func @marked
// CHECK: %[[F1:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @_idtr_set_call_flags(%[[F1]]) : (i64) -> ()
// CHECK-NEXT: call @_idtr_copy_reshape_f64(
// CHECK: %[[F2:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @_idtr_set_call_flags(%[[F2]]) : (i64) -> ()
// CHECK-NEXT: call @_idtr_copy_permute_f64(
// CHECK: %[[F3:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @_idtr_set_call_flags(%[[F3]]) : (i64) -> ()
// CHECK-NEXT: call @_idtr_update_halo_f64(
// CHECK: func.func private @_idtr_set_call_flags(i64)
func.func @marked(%l: tensor<?x?xf64>, %g0: index, %g1: index, %o0: index,
                  %o1: index) -> (tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>) {
  %h, %r = distruntime.copy_reshape %l g_shape %g0, %g1 l_offs %o0, %o1
      to n_g_shape %g0, %g1 n_offs %o0, %o1 n_shape %g0, %g1 {irregular, team = 0 : i64}
      : (tensor<?x?xf64>, index, index, index, index, index, index, index, index, index, index)
      -> (!distruntime.asynchandle, tensor<?x?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %h2, %p = distruntime.copy_permute %l g_shape %g0, %g1 l_offs %o0, %o1
      to n_offs %o1, %o0 n_shape %g1, %g0 axes [1, 0] {irregular, team = 0 : i64}
      : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
      -> (!distruntime.asynchandle, tensor<?x?xf64>)
  distruntime.wait %h2 : !distruntime.asynchandle
  %h3, %lh, %rh = distruntime.update_halo %l g_shape %g0, %g1 l_offs %o0, %o1
      bb_offs %o0, %o1 bb_sizes %g0, %g1 {irregular, team = 0 : i64}
      : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
      -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h3 : !distruntime.asynchandle
  return %r, %p, %lh : tensor<?x?xf64>, tensor<?x?xf64>, tensor<?x?xf64>
}

// -----

// Without the attribute: no flags, and no declaration.
// CHECK-LABEL: func.func @unmarked
// CHECK-NOT: _idtr_set_call_flags
func.func @unmarked(%l: tensor<?xf64>, %g0: index, %o0: index) -> tensor<?xf64> {
  %h, %r = distruntime.copy_reshape %l g_shape %g0 l_offs %o0
      to n_g_shape %g0 n_offs %o0 n_shape %g0 {team = 0 : i64}
      : (tensor<?xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %r : tensor<?xf64>
}
