// RUN: %distc-opt %s --distc-reuse-input-buffers --split-input-file | FileCheck %s
// After bufferization: the loop updates its buffer in place, no allocation.
// RUN: %distc-opt %s --distc-reuse-input-buffers --split-input-file --one-shot-bufferize="bufferize-function-boundaries" | FileCheck %s --check-prefix=BUF

#id = affine_map<(d0) -> (d0)>

// `a = a + 1` in a loop: the init becomes the iter_arg, and bufferization
// writes into the loop's buffer.
// CHECK-LABEL: func.func @loop_update
// CHECK: scf.for {{.*}} iter_args(%[[A:.*]] = %{{.*}})
// CHECK: linalg.generic {{.*}} ins(%[[A]] : tensor<?xf64>) outs(%[[A]] : tensor<?xf64>)
// BUF-LABEL: func.func @loop_update
// BUF: memref.alloc
// BUF: scf.for {{.*}} iter_args(%[[BUF:[^ ]*]] =
// BUF-NOT: memref.alloc
// BUF: linalg.generic {{.*}} ins(%[[BUF]] : memref<?xf64{{.*}}>) outs(%[[BUF]] : memref<?xf64{{.*}}>)
// BUF-NOT: memref.alloc
// BUF: return
func.func @loop_update(%n: index, %steps: index) -> tensor<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %empty = tensor.empty(%n) : tensor<?xf64>
  %a0 = linalg.fill ins(%one : f64) outs(%empty : tensor<?xf64>) -> tensor<?xf64>
  %r = scf.for %i = %c0 to %steps step %c1 iter_args(%a = %a0) -> (tensor<?xf64>) {
    %init = tensor.empty(%n) : tensor<?xf64>
    %next = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
        ins(%a : tensor<?xf64>) outs(%init : tensor<?xf64>) {
    ^bb0(%x: f64, %out: f64):
      %y = arith.addf %x, %one : f64
      linalg.yield %y : f64
    } -> tensor<?xf64>
    scf.yield %next : tensor<?xf64>
  }
  return %r : tensor<?xf64>
}

// -----

#id = affine_map<(d0) -> (d0)>

// An argument of a public function keeps its buffer: writing into it would
// make callers copy (and its returned buffers are copies anyway). The second input has the init's type and is not an argument.
// CHECK-LABEL: func.func @argument
// CHECK-SAME: (%[[ARG:[^:]*]]: tensor<8xf64>
// CHECK: %[[LOCAL:.*]] = linalg.fill
// CHECK: linalg.generic {{.*}} ins(%[[ARG]], %[[LOCAL]] : tensor<8xf64>, tensor<8xf64>) outs(%[[LOCAL]] : tensor<8xf64>)
func.func @argument(%arg: tensor<8xf64>, %v: f64) -> tensor<8xf64> {
  %e0 = tensor.empty() : tensor<8xf64>
  %local = linalg.fill ins(%v : f64) outs(%e0 : tensor<8xf64>) -> tensor<8xf64>
  %init = tensor.empty() : tensor<8xf64>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%arg, %local : tensor<8xf64>, tensor<8xf64>) outs(%init : tensor<8xf64>) {
  ^bb0(%x: f64, %y: f64, %out: f64):
    %s = arith.addf %x, %y : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  return %r : tensor<8xf64>
}

// -----

#id = affine_map<(d0) -> (d0)>

// A private function returning the update of its argument updates the
// argument: its callers take the argument's buffer back. One that does not
// return the update leaves the argument alone.
// CHECK-LABEL: func.func private @private_update
// CHECK-SAME: (%[[ARG:[^:]*]]: tensor<8xf64>
// CHECK: linalg.generic {{.*}} ins(%[[ARG]] : tensor<8xf64>) outs(%[[ARG]] : tensor<8xf64>)
func.func private @private_update(%arg: tensor<8xf64>, %v: f64) -> tensor<8xf64> {
  %init = tensor.empty() : tensor<8xf64>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%arg : tensor<8xf64>) outs(%init : tensor<8xf64>) {
  ^bb0(%x: f64, %out: f64):
    %s = arith.addf %x, %v : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  return %r : tensor<8xf64>
}

// CHECK-LABEL: func.func private @private_read
// CHECK-SAME: (%[[ARG:[^:]*]]: tensor<8xf64>
// CHECK: %[[E:.*]] = tensor.empty
// CHECK: linalg.generic {{.*}} ins(%[[ARG]] : tensor<8xf64>) outs(%[[E]] : tensor<8xf64>)
func.func private @private_read(%arg: tensor<8xf64>, %v: f64) -> tensor<8xf64> {
  %init = tensor.empty() : tensor<8xf64>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%arg : tensor<8xf64>) outs(%init : tensor<8xf64>) {
  ^bb0(%x: f64, %out: f64):
    %s = arith.addf %x, %v : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  %c0 = arith.constant 0 : index
  %e = tensor.extract %r[%c0] : tensor<8xf64>
  %t = tensor.from_elements %e, %e, %e, %e, %e, %e, %e, %e : tensor<8xf64>
  return %t : tensor<8xf64>
}

// -----

#id = affine_map<(d0) -> (d0)>

// Left alone: an input of another type (i64 -> f64), an init the body
// reads, and a reduction.
// CHECK-LABEL: func.func @unchanged
// CHECK: %[[E1:.*]] = tensor.empty() : tensor<8xf64>
// CHECK: linalg.generic {{.*}} outs(%[[E1]] : tensor<8xf64>)
// CHECK: %[[E2:.*]] = tensor.empty() : tensor<8xf64>
// CHECK: linalg.generic {{.*}} outs(%[[E2]] : tensor<8xf64>)
// CHECK: %[[E3:.*]] = tensor.empty() : tensor<f64>
// CHECK: linalg.generic {{.*}} outs(%[[E3]] : tensor<f64>)
func.func @unchanged(%v: f64) -> (tensor<8xf64>, tensor<8xf64>, tensor<f64>) {
  %ei = tensor.empty() : tensor<8xi64>
  %c3 = arith.constant 3 : i64
  %ints = linalg.fill ins(%c3 : i64) outs(%ei : tensor<8xi64>) -> tensor<8xi64>
  %e1 = tensor.empty() : tensor<8xf64>
  %conv = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%ints : tensor<8xi64>) outs(%e1 : tensor<8xf64>) {
  ^bb0(%x: i64, %out: f64):
    %f = arith.sitofp %x : i64 to f64
    linalg.yield %f : f64
  } -> tensor<8xf64>
  %e2 = tensor.empty() : tensor<8xf64>
  %reads = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%conv : tensor<8xf64>) outs(%e2 : tensor<8xf64>) {
  ^bb0(%x: f64, %out: f64):
    %s = arith.addf %x, %out : f64
    linalg.yield %s : f64
  } -> tensor<8xf64>
  %e3 = tensor.empty() : tensor<f64>
  %sum = linalg.generic {indexing_maps = [#id, affine_map<(d0) -> ()>], iterator_types = ["reduction"]}
      ins(%conv : tensor<8xf64>) outs(%e3 : tensor<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %s = arith.addf %x, %acc : f64
    linalg.yield %s : f64
  } -> tensor<f64>
  return %conv, %reads, %sum : tensor<8xf64>, tensor<8xf64>, tensor<f64>
}
