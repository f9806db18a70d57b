// Running the pass twice, or on a module that already declares part of the
// ABI, yields exactly one declaration of each entry point.
// RUN: %distc-opt %s --lower-distruntime-to-idtr --lower-distruntime-to-idtr | FileCheck %s
// RUN: %distc-opt %s --lower-distruntime-to-idtr | FileCheck %s --check-prefix=ALL
// RUN: %distc-opt %s --lower-distruntime-to-idtr | FileCheck %s --check-prefix=DECL

// CHECK-COUNT-1: func.func private @_idtr_wait(i64)
// CHECK-NOT: func.func private @_idtr_wait(
// CHECK-COUNT-1: func.func private @_idtr_copy_reshape_f64(
// CHECK-NOT: @_idtr_copy_reshape_f64(

// The whole ABI: 4 untyped + 6 typed entry points x 11 element types.
// ALL-COUNT-70: func.func private @_idtr_
// ALL-NOT: func.func private @_idtr_
// DECL-DAG: @_idtr_nprocs(i64) -> i64
// DECL-DAG: @_idtr_prank(i64) -> i64
// DECL-DAG: @_idtr_set_location(!llvm.ptr)
// DECL-DAG: @_idtr_copy_permute_i16(
// DECL-DAG: @_idtr_update_halo_i1(
// DECL-DAG: @_idtr_allreduce_f32(
// DECL-DAG: @_idtr_reduce_all_i64(memref<*xi64>, i32)

func.func private @_idtr_wait(i64)

func.func @f(%x: tensor<4xf64>) {
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}
