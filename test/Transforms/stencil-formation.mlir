// distc-form-stencils: the shifts of one tensor with one fill in a block
// share one dist.halo, and element-wise ops reading only such shifts (in
// their own partition) become dist.stencil; nothing of the grouping is
// left behind.
// RUN: %distc-opt %s --distc-form-stencils --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @five_point
// CHECK-SAME: (%[[U:.*]]: !dist.tensor<?x?xf64>)
// CHECK: %[[Z:.*]] = arith.constant 0.0
// CHECK-NEXT: %[[H:.*]] = dist.halo %[[U]] fill %[[Z]] : !dist.halo<!dist.tensor<?x?xf64>, low = [1, 1], high = [1, 1]>
// CHECK-NEXT: %[[R:.*]] = dist.stencil %[[H]], %[[H]], %[[H]], %[[H]] shifts [-1, 0, 1, 0, 0, -1, 0, 1]
// CHECK-NEXT: ^bb0(%[[A:.*]]: f64, %[[B:.*]]: f64, %[[C:.*]]: f64, %[[D:.*]]: f64):
// CHECK-NEXT:   %[[X:.*]] = arith.addf %[[A]], %[[B]]
// CHECK:        dist.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %[[R]]
// CHECK-NOT: dist.shift
// CHECK-NOT: dist.extend
func.func @five_point(%u: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %z = arith.constant 0.0 : f64
  %n = dist.shift %u offsets [-1, 0] fill %z : !dist.tensor<?x?xf64>
  %s = dist.shift %u offsets [1, 0] fill %z : !dist.tensor<?x?xf64>
  %w = dist.shift %u offsets [0, -1] fill %z : !dist.tensor<?x?xf64>
  %e = dist.shift %u offsets [0, 1] fill %z : !dist.tensor<?x?xf64>
  %r = dist.elementwise %n, %s, %w, %e : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%a: f64, %b: f64, %c: f64, %d: f64):
    %x = arith.addf %a, %b : f64
    %y = arith.addf %c, %d : f64
    %t = arith.addf %x, %y : f64
    dist.yield %t : f64
  }
  return %r : !dist.tensor<?x?xf64>
}

// -----

// A binary op gets the arith op its lowering emits (signed for integers);
// an unshifted operand is read with a zero shift; two stencils share the
// halo of the same shifts.
// CHECK-LABEL: func.func @binary
// CHECK-SAME: (%[[U:.*]]: !dist.tensor<8xi32>, %[[V:.*]]: !dist.tensor<8xi32>)
// CHECK: %[[H:.*]] = dist.halo %[[U]] fill %{{.*}} : !dist.halo<!dist.tensor<8xi32>, low = [0], high = [2]>
// CHECK: %[[S:.*]] = dist.stencil %[[H]], %[[V]] shifts [2, 0] : !dist.halo<!dist.tensor<8xi32>, low = [0], high = [2]>, !dist.tensor<8xi32> -> !dist.tensor<8xi32> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32):
// CHECK-NEXT:   %[[Q:.*]] = arith.divsi %[[A]], %[[B]] : i32
// CHECK-NEXT:   dist.yield %[[Q]] : i32
// CHECK: dist.stencil %[[H]], %[[S]] shifts [1, 0]
// CHECK:   arith.maxsi
// CHECK-NOT: dist.halo
func.func @binary(%u: !dist.tensor<8xi32>, %v: !dist.tensor<8xi32>) -> !dist.tensor<8xi32> {
  %z = arith.constant 0 : i32
  %a = dist.shift %u offsets [2] fill %z : !dist.tensor<8xi32>
  %q = dist.div %a, %v : !dist.tensor<8xi32>
  %b = dist.shift %u offsets [1] fill %z : !dist.tensor<8xi32>
  %m = dist.max %b, %q : !dist.tensor<8xi32>
  return %m : !dist.tensor<8xi32>
}

// -----

// A shift that is also read whole (here by a reduction) keeps its
// dist.extend: the extended tensor is built anyway, and the element-wise op
// reads slices of it rather than a second exchange.
// CHECK-LABEL: func.func @read_whole
// CHECK: %[[E:.*]] = dist.extend %{{.*}} low [1] high [0]
// CHECK: tensor.extract_slice %[[E]]
// CHECK: dist.with_local
// CHECK: dist.add
// CHECK: dist.reduce sum
// CHECK-NOT: dist.halo
// CHECK-NOT: dist.stencil
func.func @read_whole(%u: !dist.tensor<8xf64>) -> (!dist.tensor<8xf64>, f64) {
  %z = arith.constant 0.0 : f64
  %a = dist.shift %u offsets [-1] fill %z : !dist.tensor<8xf64>
  %s = dist.add %a, %u : !dist.tensor<8xf64>
  %t = dist.reduce sum %a : !dist.tensor<8xf64> -> f64
  return %s, %t : !dist.tensor<8xf64>, f64
}

// -----

// An operand in another partition is repartitioned first: not a view of
// the halo, so the op is not a stencil.
// CHECK-LABEL: func.func @other_partition
// CHECK-NOT: dist.stencil
// CHECK: dist.add
func.func @other_partition(%u: !dist.tensor<8x8xf64>) -> !dist.tensor<8x8xf64, split = 1> {
  %z = arith.constant 0.0 : f64
  %a = dist.shift %u offsets [0, 1] fill %z : !dist.tensor<8x8xf64>
  %t = dist.repartition %u : !dist.tensor<8x8xf64> -> !dist.tensor<8x8xf64, split = 1>
  %s = dist.add %a, %t : !dist.tensor<8x8xf64>, !dist.tensor<8x8xf64, split = 1> -> !dist.tensor<8x8xf64, split = 1>
  return %s : !dist.tensor<8x8xf64, split = 1>
}
