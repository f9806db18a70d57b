// Arrays of index go to the i64 entry points: index is 64 bits wide, and
// the descriptor of memref<*xindex> is memref<*xi64>'s once lowered, so the
// lowering casts the data arrays (not the index lists of the ABI) with an
// unrealized_conversion_cast that folds away with the LLVM lowering's.
// RUN: %distc-opt %s --lower-distruntime-to-idtr --split-input-file | FileCheck %s
// The whole pipeline leaves no cast behind.
// RUN: %distc-opt %s --split-input-file --pass-pipeline="builtin.module(distc-distruntime-to-idtr,distc-bufferize,distc-lower-loops,distc-lower-to-llvm)" | FileCheck %s --check-prefix=LLVM

// CHECK-LABEL: func.func @allreduce
// CHECK: %[[OUT:.*]] = memref.alloc() : memref<4xindex>
// CHECK: %[[IN:.*]] = memref.cast %{{.*}} : memref<4xindex, strided<[?], offset: ?>> to memref<*xindex>
// CHECK: %[[IN64:.*]] = builtin.unrealized_conversion_cast %[[IN]] : memref<*xindex> to memref<*xi64>
// CHECK: %[[OUTU:.*]] = memref.cast %[[OUT]] : memref<4xindex> to memref<*xindex>
// CHECK: %[[OUT64:.*]] = builtin.unrealized_conversion_cast %[[OUTU]] : memref<*xindex> to memref<*xi64>
// CHECK: call @_idtr_allreduce_i64(%{{.*}}, %[[IN64]], %[[OUT64]], %{{.*}}) : (i64, memref<*xi64>, memref<*xi64>, i32) -> i64
// CHECK: bufferization.to_tensor %[[OUT]] restrict writable : memref<4xindex> to tensor<4xindex>
// LLVM-LABEL: llvm.func @allreduce
// LLVM-NOT: unrealized_conversion_cast
// LLVM: llvm.call @_idtr_allreduce_i64
func.func @allreduce(%x: tensor<4xindex>) -> tensor<4xindex> {
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xindex>) -> (!distruntime.asynchandle, tensor<4xindex>)
  distruntime.wait %h : !distruntime.asynchandle
  return %s : tensor<4xindex>
}

// -----

// The shapes and offsets stay memref<*xindex>.
// CHECK-LABEL: func.func @copy_reshape
// CHECK: %[[GS:.*]] = memref.cast %{{.*}} : memref<1xindex> to memref<*xindex>
// CHECK: call @_idtr_copy_reshape_i64(%{{.*}}, %[[GS]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, memref<*xindex>, memref<*xindex>, memref<*xi64>, memref<*xindex>, memref<*xindex>, memref<*xi64>) -> i64
// LLVM-LABEL: llvm.func @copy_reshape
// LLVM-NOT: unrealized_conversion_cast
// LLVM: llvm.call @_idtr_copy_reshape_i64
func.func @copy_reshape(%x: tensor<?xindex>, %n: index, %o: index, %s: index) -> tensor<?x2xindex> {
  %h, %out = distruntime.copy_reshape %x g_shape %n l_offs %o to n_g_shape %n, %n n_offs %o, %o n_shape %s, %s
    {team = 1 : i64} : (tensor<?xindex>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x2xindex>)
  distruntime.wait %h : !distruntime.asynchandle
  return %out : tensor<?x2xindex>
}
