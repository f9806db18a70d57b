// Slices, insertions and concatenations move boxes: a strided
// extract_slice of the block, and a copy_reshape only where the result's
// blocks need elements that other ranks hold. The cases that keep the
// source blocks are free: an irregular slice, a slice taking the split
// dimension whole, an insertion or a concatenation off the split dimension
// of balanced operands. A periodic shift is two copies along the split
// dimension and a local rotation along the others.
// RUN: %distc-opt %s --convert-dist-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @slice_irregular
// CHECK: tensor.extract_slice {{.*}} [2] : tensor<?xf64> to tensor<?xf64>
// CHECK-NOT: copy_reshape
// CHECK: return
func.func @slice_irregular(%a: !dist.tensor<?xf64>) -> !dist.tensor<?xf64, irregular> {
  %s = dist.slice %a [1::2] : !dist.tensor<?xf64> -> !dist.tensor<?xf64, irregular>
  return %s : !dist.tensor<?xf64, irregular>
}

// -----

// CHECK-LABEL: func.func @slice_columns
// CHECK: tensor.extract_slice
// CHECK-NOT: copy_reshape
// CHECK: return
func.func @slice_columns(%a: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %s = dist.slice %a [:, 1:-1] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  return %s : !dist.tensor<?x?xf64>
}

// -----

// CHECK-LABEL: func.func @slice_rows
// CHECK: %[[P:.*]] = tensor.extract_slice
// CHECK: distruntime.copy_reshape %[[P]]
// CHECK: distruntime.wait
// CHECK-NOT: copy_reshape
// CHECK: return
func.func @slice_rows(%a: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %s = dist.slice %a [1:-1, 1:-1] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  return %s : !dist.tensor<?x?xf64>
}

// -----

// A static slice folds to constants: 10 elements, [2:9:3] has 3.
// CHECK-LABEL: func.func @slice_static
// CHECK-NOT: distruntime.check
// CHECK: distruntime.copy_reshape {{.*}} to n_g_shape %c3
// CHECK: return
func.func @slice_static(%a: !dist.tensor<10xf64>) -> !dist.tensor<3xf64> {
  %s = dist.slice %a [2:9:3] : !dist.tensor<10xf64> -> !dist.tensor<3xf64>
  return %s : !dist.tensor<3xf64>
}

// -----

// CHECK-LABEL: func.func @insert_columns
// CHECK-NOT: copy_reshape
// CHECK: tensor.insert_slice
// CHECK: return
func.func @insert_columns(%s: !dist.tensor<?x?xf64>, %d: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %r = dist.insert_slice %s into %d [:, 1:3] : !dist.tensor<?x?xf64> into !dist.tensor<?x?xf64>
  return %r : !dist.tensor<?x?xf64>
}

// -----

// The source's sizes are checked against the slice's at run time.
// CHECK-LABEL: func.func @insert_rows
// CHECK: distruntime.check
// CHECK: %{{.*}}, %[[P:.*]] = distruntime.copy_reshape
// CHECK: tensor.insert_slice %[[P]]
// CHECK: return
func.func @insert_rows(%s: !dist.tensor<?x?xf64>, %d: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %r = dist.insert_slice %s into %d [1:-1, 1:-1] : !dist.tensor<?x?xf64> into !dist.tensor<?x?xf64>
  return %r : !dist.tensor<?x?xf64>
}

// -----

// CHECK-LABEL: func.func @concat_columns
// CHECK-NOT: copy_reshape
// CHECK: tensor.insert_slice
// CHECK: tensor.insert_slice
// CHECK: return
func.func @concat_columns(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %c = dist.concat %a, %b axis 1 : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  return %c : !dist.tensor<?x?xf64>
}

// -----

// CHECK-LABEL: func.func @concat_rows
// CHECK: distruntime.copy_reshape
// CHECK: tensor.insert_slice
// CHECK: distruntime.copy_reshape
// CHECK: tensor.insert_slice
// CHECK: return
func.func @concat_rows(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %c = dist.concat %a, %b axis 0 : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  return %c : !dist.tensor<?x?xf64>
}

// -----

// CHECK-LABEL: func.func @roll_columns
// CHECK-NOT: copy_reshape
// CHECK-NOT: update_halo
// CHECK: return
func.func @roll_columns(%a: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %r = dist.shift %a offsets [0, -1] periodic : !dist.tensor<?x?xf64>
  return %r : !dist.tensor<?x?xf64>
}

// -----

// CHECK-LABEL: func.func @roll_rows
// CHECK: distruntime.copy_reshape
// CHECK: distruntime.copy_reshape
// CHECK-NOT: copy_reshape
// CHECK-NOT: update_halo
// CHECK: return
func.func @roll_rows(%a: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %r = dist.shift %a offsets [1, 0] periodic : !dist.tensor<?x?xf64>
  return %r : !dist.tensor<?x?xf64>
}
