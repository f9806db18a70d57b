// RUN: %distc-opt %s --canonicalize | FileCheck %s

// Slices and subviews that select nothing (a size that folds to 0, or a
// source empty along a static dimension) are replaced before upstream's
// folders turn their offsets into static ones that MLIR 22's verifiers
// reject ("offset 0 is out-of-bounds: 2 >= 0"): the dialect's
// canonicalization patterns (EmptyViews.cpp), active wherever distruntime
// is loaded (here by the op in @loads_distruntime).

func.func @loads_distruntime() -> index {
  %n = distruntime.team_size {team = 0 : i64}
  return %n : index
}

// CHECK-LABEL: func.func @subview_of_empty
// CHECK-NOT: memref.subview
// CHECK: %{{.*}}, %{{.*}}, %{{.*}}:2, %[[STRIDES:.*]]:2 = memref.extract_strided_metadata
// CHECK: memref.reinterpret_cast %{{.*}} to offset: [0], sizes: [0, 3], strides: [%[[STRIDES]]#0, 1]
func.func @subview_of_empty(%n: index) -> memref<?x3xf64, strided<[?, 1], offset: ?>> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %a = memref.alloc(%c0, %n) : memref<?x?xf64>
  %s = memref.subview %a[%c2, 1] [%c0, 3] [1, 1] : memref<?x?xf64> to memref<?x3xf64, strided<[?, 1], offset: ?>>
  return %s : memref<?x3xf64, strided<[?, 1], offset: ?>>
}

// CHECK-LABEL: func.func @extract_nothing
// CHECK-NOT: tensor.extract_slice
// CHECK: tensor.empty(%arg1) : tensor<0x?xf64>
func.func @extract_nothing(%t: tensor<4x?xf64>, %n: index) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %s = tensor.extract_slice %t[%c4, 0] [%c0, %n] [1, 1] : tensor<4x?xf64> to tensor<?x?xf64>
  return %s : tensor<?x?xf64>
}

// CHECK-LABEL: func.func @insert_nothing
// CHECK-NOT: tensor.insert_slice
// CHECK: return %arg0
func.func @insert_nothing(%t: tensor<4x?xf64>, %u: tensor<?x?xf64>, %n: index) -> tensor<4x?xf64> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %s = tensor.insert_slice %u into %t[%c4, 0] [%c0, %n] [1, 1] : tensor<?x?xf64> into tensor<4x?xf64>
  return %s : tensor<4x?xf64>
}

// A slice that selects something keeps upstream's folding.
// CHECK-LABEL: func.func @subview_of_something
// CHECK: memref.subview %arg0[1, 1] [%arg1, 3] [1, 1] : memref<8x8xf64> to memref<?x3xf64, strided<[8, 1], offset: 9>>
func.func @subview_of_something(%a: memref<8x8xf64>, %n: index) -> memref<?x3xf64, strided<[8, 1], offset: ?>> {
  %c1 = arith.constant 1 : index
  %s = memref.subview %a[%c1, 1] [%n, 3] [1, 1] : memref<8x8xf64> to memref<?x3xf64, strided<[8, 1], offset: ?>>
  return %s : memref<?x3xf64, strided<[8, 1], offset: ?>>
}
