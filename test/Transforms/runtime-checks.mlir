// RUN: %distc-opt --distc-runtime-checks %s | FileCheck %s

// An element access gets one unsigned compare per dimension that is not
// statically in bounds and a distruntime.check with the index and the size
// (the IDTR conversion adds the op's location to the message).
// CHECK-LABEL: func.func @access
// CHECK-SAME: (%[[T:.*]]: tensor<?x4xf64>, %[[I:.*]]: index)
// CHECK: %[[N:.*]] = tensor.dim %[[T]], %{{.*}} : tensor<?x4xf64>
// CHECK: %[[OK:.*]] = arith.cmpi ult, %[[I]], %[[N]] : index
// CHECK: distruntime.check %[[OK]], "tensor.extract: index out of bounds along dimension 0 (index vs size)"(%[[I]], %[[N]]) : index, index
// CHECK-NOT: distruntime.check
// CHECK: tensor.extract %[[T]][%[[I]], %{{.*}}]
func.func @access(%t: tensor<?x4xf64>, %i: index) -> f64 {
  %c1 = arith.constant 1 : index
  %x = tensor.extract %t[%i, %c1] : tensor<?x4xf64>
  return %x : f64
}

// Upstream's checks go through the same path, not cf.assert; the user's
// own cf.assert is left alone.
// CHECK-LABEL: func.func @slice
// CHECK: distruntime.check %{{.*}}, "tensor.extract_slice: {{.*}}out-of-bounds
// CHECK: tensor.extract_slice
// CHECK: cf.assert %{{.*}}, "mine"
func.func @slice(%t: tensor<?xf64>, %n: index, %ok: i1) -> tensor<?xf64> {
  %s = tensor.extract_slice %t[0] [%n] [1] : tensor<?xf64> to tensor<?xf64>
  cf.assert %ok, "mine"
  return %s : tensor<?xf64>
}

// Scalar bodies of dist ops (no calls allowed) are not checked.
// CHECK-LABEL: func.func @body
// CHECK-NOT: distruntime.check
// CHECK: return
func.func @body(%a: !dist.tensor<8xf64>) -> !dist.tensor<8xf64> {
  %r = dist.elementwise %a : !dist.tensor<8xf64> -> !dist.tensor<8xf64> {
  ^bb0(%v: f64):
    %t = tensor.from_elements %v : tensor<1xf64>
    %i = dist.index 0 : index
    %x = tensor.extract %t[%i] : tensor<1xf64>
    dist.yield %x : f64
  }
  return %r : !dist.tensor<8xf64>
}

