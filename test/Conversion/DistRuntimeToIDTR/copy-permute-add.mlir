// The accumulating copy_permute: the runtime adds into the accumulator's
// buffer (_idtr_copy_permute_add_T). When nothing uses the accumulator
// after the op, that is the accumulator's own buffer (bufferization still
// copies it if a tensor sharing it is read later), and the result is tied
// to it by a linalg.copy into the accumulator that bufferization turns into
// a copy onto itself, erased; otherwise the lowering copies the
// accumulator first. The entry point is declared only in modules that use
// it.
// RUN: %distc-opt %s -split-input-file --lower-distruntime-to-idtr | FileCheck %s
// RUN: %distc-opt %s -split-input-file --lower-distruntime-to-idtr --distc-bufferize | FileCheck %s --check-prefix=BUF

// CHECK-LABEL: func.func @add_into
// CHECK-SAME: (%[[A:[^:]*]]: tensor<?x?xf64>, %[[ACC:[^:]*]]: tensor<?x?xf64>
// CHECK-NOT: memref.alloc(
// CHECK: %[[IN:.*]] = bufferization.to_buffer %[[A]] read_only : tensor<?x?xf64> to memref<?x?xf64, strided<[?, ?], offset: ?>>
// CHECK: %[[INU:.*]] = memref.cast %[[IN]] : memref<?x?xf64, strided<[?, ?], offset: ?>> to memref<*xf64>
// The accumulator's buffer, written: no read_only.
// CHECK: %[[OUT:.*]] = bufferization.to_buffer %[[ACC]] : tensor<?x?xf64> to memref<?x?xf64>
// CHECK: %[[OUTU:.*]] = memref.cast %[[OUT]] : memref<?x?xf64> to memref<*xf64>
// CHECK: call @_idtr_set_location
// CHECK: %[[H:.*]] = call @_idtr_copy_permute_add_f64(%{{.*}}, %{{.*}}, %{{.*}}, %[[INU]], %{{.*}}, %[[OUTU]], %{{.*}}) : (i64, memref<*xindex>, memref<*xindex>, memref<*xf64>, memref<*xindex>, memref<*xf64>, memref<*xindex>) -> i64
// CHECK: call @_idtr_wait(%[[H]])
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[OUT]] restrict writable : memref<?x?xf64> to tensor<?x?xf64>
// CHECK: %[[R:.*]] = linalg.copy ins(%[[T]] : tensor<?x?xf64>) outs(%[[ACC]] : tensor<?x?xf64>)
// CHECK: return %[[R]]
// CHECK: func.func private @_idtr_copy_permute_add_f64(i64, memref<*xindex>, memref<*xindex>, memref<*xf64>, memref<*xindex>, memref<*xf64>, memref<*xindex>) -> i64
// CHECK-NOT: @_idtr_copy_permute_add_

// Nothing reads %acc afterwards: the runtime adds into its buffer, and the
// tie is gone (the copy at the end is deallocation's, of a buffer returned
// from an argument).
// BUF-LABEL: func.func @add_into
// BUF-SAME: (%{{[^:]*}}: memref<?x?xf64>, %[[ACC:[^:]*]]: memref<?x?xf64>
// BUF-NOT: memref.copy
// BUF-NOT: linalg.copy
// BUF: %[[OUTU:.*]] = memref.cast %[[ACC]] : memref<?x?xf64> to memref<*xf64>
// BUF: call @_idtr_copy_permute_add_f64({{.*}}, %[[OUTU]], %{{.*}})
// BUF: call @_idtr_wait
// BUF-NOT: linalg.copy
func.func @add_into(%a: tensor<?x?xf64>, %acc: tensor<?x?xf64>, %n: index, %o: index,
                    %rows: index) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %h, %t = distruntime.copy_permute %a g_shape %n, %n l_offs %o, %c0
    to n_offs %o, %c0 n_shape %rows, %n axes [1, 0] add_into %acc {team = 0 : i64}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index, tensor<?x?xf64>)
    -> (!distruntime.asynchandle, tensor<?x?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %t : tensor<?x?xf64>
}

// -----

// %acc is read after the op: the runtime adds into a copy of it, made
// before the call, which the result views; the read sees the old value.
// CHECK-LABEL: func.func @acc_read_later
// CHECK-SAME: %[[ACC:[^:]*]]: tensor<?x?xi32>, %{{[^:]*}}: index
// CHECK: %[[COPY:.*]] = memref.alloc(
// CHECK: %[[OLD:.*]] = bufferization.to_buffer %[[ACC]] read_only
// CHECK: memref.copy %[[OLD]], %[[COPY]]
// CHECK: call @_idtr_copy_permute_add_i32
// CHECK: call @_idtr_wait
// CHECK: %[[R:.*]] = bufferization.to_tensor %[[COPY]] restrict writable
// CHECK-NOT: linalg.copy
// CHECK: return %[[R]]
// CHECK: func.func private @_idtr_copy_permute_add_i32(
// BUF-LABEL: func.func @acc_read_later
// BUF-SAME: (%{{[^:]*}}: memref<?x?xi32>, %[[ACC:[^:]*]]: memref<?x?xi32>
// BUF: %[[COPY:.*]] = memref.alloc(%{{.*}}, %{{.*}}) : memref<?x?xi32>
// BUF: memref.copy %[[ACC]], %[[COPY]]
// BUF: %[[OUTU:.*]] = memref.cast %[[COPY]] : memref<?x?xi32> to memref<*xi32>
// BUF: call @_idtr_copy_permute_add_i32({{.*}}, %[[OUTU]], %{{.*}})
// BUF: call @_idtr_wait
// BUF: memref.load %[[ACC]]
// BUF: return %[[COPY]]
func.func @acc_read_later(%a: tensor<?x?xi32>, %acc: tensor<?x?xi32>, %n: index,
                          %o: index, %rows: index) -> (tensor<?x?xi32>, i32) {
  %c0 = arith.constant 0 : index
  %h, %t = distruntime.copy_permute %a g_shape %n, %n l_offs %o, %c0
    to n_offs %o, %c0 n_shape %rows, %n axes [1, 0] add_into %acc {team = 0 : i64}
    : (tensor<?x?xi32>, index, index, index, index, index, index, index, index, tensor<?x?xi32>)
    -> (!distruntime.asynchandle, tensor<?x?xi32>)
  distruntime.wait %h : !distruntime.asynchandle
  %x = tensor.extract %acc[%c0, %c0] : tensor<?x?xi32>
  return %t, %x : tensor<?x?xi32>, i32
}

// -----

// A plain copy_permute declares no accumulating entry point.
// CHECK-LABEL: func.func @plain
// CHECK: call @_idtr_copy_permute_f32
// CHECK-NOT: @_idtr_copy_permute_add_
func.func @plain(%a: tensor<?x?xf32>, %n: index, %o: index, %rows: index) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %h, %t = distruntime.copy_permute %a g_shape %n, %n l_offs %o, %c0
    to n_offs %o, %c0 n_shape %rows, %n axes [1, 0] {team = 0 : i64}
    : (tensor<?x?xf32>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf32>)
  distruntime.wait %h : !distruntime.asynchandle
  return %t : tensor<?x?xf32>
}

// -----

// A loop that accumulates into its iteration argument (B += A^T) adds into
// the same buffer every iteration: no allocation and no copy in the loop,
// which then carries nothing (the buffer is the initial one throughout).
// CHECK-LABEL: func.func @loop
// BUF-LABEL: func.func @loop
// BUF-SAME: (%{{[^:]*}}: memref<?x?xf64>, %[[B0:[^:]*]]: memref<?x?xf64>
// BUF: scf.for
// BUF-NOT: memref.alloc(
// BUF-NOT: memref.copy
// BUF: %[[BU:.*]] = memref.cast %[[B0]] : memref<?x?xf64> to memref<*xf64>
// BUF: call @_idtr_copy_permute_add_f64({{.*}}, %[[BU]], %{{.*}})
// BUF: call @_idtr_wait
// BUF-NEXT: }
func.func @loop(%a: tensor<?x?xf64>, %b0: tensor<?x?xf64>, %n: index, %o: index,
                %rows: index, %k: index) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = scf.for %i = %c0 to %k step %c1 iter_args(%bi = %b0) -> (tensor<?x?xf64>) {
    %h, %t = distruntime.copy_permute %a g_shape %n, %n l_offs %o, %c0
      to n_offs %o, %c0 n_shape %rows, %n axes [1, 0] add_into %bi {team = 0 : i64}
      : (tensor<?x?xf64>, index, index, index, index, index, index, index, index, tensor<?x?xf64>)
      -> (!distruntime.asynchandle, tensor<?x?xf64>)
    distruntime.wait %h : !distruntime.asynchandle
    scf.yield %t : tensor<?x?xf64>
  }
  return %b : tensor<?x?xf64>
}

// -----

// The value %acc was computed from in place is overwritten later, without
// being read: the result, which lives in the same buffer, must not see
// that (the tie tells bufferization; it computes %acc out of place).
// BUF-LABEL: func.func @alias_overwritten_later
// BUF-SAME: (%{{[^:]*}}: memref<4x4xf64>, %[[X:[^:]*]]: memref<4x4xf64>
// BUF: %[[ACC:.*]] = memref.alloc() {{.*}}: memref<4x4xf64>
// BUF: memref.copy %[[X]], %[[ACC]]
// BUF: linalg.generic {{.*}} outs(%[[ACC]] : memref<4x4xf64>)
// BUF: %[[ACCU:.*]] = memref.cast %[[ACC]] : memref<4x4xf64> to memref<*xf64>
// BUF: call @_idtr_copy_permute_add_f64({{.*}}, %[[ACCU]], %{{.*}})
// BUF: linalg.fill ins(%{{.*}} : f64) outs(%[[X]] : memref<4x4xf64>)
// BUF: return %[[ACC]],
#id = affine_map<(d0, d1) -> (d0, d1)>
func.func @alias_overwritten_later(%a: tensor<4x4xf64>, %x: tensor<4x4xf64>, %i: index)
    -> (tensor<4x4xf64>, tensor<4x4xf64>) {
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %acc = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel", "parallel"]}
      outs(%x : tensor<4x4xf64>) {
  ^bb0(%o: f64):
    %y = arith.addf %o, %one : f64
    linalg.yield %y : f64
  } -> tensor<4x4xf64>
  %h, %r = distruntime.copy_permute %a g_shape %i, %i l_offs %i, %i
    to n_offs %i, %i n_shape %i, %i axes [1, 0] add_into %acc {team = 1 : i64}
    : (tensor<4x4xf64>, index, index, index, index, index, index, index, index, tensor<4x4xf64>)
    -> (!distruntime.asynchandle, tensor<4x4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %f = linalg.fill ins(%z : f64) outs(%x : tensor<4x4xf64>) -> tensor<4x4xf64>
  return %r, %f : tensor<4x4xf64>, tensor<4x4xf64>
}
