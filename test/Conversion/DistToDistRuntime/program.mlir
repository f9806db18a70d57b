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

// dist.param calls the runtime with the module's parameter table (sorted
// by name, one "name\ttype\tdefault" line each) and its name; narrower
// types are truncated from the runtime's i64/f64. dist.wtime is a call.
// CHECK-DAG: llvm.mlir.global internal constant @[[TABLE:__distc_check_[0-9A-F]+]]("dt\09f32\090.25\0Aflag\09i1\09true\0Ak\09i32\09-3\0An\09index\091000\0A\00")
// CHECK-LABEL: func.func @params
// CHECK: %[[SPEC:.*]] = llvm.mlir.addressof @[[TABLE]] : !llvm.ptr
// CHECK: %[[NAME:.*]] = llvm.mlir.addressof @{{.*}} : !llvm.ptr
// CHECK: %[[N64:.*]] = call @_idtr_param_i64(%[[SPEC]], %[[NAME]]) : (!llvm.ptr, !llvm.ptr) -> i64
// CHECK: %[[N:.*]] = arith.index_cast %[[N64]] : i64 to index
// CHECK: %[[DT64:.*]] = call @_idtr_param_f64(
// CHECK: %[[DT:.*]] = arith.truncf %[[DT64]] : f64 to f32
// CHECK: %[[K64:.*]] = call @_idtr_param_i64(
// CHECK: %[[K:.*]] = arith.trunci %[[K64]] : i64 to i32
// CHECK: %[[F64:.*]] = call @_idtr_param_i64(
// CHECK: %[[F:.*]] = arith.trunci %[[F64]] : i64 to i1
// CHECK: %[[T:.*]] = call @_idtr_wtime() : () -> f64
// CHECK: return %[[N]], %[[DT]], %[[K]], %[[F]], %[[T]]
// CHECK-DAG: func.func private @_idtr_param_i64(!llvm.ptr, !llvm.ptr) -> i64
// CHECK-DAG: func.func private @_idtr_param_f64(!llvm.ptr, !llvm.ptr) -> f64
// CHECK-DAG: func.func private @_idtr_wtime() -> f64
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
