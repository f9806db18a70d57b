// RUN: %distc-opt %s --convert-dist-to-distruntime --split-input-file | FileCheck %s

// dist.load: the header is read and checked by the runtime (expected sizes
// in, -1 for dynamic ones; the file's sizes out), each rank allocates its
// balanced block and reads it; the path of `param` comes from the command
// line through the module's parameter table ("in\tpath\tin.npy").
// CHECK-LABEL: func.func @load
// CHECK: %[[P:.*]] = call @_idtr_param_path(%{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> !llvm.ptr
// CHECK: %[[S:.*]] = memref.alloca() : memref<2xindex>
// CHECK: %[[OFF:.*]] = call @_idtr_npy_read_header(%{{.*}}, %[[P]], %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, memref<*xindex>) -> i64
// CHECK: %[[M:.*]] = memref.load %[[S]][%{{.*}}] : memref<2xindex>
// CHECK: %[[BUF:.*]] = memref.alloc(%{{.*}}) : memref<?x4xf64>
// CHECK: call @_idtr_npy_load_f64(%{{.*}}, %[[P]], %{{.*}}, %[[OFF]], %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64, i64, memref<*xindex>, memref<*xindex>, memref<*xf64>) -> ()
// CHECK: bufferization.to_tensor %[[BUF]] restrict writable : memref<?x4xf64> to tensor<?x4xf64>
func.func @load() -> !dist.tensor<?x4xf64> {
  %a = dist.load "in.npy" param "in" : !dist.tensor<?x4xf64>
  return %a : !dist.tensor<?x4xf64>
}

// -----

// dist.save: one call with the global shape, this rank's offsets and its
// block (read-only); the dtype is numpy's.
// CHECK-LABEL: func.func @save
// CHECK: %[[LOCAL:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<?xi32> to memref<?xi32, strided<[?], offset: ?>>
// CHECK: call @_idtr_npy_save_i32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, !llvm.ptr, i64, memref<*xindex>, memref<*xindex>, memref<*xi32>) -> ()
func.func @save(%a: !dist.tensor<?xi32>) {
  dist.save %a, "out.npy" : !dist.tensor<?xi32>
  return
}

// -----

// dist.print with options: _idtr_print_<T> on every rank for a
// distributed tensor (split 1 is repartitioned into row blocks first), on
// rank 0 only for a scalar (a 0-d tensor; index printed as i64).
// CHECK-LABEL: func.func @print
// CHECK: distruntime.copy_reshape
// CHECK: call @_idtr_print_f64(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i32, i64, i32, memref<*xf64>) -> ()
// CHECK: scf.if
// CHECK:   call @_idtr_print_i64
func.func @print(%a: !dist.tensor<?x?xf64, split = 1>, %n: index) {
  dist.print %a numpy precision = 17 : !dist.tensor<?x?xf64, split = 1>
  dist.print %n format = "%d" : index
  return
}

// -----

// dist.print numpy of a float array without precision or format: numpy's
// own float format (shortest digits, aligned points), which the runtime
// selects by the empty format; a scalar keeps %g.
// CHECK-DAG: llvm.mlir.global internal constant @[[G:.*]]("%g\00")
// CHECK-DAG: llvm.mlir.global internal constant @[[E:.*]]("\00")
// CHECK-LABEL: func.func @print_numpy_float
// CHECK: %[[EP:.*]] = llvm.mlir.addressof @[[E]]
// CHECK: call @_idtr_print_f64(%[[EP]],
// CHECK: %[[GP:.*]] = llvm.mlir.addressof @[[G]]
// CHECK: func.call @_idtr_print_f64(%[[GP]],
func.func @print_numpy_float(%a: !dist.tensor<?xf64>, %s: f64) {
  dist.print %a numpy : !dist.tensor<?xf64>
  dist.print %s numpy : f64
  return
}

// -----

// dist.load into a process grid: the header as for 1-D, then this rank's
// box of the grid (the `?` extents factored by the runtime), offset in both
// dimensions, allocated and read.
// CHECK-LABEL: func.func @load_grid
// CHECK: call @_idtr_npy_read_header
// CHECK: call @_idtr_grid_factor
// CHECK: %[[BUF:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xf32>
// CHECK: call @_idtr_npy_load_f32(
func.func @load_grid() -> !dist.tensor<?x?xf32, grid = [?, ?], split = [0, 1]> {
  %a = dist.load "in.npy" : !dist.tensor<?x?xf32, grid = [?, ?], split = [0, 1]>
  return %a : !dist.tensor<?x?xf32, grid = [?, ?], split = [0, 1]>
}

// -----

// dist.save from a process grid: the block and its offsets in every
// dimension go straight to the runtime (no repartition); dist.print with
// options repartitions the grid to row blocks first (one copy_reshape).
// CHECK-LABEL: func.func @save_print_grid
// CHECK-NOT: distruntime.copy_reshape
// CHECK: call @_idtr_npy_save_i16(
// CHECK: distruntime.copy_reshape
// CHECK: call @_idtr_print_i16(
func.func @save_print_grid(%a: !dist.tensor<6x7xi16, grid = [2, 3], split = [1, 0]>) {
  dist.save %a, "out.npy" : !dist.tensor<6x7xi16, grid = [2, 3], split = [1, 0]>
  dist.print %a numpy format = "%4d" : !dist.tensor<6x7xi16, grid = [2, 3], split = [1, 0]>
  return
}
