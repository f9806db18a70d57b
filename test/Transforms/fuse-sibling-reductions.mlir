// RUN: %distc-opt %s --split-input-file --allow-unregistered-dialect --distc-fuse-sibling-reductions | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>

// A sum and a maximum of the same tensor become one loop nest; the second
// init (a fill) moves up to the merged op, and the values between the two
// reductions (here a use of the sum) stay valid.
// CHECK-LABEL: func.func @sum_and_max
// CHECK-SAME: (%[[A:[^:]*]]: tensor<?x?xf64>
// CHECK: %[[Z:.*]] = linalg.fill
// CHECK: %[[N:.*]] = linalg.fill
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}} ins(%[[A]] : tensor<?x?xf64>) outs(%[[Z]], %[[N]] : tensor<f64>, tensor<f64>)
// CHECK: ^bb0(%[[X:.*]]: f64, %[[S:.*]]: f64, %[[M:.*]]: f64):
// CHECK: %[[S2:.*]] = arith.addf %[[X]], %[[S]]
// CHECK: %[[M2:.*]] = arith.maximumf %[[X]], %[[M]]
// CHECK: linalg.yield %[[S2]], %[[M2]]
// CHECK: "test.use"(%[[R]]#0)
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]#0, %[[R]]#1
func.func @sum_and_max(%a: tensor<?x?xf64>) -> (tensor<f64>, tensor<f64>) {
  %zero = arith.constant 0.0 : f64
  %ninf = arith.constant 0xFFF0000000000000 : f64
  %e0 = tensor.empty() : tensor<f64>
  %z = linalg.fill ins(%zero : f64) outs(%e0 : tensor<f64>) -> tensor<f64>
  %s = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction", "reduction"]}
      ins(%a : tensor<?x?xf64>) outs(%z : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %y = arith.addf %x, %acc : f64
    linalg.yield %y : f64
  } -> tensor<f64>
  "test.use"(%s) : (tensor<f64>) -> ()
  %e1 = tensor.empty() : tensor<f64>
  %n = linalg.fill ins(%ninf : f64) outs(%e1 : tensor<f64>) -> tensor<f64>
  %m = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction", "reduction"]}
      ins(%a : tensor<?x?xf64>) outs(%n : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %y = arith.maximumf %x, %acc : f64
    linalg.yield %y : f64
  } -> tensor<f64>
  return %s, %m : tensor<f64>, tensor<f64>
}

// -----

#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>

// An error count of B against a reference and a checksum of B (through a
// tensor.cast): one loop reading B and the reference.
// CHECK-LABEL: func.func @errors_and_checksum
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<8xf64>, tensor<8xf64>, tensor<?xf64>) outs(%{{.*}}, %{{.*}} : tensor<f64>, tensor<f64>)
// CHECK-NOT: linalg.generic
func.func @errors_and_checksum(%b: tensor<?xf64>, %ref: tensor<8xf64>) -> (tensor<f64>, tensor<f64>) {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<f64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<f64>) -> tensor<f64>
  %bs = tensor.cast %b : tensor<?xf64> to tensor<8xf64>
  %err = linalg.generic {indexing_maps = [#id, #id, #scalar], iterator_types = ["reduction"]}
      ins(%bs, %ref : tensor<8xf64>, tensor<8xf64>) outs(%z : tensor<f64>) {
  ^bb0(%x: f64, %r: f64, %acc: f64):
    %d = arith.subf %x, %r : f64
    %a = math.absf %d : f64
    %y = arith.addf %a, %acc : f64
    linalg.yield %y : f64
  } -> tensor<f64>
  %sum = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction"]}
      ins(%b : tensor<?xf64>) outs(%z : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %y = arith.addf %x, %acc : f64
    linalg.yield %y : f64
  } -> tensor<f64>
  return %err, %sum : tensor<f64>, tensor<f64>
}

// -----

#id = affine_map<(d0) -> (d0)>
#scalar = affine_map<(d0) -> ()>

// Left alone: the second reduction reads the first's result (through its
// init), and reductions of unrelated tensors.
// CHECK-LABEL: func.func @dependent
// CHECK: linalg.generic
// CHECK: linalg.generic
// CHECK: linalg.generic
func.func @dependent(%a: tensor<?xf64>, %c: tensor<?xf64>) -> (tensor<f64>, tensor<f64>) {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<f64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<f64>) -> tensor<f64>
  %s = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction"]}
      ins(%a : tensor<?xf64>) outs(%z : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %y = arith.addf %x, %acc : f64
    linalg.yield %y : f64
  } -> tensor<f64>
  %t = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction"]}
      ins(%a : tensor<?xf64>) outs(%s : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %y = arith.mulf %x, %acc : f64
    linalg.yield %y : f64
  } -> tensor<f64>
  %u = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction"]}
      ins(%c : tensor<?xf64>) outs(%z : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %y = arith.addf %x, %acc : f64
    linalg.yield %y : f64
  } -> tensor<f64>
  return %t, %u : tensor<f64>, tensor<f64>
}
