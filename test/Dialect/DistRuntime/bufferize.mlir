// RUN: %distc-opt %s --split-input-file --one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s
// RUN: %distc-opt %s --split-input-file --one-shot-bufferize="bufferize-function-boundaries" --lower-distruntime-to-idtr | FileCheck %s --check-prefix=IDTR

// One-shot bufferization of the distruntime ops that take or make arrays
// (a pipeline that bufferizes before lower-distruntime-to-idtr): operands
// are read at the op, new results are new buffers, an accumulator is
// written in place; the memref form then lowers to the same calls.

// A printed tensor read again later: the fill after the first print must
// not write into its buffer.
// CHECK-LABEL: func.func @print_then_fill
// CHECK:         %[[A:.*]] = memref.alloc
// CHECK:         linalg.fill {{.*}} outs(%[[A]]
// CHECK:         %[[AV:.*]] = memref.cast %[[A]] : memref<4xf64> to memref<4xf64, strided<[?], offset: ?>>
// CHECK:         distruntime.print %[[AV]] format "" {team = 0 : i64} : memref<4xf64, strided<[?], offset: ?>>
// CHECK:         %[[B:.*]] = memref.alloc
// CHECK:         linalg.fill {{.*}} outs(%[[B]]
// CHECK:         distruntime.print %{{.*}} format "" {team = 0 : i64}
// CHECK:         distruntime.print %{{.*}} format "" {team = 0 : i64}
// IDTR-LABEL: func.func @print_then_fill
// IDTR-NOT:     bufferization.to_buffer
// IDTR-COUNT-3: call @_idtr_print_f64
// IDTR-NOT:     {{^ *}}distruntime.
func.func @print_then_fill() {
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %e = tensor.empty() : tensor<4xf64>
  %a = linalg.fill ins(%one : f64) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  distruntime.print %a format "" {team = 0 : i64} : tensor<4xf64>
  %b = linalg.fill ins(%two : f64) outs(%a : tensor<4xf64>) -> tensor<4xf64>
  distruntime.print %a format "" {team = 0 : i64} : tensor<4xf64>
  distruntime.print %b format "" {team = 0 : i64} : tensor<4xf64>
  return
}

// -----

// A copy's result is a new buffer; its input is only read.
// CHECK-LABEL: func.func @reshape
// CHECK-SAME:    (%[[IN:.*]]: memref<?xf64, strided<[?], offset: ?>>
// CHECK:         %{{.*}}, %[[OUT:.*]] = distruntime.copy_reshape %[[IN]]
// CHECK-SAME:      -> (!distruntime.asynchandle, memref<?x2xf64>)
// CHECK:         distruntime.wait
// CHECK:         return %[[OUT]]
// IDTR-LABEL: func.func @reshape
// IDTR:         %[[BUF:.*]] = memref.alloc(%{{.*}}) : memref<?x2xf64>
// IDTR:         call @_idtr_copy_reshape_f64
// IDTR:         call @_idtr_wait
// IDTR:         return %[[BUF]]
func.func @reshape(%in: tensor<?xf64>, %n: index, %off: index, %rows: index,
                   %roff: index) -> tensor<?x2xf64> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %h, %out = distruntime.copy_reshape %in g_shape %n l_offs %off
      to n_g_shape %rows, %c2 n_offs %roff, %c0 n_shape %rows, %c2 {team = 0 : i64}
      : (tensor<?xf64>, index, index, index, index, index, index, index, index)
      -> (!distruntime.asynchandle, tensor<?x2xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %out : tensor<?x2xf64>
}

// -----

// An accumulator read after the op is copied first; the runtime adds into
// the copy, and the old value keeps its buffer.
// CHECK-LABEL: func.func @accumulate
// CHECK:         %[[COPY:.*]] = memref.alloc
// CHECK:         memref.copy %{{.*}}, %[[COPY]]
// CHECK:         distruntime.copy_permute {{.*}} add_into %{{.*}}
// CHECK:         distruntime.print %{{.*}} format "old"
// IDTR-LABEL: func.func @accumulate
// IDTR:         call @_idtr_copy_permute_add_f64
func.func @accumulate(%in: tensor<4x4xf64>, %acc: tensor<4x4xf64>) -> tensor<4x4xf64> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %h, %sum = distruntime.copy_permute %in g_shape %c4, %c4 l_offs %c0, %c0
      to n_offs %c0, %c0 n_shape %c4, %c4 axes [1, 0] add_into %acc {team = 0 : i64}
      : (tensor<4x4xf64>, index, index, index, index, index, index, index, index, tensor<4x4xf64>)
      -> (!distruntime.asynchandle, tensor<4x4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  distruntime.print %acc format "old" {team = 0 : i64} : tensor<4x4xf64>
  return %sum : tensor<4x4xf64>
}

// -----

// Loaded blocks are new buffers; a saved block is read.
// CHECK-LABEL: func.func @load_save
// CHECK:         %[[L:.*]] = distruntime.npy_load "in.npy" {{.*}} : memref<?x4xf32>
// CHECK:         distruntime.npy_save %{{.*}} "out.npy" {{.*}} : memref<?x4xf32, strided<[?, ?], offset: ?>>
// IDTR-LABEL: func.func @load_save
// IDTR:         call @_idtr_npy_load_f32
// IDTR:         call @_idtr_npy_save_f32
func.func @load_save(%i: index) {
  %off, %m, %n = distruntime.npy_read_header "in.npy" {team = 0 : i64} : tensor<?x4xf32> -> i64, index, index
  %l = distruntime.npy_load "in.npy" data_offset %off g_shape %m, %n l_offs %i, %i l_sizes %m {team = 0 : i64} : tensor<?x4xf32>
  distruntime.npy_save %l "out.npy" g_shape %m, %n l_offs %i, %i {team = 0 : i64} : tensor<?x4xf32>
  return
}

// -----

// recv's `like` gives a shape only; the received block is a new buffer of
// its type.
// CHECK-LABEL: func.func @recv_into_new
// CHECK:         %{{.*}}, %{{.*}} = distruntime.recv %{{.*}} from %{{.*}} {team = 0 : i64} : memref<8xf64, strided<[?], offset: ?>>
// IDTR-LABEL: func.func @recv_into_new
// IDTR:         memref.alloc() : memref<8xf64>
// IDTR:         call @_idtr_recv_f64
func.func @recv_into_new(%like: tensor<8xf64>, %peer: index) -> tensor<8xf64> {
  %h, %r = distruntime.recv %like from %peer {team = 0 : i64} : tensor<8xf64>
  distruntime.wait %h : !distruntime.asynchandle
  return %r : tensor<8xf64>
}
