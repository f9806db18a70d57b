// RUN: %distc-opt %s --split-input-file --distc-lower-strided-copies | FileCheck %s --check-prefix=OP
// RUN: %distc-opt %s --split-input-file --distc-lower-strided-copies --lower-distruntime-to-idtr --verify-diagnostics | FileCheck %s

// A copy between 2-D views with contiguous rows becomes distruntime.copy_rows,
// and that one call of the runtime's _distc_copy_rows with the views as
// integers: element size, source (aligned pointer, offset, row stride),
// target (same), rows, cols. The helper is declared once however many
// copies use it.
// OP-LABEL: func.func @window
// OP: distruntime.copy_rows %{{.*}}, %{{.*}} : memref<?x?xf64, strided<[?, 1], offset: ?>> to memref<?x?xf64, strided<[?, 1], offset: ?>>
// OP: distruntime.copy_rows %{{.*}}, %{{.*}} : memref<4x8xf32> to memref<4x8xf32, strided<[16, 1], offset: 3>>
// OP-LABEL: func.func @untouched
// OP-NOT: distruntime.copy_rows
// OP-COUNT-5: memref.copy
// CHECK-LABEL: func.func @window
// CHECK-SAME: (%[[A:.*]]: memref<?x?xf64, strided<[?, 1], offset: ?>>, %[[B:.*]]: memref<?x?xf64, strided<[?, 1], offset: ?>>
// CHECK-DAG: %[[ES:.*]] = arith.constant 8 : i64
// CHECK-DAG: %[[BASE_A:.*]], %[[OFF_A:.*]], %[[SIZES_A:.*]]:2, %[[STRIDES_A:.*]]:2 = memref.extract_strided_metadata %[[A]]
// CHECK-DAG: %[[PTR_A:.*]] = memref.extract_aligned_pointer_as_index %[[A]]
// CHECK-DAG: %[[BASE_B:.*]], %[[OFF_B:.*]], %[[SIZES_B:.*]]:2, %[[STRIDES_B:.*]]:2 = memref.extract_strided_metadata %[[B]]
// CHECK-DAG: %[[PTR_B:.*]] = memref.extract_aligned_pointer_as_index %[[B]]
// CHECK: call @_distc_copy_rows(%[[ES]], %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, i64, i64, i64, i64, i64, i64, i64) -> ()
// CHECK-NOT: memref.copy
// CHECK: call @_distc_copy_rows
// CHECK-LABEL: func.func @untouched
// Contiguous as a whole (one memcpy), rank 1, a strided innermost
// dimension, bits that are not bytes and another memory space keep
// memref.copy.
// CHECK-COUNT-5: memref.copy
// CHECK-DAG: func.func private @_distc_copy_rows(i64, i64, i64, i64, i64, i64, i64, i64, i64)
// CHECK-NOT: func.func private @_distc_copy_rows
func.func @window(%a: memref<?x?xf64, strided<[?, 1], offset: ?>>,
                  %b: memref<?x?xf64, strided<[?, 1], offset: ?>>,
                  %c: memref<4x8xf32>, %d: memref<4x8xf32, strided<[16, 1], offset: 3>>) {
  memref.copy %a, %b : memref<?x?xf64, strided<[?, 1], offset: ?>> to memref<?x?xf64, strided<[?, 1], offset: ?>>
  memref.copy %c, %d : memref<4x8xf32> to memref<4x8xf32, strided<[16, 1], offset: 3>>
  return
}
func.func @untouched(%a: memref<?x?xf64>, %b: memref<?x?xf64>,
                     %c: memref<?xf64, strided<[1], offset: ?>>, %d: memref<?xf64, strided<[1], offset: ?>>,
                     %e: memref<4x4xf64, strided<[8, 2]>>, %f: memref<4x4xf64>,
                     %g: memref<4x4xi1, strided<[8, 1]>>, %h: memref<4x4xi1>,
                     %i: memref<4x4xf32, strided<[8, 1]>, 1>, %j: memref<4x4xf32, 1>) {
  memref.copy %a, %b : memref<?x?xf64> to memref<?x?xf64>
  memref.copy %c, %d : memref<?xf64, strided<[1], offset: ?>> to memref<?xf64, strided<[1], offset: ?>>
  memref.copy %e, %f : memref<4x4xf64, strided<[8, 2]>> to memref<4x4xf64>
  memref.copy %g, %h : memref<4x4xi1, strided<[8, 1]>> to memref<4x4xi1>
  memref.copy %i, %j : memref<4x4xf32, strided<[8, 1]>, 1> to memref<4x4xf32, 1>
  return
}

// -----

// An existing declaration of the helper is used, not repeated.
// CHECK: func.func private @_distc_copy_rows(i64, i64, i64, i64, i64, i64, i64, i64, i64)
// CHECK-LABEL: func.func @f
// CHECK: call @_distc_copy_rows(%c2_i64,
// CHECK-NOT: func.func private @_distc_copy_rows
func.func private @_distc_copy_rows(i64, i64, i64, i64, i64, i64, i64, i64, i64)
func.func @f(%a: memref<2x3xi16, strided<[5, 1]>>, %b: memref<2x3xi16>) {
  memref.copy %a, %b : memref<2x3xi16, strided<[5, 1]>> to memref<2x3xi16>
  return
}

// -----

// A symbol of the reserved name with another type is an error (of the
// IDTR conversion, which makes the call).
// expected-error @+1 {{conflicting declaration of runtime function '_distc_copy_rows': expected type '(i64, i64, i64, i64, i64, i64, i64, i64, i64) -> ()', found '(i64) -> ()'}}
func.func private @_distc_copy_rows(i64)
func.func @g(%a: memref<2x3xi16, strided<[5, 1]>>, %b: memref<2x3xi16>) {
  memref.copy %a, %b : memref<2x3xi16, strided<[5, 1]>> to memref<2x3xi16>
  return
}

// -----

// So is an llvm.func of the name (distc's --emit=mlir output declares the
// helper so) whose type is not the helper's lowered.
// expected-error @+1 {{conflicting declaration of runtime function '_distc_copy_rows': expected type '!llvm.func<void (i64, i64, i64, i64, i64, i64, i64, i64, i64)>', found '!llvm.func<void (i64)>'}}
llvm.func @_distc_copy_rows(i64)
func.func @h(%a: memref<2x3xi16, strided<[5, 1]>>, %b: memref<2x3xi16>) {
  memref.copy %a, %b : memref<2x3xi16, strided<[5, 1]>> to memref<2x3xi16>
  return
}
