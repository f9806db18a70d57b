// After lowering, bufferization and buffer deallocation, no output buffer
// is freed before the _idtr_wait of its operation - also when the program
// never uses the output.
// RUN: %distc-opt %s --lower-distruntime-to-idtr --one-shot-bufferize="bufferize-function-boundaries" --buffer-deallocation-pipeline | FileCheck %s

// CHECK-LABEL: func.func @unused_output
// CHECK: %[[OUT:.*]] = memref.alloc{{\(}}
// CHECK-NOT: memref.dealloc
// CHECK: %[[H:.*]] = call @_idtr_copy_reshape_f64
// CHECK-NOT: memref.dealloc
// CHECK: call @_idtr_wait(%[[H]])
// CHECK: memref.dealloc %[[OUT]]
func.func @unused_output(%x: tensor<?xf64>, %i: index) {
  %h, %o = distruntime.copy_reshape %x g_shape %i l_offs %i to n_g_shape %i n_offs %i n_shape %i
    {team = 1 : i64} : (tensor<?xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  %n = distruntime.team_size {team = 1 : i64}
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// Both halos stay alive until the wait even though only one is used.
// CHECK-LABEL: func.func @halo_one_used
// CHECK: %[[L:.*]] = memref.alloc{{\(}}
// CHECK: %[[R:.*]] = memref.alloc{{\(}}
// CHECK-NOT: memref.dealloc
// CHECK: call @_idtr_update_halo_f64
// CHECK-NOT: memref.dealloc
// CHECK: call @_idtr_wait
// CHECK-DAG: memref.dealloc %[[L]]
// CHECK-DAG: memref.dealloc %[[R]]
func.func @halo_one_used(%x: tensor<?x4xf64>, %i: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %h, %l, %r = distruntime.update_halo %x g_shape %i, %c4 l_offs %i, %c0 bb_offs %i, %c0 bb_sizes %i, %c4
    {team = 1 : i64} : (tensor<?x4xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x4xf64>, tensor<?x4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %v = tensor.extract %l[%c0, %c0] : tensor<?x4xf64>
  return %v : f64
}

// In a loop the buffer is freed at the end of the iteration, after the wait.
// CHECK-LABEL: func.func @in_loop
// CHECK: scf.for
// CHECK: %[[OUT:.*]] = memref.alloc{{\(}}
// CHECK: call @_idtr_allreduce_f64
// CHECK-NOT: memref.dealloc
// CHECK: call @_idtr_wait
// CHECK: memref.dealloc %[[OUT]]
func.func @in_loop(%x: tensor<8xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<8xf64>) -> (!distruntime.asynchandle, tensor<8xf64>)
    distruntime.wait %h : !distruntime.asynchandle
  }
  return
}
