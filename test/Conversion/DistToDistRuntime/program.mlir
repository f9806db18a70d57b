// RUN: %distc-opt %s --convert-dist-to-distruntime --split-input-file | FileCheck %s

// dist.allreduce of a scalar: a one-element distruntime.allreduce (index
// as i64; any/all of i1 as max/min).
// CHECK-LABEL: func.func @allreduce
// CHECK-SAME: (%[[X:.*]]: f64, %[[N:.*]]: index, %[[B:.*]]: i1)
// CHECK: %[[T:.*]] = tensor.from_elements %[[X]] : tensor<f64>
// CHECK: %[[H:.*]], %[[R:.*]] = distruntime.allreduce max %[[T]] {team = 0 : i64} : (tensor<f64>) -> (!distruntime.asynchandle, tensor<f64>)
// CHECK: distruntime.wait %[[H]]
// CHECK: %[[MAX:.*]] = tensor.extract %[[R]][] : tensor<f64>
// CHECK: %[[N64:.*]] = arith.index_cast %[[N]] : index to i64
// CHECK: %[[TN:.*]] = tensor.from_elements %[[N64]] : tensor<i64>
// CHECK: distruntime.allreduce sum %[[TN]] {team = 0 : i64} : (tensor<i64>)
// CHECK: %[[S64:.*]] = tensor.extract
// CHECK: %[[S:.*]] = arith.index_cast %[[S64]] : i64 to index
// CHECK: %[[TB:.*]] = tensor.from_elements %[[B]] : tensor<i1>
// CHECK: distruntime.allreduce min %[[TB]] {team = 0 : i64} : (tensor<i1>)
// CHECK: distruntime.allreduce max %{{.*}} {team = 0 : i64} : (tensor<i1>)
// CHECK: return %[[MAX]], %[[S]],
func.func @allreduce(%x: f64, %n: index, %b: i1) -> (f64, index, i1, i1) {
  %m = dist.allreduce %x max : f64
  %s = dist.allreduce %n sum : index
  %all = dist.allreduce %b all : i1
  %any = dist.allreduce %b any : i1
  return %m, %s, %all, %any : f64, index, i1, i1
}

// -----

// dist.param and dist.wtime are the runtime-service ops of the same
// names (the IDTR conversion builds the module's parameter table from them).
// CHECK-LABEL: func.func @params
// CHECK: %[[N:.*]] = distruntime.param "n" default 1000 : index
// CHECK: %[[DT:.*]] = distruntime.param "dt" default 2.500000e-01 : f32
// CHECK: %[[K:.*]] = distruntime.param "k" default -3 : i32
// CHECK: %[[F:.*]] = distruntime.param "flag" default true : i1
// CHECK: %[[T:.*]] = distruntime.wtime : f64
// CHECK: return %[[N]], %[[DT]], %[[K]], %[[F]], %[[T]]
func.func @params() -> (index, f32, i32, i1, f64) {
  %n = dist.param "n" default 1000 : index
  %dt = dist.param "dt" default 0.25 : f32
  %k = dist.param "k" default -3 : i32
  %f = dist.param "flag" default true : i1
  %t = dist.wtime : f64
  return %n, %dt, %k, %f, %t : index, f32, i32, i1, f64
}

// -----

// A module without dist.param and dist.wtime declares none of their
// functions.
// CHECK-LABEL: func.func @none
// CHECK-NOT: _idtr_param
// CHECK-NOT: _idtr_wtime
func.func @none() {
  return
}
