// RUN: %distc-opt %s --lower-distruntime-to-idtr --split-input-file --verify-diagnostics | FileCheck %s

// The runtime-service ops become calls of their entry points, each declared
// once in the module; their tensors are read through buffer views made at
// the call.

// CHECK-LABEL: func.func @print
// CHECK-SAME: (%[[X:.*]]: tensor<?x4xf64>, %[[S:.*]]: tensor<f32>)
// CHECK: %[[V:.*]] = bufferization.to_buffer %[[X]] read_only
// CHECK: %[[VU:.*]] = memref.cast %[[V]]
// CHECK: call @_idtr_print_f64(%{{.*}}, %c1_i32, %c0_i64, %c1_i32{{.*}}, %[[VU]])
// A replicated value prints on member 0 only.
// CHECK: %[[SV:.*]] = bufferization.to_buffer %[[S]] read_only
// CHECK: %[[R:.*]] = call @_idtr_prank
// CHECK: %[[ROOT:.*]] = arith.cmpi eq, %[[R]]
// CHECK: scf.if %[[ROOT]] {
// CHECK: call @_idtr_print_f32
// CHECK: }
// CHECK-DAG: func.func private @_idtr_print_f64(!llvm.ptr, i32, i64, i32, memref<*xf64>)
// CHECK-DAG: func.func private @_idtr_print_f32(!llvm.ptr, i32, i64, i32, memref<*xf32>)
func.func @print(%x: tensor<?x4xf64>, %s: tensor<f32>) {
  distruntime.print %x distributed numpy format "%g" {team = 0 : i64} : tensor<?x4xf64>
  distruntime.print %s format "%.3f" {team = 0 : i64} : tensor<f32>
  return
}

// -----

// The parameter table lists every param op and every path parameter of
// the module, sorted by name; each call passes it.
// CHECK: llvm.mlir.global internal constant @[[TABLE:__distc_str_[0-9A-F]+]]("dt\09f64\090.001\0Ainput\09path\09in.npy\0An\09index\091000\0Aoutput\09path\09out.npy\0A\00")
// CHECK-LABEL: func.func @files
// CHECK: %[[N:.*]] = call @_idtr_param_i64(%[[T1:.*]], %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> i64
// CHECK: arith.index_cast %[[N]] : i64 to index
// CHECK: call @_idtr_param_f64
// CHECK: call @_idtr_param_path
// CHECK: %[[OFF:.*]] = call @_idtr_npy_read_header
// CHECK: memref.load
// CHECK: memref.load
// CHECK: %[[BUF:.*]] = memref.alloc
// CHECK: call @_idtr_npy_load_f32(%{{.*}}, %{{.*}}, %{{.*}}, %[[OFF]],
// CHECK: bufferization.to_tensor %[[BUF]] restrict writable
// CHECK: call @_idtr_param_path
// CHECK: call @_idtr_npy_save_f32
// CHECK: call @_idtr_wtime() : () -> f64
// CHECK-COUNT-1: func.func private @_idtr_param_path
func.func @files(%i: index) -> f64 {
  %n = distruntime.param "n" default 1000 : index
  %dt = distruntime.param "dt" default 1.0e-3 : f64
  %off, %m, %k = distruntime.npy_read_header "in.npy" param "input" {team = 0 : i64} : tensor<?x?xf32> -> i64, index, index
  %l = distruntime.npy_load "in.npy" param "input" data_offset %off g_shape %m, %k l_offs %n, %i l_sizes %i, %k {team = 0 : i64} : tensor<?x?xf32>
  distruntime.npy_save %l "out.npy" param "output" g_shape %m, %k l_offs %n, %i {team = 0 : i64} : tensor<?x?xf32>
  %t = distruntime.wtime : f64
  %r = arith.addf %t, %dt : f64
  return %r : f64
}

// -----

// A check is a compare and a branch to the runtime's failure path, which
// names the op's position and appends the values.
// CHECK: llvm.mlir.global internal constant @[[MSG:__distc_check_[0-9A-F]+]]("{{.*}}services.mlir:[[@LINE+10]]:3: error: dist.add: sizes differ\00")
// CHECK-LABEL: func.func @check
// CHECK-SAME: (%[[OK:.*]]: i1, %[[A:.*]]: index, %[[B:.*]]: i32)
// CHECK-DAG: %[[A64:.*]] = arith.index_cast %[[A]] : index to i64
// CHECK-DAG: %[[B64:.*]] = arith.extsi %[[B]] : i32 to i64
// CHECK: %[[BAD:.*]] = arith.xori %[[OK]], %true
// CHECK: scf.if %[[BAD]] {
// CHECK-NEXT: call @_idtr_check_failed(%{{.*}}, %c2_i32, %[[A64]], %[[B64]])
// CHECK-NEXT: }
func.func @check(%ok: i1, %a: index, %b: i32) {
  distruntime.check %ok, "dist.add: sizes differ" (%a, %b) : index, i32
  return
}

// -----

// CHECK-LABEL: func.func @grid_factor
// CHECK: %[[P:.*]] = arith.index_cast %{{.*}} : index to i64
// CHECK: %[[E:.*]] = call @_idtr_grid_factor(%[[P]], %c3_i64, %c1_i64) : (i64, i64, i64) -> i64
// CHECK: arith.index_cast %[[E]] : i64 to index
func.func @grid_factor(%p: index) -> index {
  %e = distruntime.grid_factor %p axes 3 axis 1
  return %e : index
}

// -----

// Two declarations of one name with different types or defaults.
func.func @conflict() {
  // expected-note @+1 {{first declared here}}
  %a = distruntime.param "n" default 1 : index
  // expected-error @+1 {{parameter "n" is declared again with another type or default}}
  %b = distruntime.param "n" default 2 : index
  return
}
