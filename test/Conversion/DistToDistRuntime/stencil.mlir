// The stencil ops that distc-form-stencils builds, each lowered on its own:
// dist.halo to one update_halo (none without halo rows along dimension 0),
// dist.stencil to an interior that reads only the local part and a frame of
// cold generics over small windows; a dist.shift left ungrouped gets an
// exchange of its own.
// RUN: %distc-opt %s --convert-dist-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @halo_stencil
// CHECK-SAME: (%[[L:.*]]: tensor<?x?xf64>, %[[G0:.*]]: index, %[[G1:.*]]: index, %[[O0:.*]]: index, %[[O1:.*]]: index, %[[Z:.*]]: f64)
// CHECK: %[[H:.*]], %[[LO:.*]], %[[HI:.*]] = distruntime.update_halo %[[L]] g_shape %[[G0]], %[[G1]] l_offs %[[O0]], %[[O1]]
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK: %[[N:.*]] = tensor.extract_slice %[[L]]
// CHECK: %[[S:.*]] = tensor.extract_slice %[[L]]
// CHECK: %[[C:.*]] = tensor.extract_slice %[[L]]
// CHECK: %[[I:.*]] = linalg.generic {{.*}} ins(%[[N]], %[[S]], %[[C]] : {{.*}}) outs
// CHECK-NOT: distc.cold
// CHECK: arith.addf
// CHECK-NEXT: arith.subf
// CHECK: tensor.insert_slice %[[I]]
// CHECK: linalg.fill {distc.cold} ins(%[[Z]] : f64)
// CHECK: tensor.extract_slice %[[LO]]
// CHECK: tensor.extract_slice %[[HI]]
// CHECK: linalg.generic {{.*}} attrs = {distc.cold}
// CHECK: linalg.generic {{.*}} attrs = {distc.cold}
// CHECK-NOT: linalg.generic
// CHECK: return
!H = !dist.halo<!dist.tensor<?x?xf64>, low = [1, 0], high = [1, 0]>
func.func @halo_stencil(%u: !dist.tensor<?x?xf64>, %z: f64) -> !dist.tensor<?x?xf64> {
  %h = dist.halo %u fill %z : !H
  %r = dist.stencil %h, %h, %u shifts [-1, 0, 1, 0, 0, 0] : !H, !H, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
  ^bb0(%a: f64, %b: f64, %c: f64):
    %x = arith.addf %a, %b : f64
    %y = arith.subf %x, %c : f64
    dist.yield %y : f64
  }
  return %r : !dist.tensor<?x?xf64>
}

// -----

// Only columns: no exchange, one frame slab (the low one in dimension 1).
// CHECK-LABEL: func.func @columns
// CHECK-NOT: distruntime.update_halo
// CHECK: linalg.generic
// CHECK-NOT: distc.cold
// CHECK: arith.mulf
// CHECK: linalg.generic {{.*}} attrs = {distc.cold}
// CHECK-NOT: linalg.generic
// CHECK: return
!C = !dist.halo<!dist.tensor<8x8xf64>, low = [0, 1], high = [0, 0]>
func.func @columns(%u: !dist.tensor<8x8xf64>, %z: f64) -> !dist.tensor<8x8xf64> {
  %h = dist.halo %u fill %z : !C
  %r = dist.stencil %h shifts [0, -1] : !C -> !dist.tensor<8x8xf64> {
  ^bb0(%a: f64):
    %y = arith.mulf %a, %a : f64
    dist.yield %y : f64
  }
  return %r : !dist.tensor<8x8xf64>
}

// -----

// CHECK-LABEL: func.func @lone_shift
// CHECK-SAME: (%[[L:.*]]: tensor<?xf64>, %[[G:.*]]: index, %[[O:.*]]: index, %[[Z:.*]]: f64)
// CHECK: %[[H:.*]], %[[LO:.*]], %[[HI:.*]] = distruntime.update_halo %[[L]]
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK: linalg.fill ins(%[[Z]] : f64)
// CHECK: tensor.extract_slice %[[L]]
// CHECK: tensor.extract_slice %[[LO]]
// CHECK: return %{{.*}}, %[[G]], %[[O]]
func.func @lone_shift(%u: !dist.tensor<?xf64>, %z: f64) -> !dist.tensor<?xf64> {
  %s = dist.shift %u offsets [-1] fill %z : !dist.tensor<?xf64>
  return %s : !dist.tensor<?xf64>
}

// -----

// An accumulating stencil (`acc + f(shifts of u)`) is built in the
// accumulator's block: the interior and each frame slab read it through the
// piece they write (the generic's init), and insert into the accumulator.
// CHECK-LABEL: func.func private @accumulate
// CHECK-SAME: (%[[U:[^:]*]]: tensor<?x?xf64>, {{.*}}, %[[ACC:[^:]*]]: tensor<?x?xf64>,
// CHECK: %[[R0:.*]] = scf.if
// CHECK: %[[INIT:.*]] = tensor.extract_slice %[[ACC]]
// CHECK: %[[I:.*]] = linalg.generic {{.*}} ins(%{{[^,]*}}, %{{[^ ]*}} : tensor<?x?xf64>, tensor<?x?xf64>) outs(%[[INIT]] : tensor<?x?xf64>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: f64, %[[B:.*]]: f64, %[[O:.*]]: f64):
// CHECK-NEXT: %[[D:.*]] = arith.subf %[[B]], %[[A]]
// CHECK-NEXT: arith.addf %[[O]], %[[D]]
// CHECK: %[[R:.*]] = tensor.insert_slice %[[I]] into %[[ACC]]
// CHECK-NEXT: scf.yield %[[R]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ACC]]
// CHECK: tensor.extract_slice %[[R0]]
// CHECK: %[[F0:.*]] = linalg.generic {{.*}} attrs = {distc.cold}
// CHECK: %[[R1:.*]] = tensor.insert_slice %[[F0]] into %[[R0]]
// CHECK: tensor.extract_slice %[[R1]]
// CHECK: %[[F1:.*]] = linalg.generic {{.*}} attrs = {distc.cold}
// CHECK: %[[R2:.*]] = tensor.insert_slice %[[F1]] into %[[R1]]
// CHECK: return %[[R2]]
!A = !dist.halo<!dist.tensor<?x?xf64>, low = [1, 0], high = [1, 0]>
func.func private @accumulate(%u: !dist.tensor<?x?xf64>, %acc: !dist.tensor<?x?xf64>, %z: f64) -> !dist.tensor<?x?xf64> {
  %h = dist.halo %u fill %z : !A
  %r = dist.stencil %acc, %h, %h shifts [0, 0, -1, 0, 1, 0] : !dist.tensor<?x?xf64>, !A, !A -> !dist.tensor<?x?xf64> {
  ^bb0(%o: f64, %a: f64, %b: f64):
    %x = arith.subf %b, %a : f64
    %y = arith.addf %o, %x : f64
    dist.yield %y : f64
  }
  return %r : !dist.tensor<?x?xf64>
}

// -----

// A public function's argument is not accumulated into (the function would
// return a copy of it): the result is a new tensor, as for any stencil.
// CHECK-LABEL: func.func @accumulate_public
// CHECK-SAME: (%[[U:[^:]*]]: tensor<?x?xf64>, {{.*}}, %[[ACC:[^:]*]]: tensor<?x?xf64>,
// CHECK: %[[E:.*]] = tensor.empty
// CHECK-NOT: tensor.insert_slice {{.*}} into %[[ACC]]
// CHECK: tensor.insert_slice %{{.*}} into %[[E]]
// CHECK-NOT: tensor.insert_slice {{.*}} into %[[ACC]]
// CHECK: return
!P = !dist.halo<!dist.tensor<?x?xf64>, low = [1, 0], high = [1, 0]>
func.func @accumulate_public(%u: !dist.tensor<?x?xf64>, %acc: !dist.tensor<?x?xf64>, %z: f64) -> !dist.tensor<?x?xf64> {
  %h = dist.halo %u fill %z : !P
  %r = dist.stencil %acc, %h, %h shifts [0, 0, -1, 0, 1, 0] : !dist.tensor<?x?xf64>, !P, !P -> !dist.tensor<?x?xf64> {
  ^bb0(%o: f64, %a: f64, %b: f64):
    %x = arith.subf %b, %a : f64
    %y = arith.addf %o, %x : f64
    dist.yield %y : f64
  }
  return %r : !dist.tensor<?x?xf64>
}
