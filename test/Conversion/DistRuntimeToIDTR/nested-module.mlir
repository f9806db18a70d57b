// Calls resolve in the nearest symbol table: a nested module holding
// distruntime ops gets its own declarations of the ABI (and the result
// verifies); the outer module has them as always.
// RUN: %distc-opt %s --lower-distruntime-to-idtr | FileCheck %s

// CHECK: module @inner
// CHECK:   func.func @f
// CHECK:     call @_idtr_allreduce_f64(
// CHECK:     call @_idtr_wait(
// CHECK-DAG: func.func private @_idtr_allreduce_f64(i64, memref<*xf64>, memref<*xf64>, i32) -> i64
// CHECK-DAG: func.func private @_idtr_wait(i64)
// CHECK: }
// CHECK-DAG: func.func private @_idtr_allreduce_f64(i64, memref<*xf64>, memref<*xf64>, i32) -> i64
// CHECK-DAG: func.func private @_idtr_wait(i64)
module {
  module @inner {
    func.func @f(%x: tensor<4xf64>) -> tensor<4xf64> {
      %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
      distruntime.wait %h : !distruntime.asynchandle
      return %s : tensor<4xf64>
    }
  }
}
