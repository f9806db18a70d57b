// RUN: %distc-opt %s --distruntime-overlap-comm --lower-distruntime-to-idtr | FileCheck %s
// RUN: %distc-opt %s --distruntime-overlap-comm --lower-distruntime-to-idtr --one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline | FileCheck %s --check-prefix=DEALLOC

// After the overlap pass, the lowering issues both runtime starts first (in
// program order), the independent compute runs while they are in flight,
// and each _idtr_wait comes right before the first use of its result.

// CHECK-LABEL: func.func @overlap
// CHECK: %[[HA:.*]] = call @_idtr_allreduce_f64(
// CHECK: %[[HB:.*]] = call @_idtr_copy_reshape_f64(
// CHECK-NOT: call @_idtr_
// CHECK: arith.mulf %arg3, %arg3
// CHECK-NOT: call @_idtr_
// CHECK: call @_idtr_wait(%[[HA]]) : (i64) -> ()
// CHECK-NOT: call @_idtr_
// CHECK: tensor.extract
// CHECK-NEXT: arith.addf
// CHECK-NOT: call @_idtr_
// CHECK: call @_idtr_wait(%[[HB]]) : (i64) -> ()
// CHECK-NOT: call @_idtr_
// CHECK: tensor.extract
// CHECK: return
func.func @overlap(%x: tensor<4xf64>, %v: tensor<?xf64>, %i: index, %a: f64) -> (f64, f64) {
  %c0 = arith.constant 0 : index
  %ha, %sa = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %ha : !distruntime.asynchandle
  %m = arith.mulf %a, %a : f64
  %hb, %o = distruntime.copy_reshape %v g_shape %i l_offs %i to n_g_shape %i n_offs %i n_shape %i
    {team = 1 : i64} : (tensor<?xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  distruntime.wait %hb : !distruntime.asynchandle
  %ea = tensor.extract %sa[%c0] : tensor<4xf64>
  %s = arith.addf %ea, %m : f64
  %e = tensor.extract %o[%c0] : tensor<?xf64>
  return %s, %e : f64, f64
}

// Waits that moved down stay in the block of their start, so after
// bufferization and deallocation no output buffer (used or not) is freed
// before its _idtr_wait returns.

// DEALLOC-LABEL: func.func @overlap_dealloc
// DEALLOC: %[[BA:.*]] = memref.alloc() {{.*}}: memref<4xf64>
// DEALLOC: %[[HA:.*]] = call @_idtr_allreduce_f64(
// DEALLOC: %[[BB:.*]] = memref.alloc() {{.*}}: memref<4xf64>
// DEALLOC: %[[HB:.*]] = call @_idtr_allreduce_f64(
// DEALLOC-NOT: memref.dealloc
// DEALLOC: arith.mulf
// DEALLOC-NOT: memref.dealloc
// DEALLOC: call @_idtr_wait(%[[HA]])
// DEALLOC-NOT: memref.dealloc
// DEALLOC: memref.load %[[BA]]
// DEALLOC-NOT: memref.dealloc
// DEALLOC: call @_idtr_wait(%[[HB]])
// DEALLOC-DAG: memref.dealloc %[[BA]]
// DEALLOC-DAG: memref.dealloc %[[BB]]
// DEALLOC: return
func.func @overlap_dealloc(%x: tensor<4xf64>, %f: f64) -> (f64, f64) {
  %c0 = arith.constant 0 : index
  %ha, %sa = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %ha : !distruntime.asynchandle
  %hb, %sb = distruntime.allreduce max %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %hb : !distruntime.asynchandle
  %m = arith.mulf %f, %f : f64
  %e = tensor.extract %sa[%c0] : tensor<4xf64>
  return %e, %m : f64, f64
}
