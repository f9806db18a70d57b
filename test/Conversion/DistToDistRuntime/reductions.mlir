// RUN: %distc-opt %s --convert-dist-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s

// mean: the sum's allreduce, then a division by the global element count
// (not by the local one: the ranks' blocks differ in size).
// CHECK-LABEL: func.func @mean
// CHECK-SAME: (%[[L:.*]]: tensor<?xf64>, %[[G:.*]]: index, %[[O:.*]]: index)
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: distruntime.allreduce sum
// CHECK: %[[S:.*]] = tensor.extract
// CHECK: %[[G64:.*]] = arith.index_cast %[[G]] : index to i64
// CHECK: %[[GF:.*]] = arith.sitofp %[[G64]] : i64 to f64
// CHECK: %[[Q:.*]] = arith.divf %[[S]], %[[GF]] : f64
// CHECK: %[[NAN:.*]] = arith.cmpf uno, %[[Q]], %[[Q]] : f64
// CHECK: %[[M:.*]] = arith.select %[[NAN]], %{{.*}}, %[[Q]] : f64
// CHECK: return %[[M]]
func.func @mean(%a: !dist.tensor<?xf64>) -> f64 {
  %m = dist.reduce mean %a : !dist.tensor<?xf64> -> f64
  return %m : f64
}

// -----

// mean along the split axis: the partial sums are combined first, then
// this rank's block is divided by the axis' global size.
// CHECK-LABEL: func.func @mean_axis
// CHECK: distruntime.allreduce sum
// CHECK: tensor.extract_slice
// CHECK: linalg.generic
// CHECK: arith.divf
func.func @mean_axis(%a: !dist.tensor<?x8xf64>) -> !dist.tensor<8xf64> {
  %m = dist.reduce mean %a axis 0 : !dist.tensor<?x8xf64> -> !dist.tensor<8xf64>
  return %m : !dist.tensor<8xf64>
}

// -----

// argmax: the maximum (NaN-propagating) first, then the smallest global
// C-order index of an element equal to it (or NaN when it is NaN), as i64
// with INT64_MAX for "none here", reduced with min. An empty tensor is a
// run-time error.
// CHECK-LABEL: func.func @argmax
// CHECK-SAME: (%[[L:.*]]: tensor<?x4xf64>, %[[G0:.*]]: index, %[[G1:.*]]: index, %[[O0:.*]]: index, %[[O1:.*]]: index)
// CHECK: distruntime.check
// CHECK: arith.maximumf
// CHECK: distruntime.allreduce max %{{.*}} : (tensor<f64>)
// CHECK: %[[E:.*]] = tensor.extract
// CHECK: linalg.fill ins(%{{.*}} : i64)
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["reduction", "reduction"]
// CHECK-DAG: arith.cmpf oeq, %{{.*}}, %[[E]] : f64
// CHECK-DAG: arith.cmpf uno
// CHECK-DAG: linalg.index 0
// CHECK-DAG: linalg.index 1
// CHECK: arith.select
// CHECK: arith.minsi
// CHECK: distruntime.allreduce min %{{.*}} : (tensor<i64>)
// CHECK: %[[I:.*]] = tensor.extract
// CHECK: %[[R:.*]] = arith.index_cast %[[I]] : i64 to index
// CHECK: return %[[R]]
func.func @argmax(%a: !dist.tensor<?x4xf64>) -> index {
  %i = dist.reduce argmax %a : !dist.tensor<?x4xf64> -> index
  return %i : index
}

// -----

// any/all of i1: or/and locally, max/min across the ranks.
// CHECK-LABEL: func.func @any_all
// CHECK: arith.ori
// CHECK: distruntime.allreduce max %{{.*}} : (tensor<i1>)
// CHECK: arith.andi
// CHECK: distruntime.allreduce min %{{.*}} : (tensor<i1>)
func.func @any_all(%a: !dist.tensor<?xi1>) -> (i1, i1) {
  %y = dist.reduce any %a : !dist.tensor<?xi1> -> i1
  %z = dist.reduce all %a : !dist.tensor<?xi1> -> i1
  return %y, %z : i1, i1
}

// -----

// A scan along the split dimension: the block's total goes into this
// rank's row of a [P x slice] tensor of identities (-0.0 for a float sum),
// one allreduce makes every total known, the totals of the ranks before
// this one are combined, and the block is scanned from there.
// CHECK-LABEL: func.func @scan_split
// CHECK-DAG: %[[NEG0:.*]] = arith.constant -0.000000e+00 : f64
// CHECK-DAG: %[[P:.*]] = distruntime.team_size
// CHECK-DAG: %[[R:.*]] = distruntime.team_member
// CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%[[R]]] [1] [1] : tensor<f64> into tensor<?xf64>
// CHECK: distruntime.allreduce sum %{{.*}} : (tensor<?xf64>)
// CHECK: scf.for %{{.*}} = %{{.*}} to %[[R]]
// CHECK: scf.for
// CHECK: tensor.extract_slice
// CHECK: arith.addf
// CHECK: tensor.insert_slice
func.func @scan_split(%a: !dist.tensor<?xf64>) -> !dist.tensor<?xf64> {
  %c = dist.scan sum %a axis 0 : !dist.tensor<?xf64>
  return %c : !dist.tensor<?xf64>
}

// -----

// Along another dimension: local only.
// CHECK-LABEL: func.func @scan_local
// CHECK-NOT: distruntime.allreduce
// CHECK: scf.for
// CHECK: arith.mulf
// CHECK-NOT: distruntime.allreduce
// CHECK: return
func.func @scan_local(%a: !dist.tensor<?x8xf64>) -> !dist.tensor<?x8xf64> {
  %c = dist.scan prod %a axis 1 : !dist.tensor<?x8xf64>
  return %c : !dist.tensor<?x8xf64>
}

// -----

// argmin along the split axis: per column the local (minimum, first global
// row) pair, then the minima across the ranks and the smallest row among
// the ranks holding them, as i64.
// CHECK-LABEL: func.func @argmin_axis
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["reduction", "parallel"]
// CHECK: linalg.index 0
// CHECK: arith.cmpf olt
// CHECK: linalg.yield %{{.*}}, %{{.*}} : f64, i64
// CHECK: distruntime.allreduce min %{{.*}} : (tensor<4xf64>)
// CHECK: linalg.generic
// CHECK: distruntime.allreduce min %{{.*}} : (tensor<4xi64>)
// CHECK: tensor.extract_slice
func.func @argmin_axis(%a: !dist.tensor<?x4xf64>) -> !dist.tensor<4xi64> {
  %i = dist.reduce argmin %a axis 0 : !dist.tensor<?x4xf64> -> !dist.tensor<4xi64>
  return %i : !dist.tensor<4xi64>
}

// -----

// The identity of min and max over index elements is the extreme of 64
// bits (index was read as an IntegerType of a garbage width, whose
// constant took minutes to print).
// CHECK-LABEL: func.func @min_max_index
// CHECK-DAG: arith.constant 9223372036854775807 : index
// CHECK-DAG: arith.constant -9223372036854775808 : index
// CHECK: distruntime.allreduce min
// CHECK: distruntime.allreduce max
func.func @min_max_index(%a: !dist.tensor<?xindex>) -> (index, index) {
  %lo = dist.reduce min %a : !dist.tensor<?xindex> -> index
  %hi = dist.reduce max %a : !dist.tensor<?xindex> -> index
  return %lo, %hi : index, index
}
