// RUN: %distc-opt %s --resolve-ranked-shaped-type-result-dims | FileCheck %s

// The result of a copy is this rank's box of shape `n_shape`: `tensor.dim`
// of it is the `n_shape` operand (static sizes fold to constants), with no
// wait needed to know it.

// CHECK-LABEL: func.func @reshape_dims
// CHECK-SAME: (%{{.*}}: tensor<?x4xf64>, %[[G0:.*]]: index, %[[N0:.*]]: index, %[[O0:.*]]: index, %[[S0:.*]]: index)
// CHECK-NOT: tensor.dim
// CHECK: return %[[S0]]
func.func @reshape_dims(%local: tensor<?x4xf64>, %g0: index, %n0: index,
                        %o0: index, %s0: index) -> index {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %h, %out = distruntime.copy_reshape %local
    g_shape %g0, %c4 l_offs %o0, %c0
    to n_g_shape %n0 n_offs %o0 n_shape %s0
    {team = 0 : i64}
    : (tensor<?x4xf64>, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?xf64>)
  %d = tensor.dim %out, %c0 : tensor<?xf64>
  distruntime.wait %h : !distruntime.asynchandle
  return %d : index
}

// CHECK-LABEL: func.func @permute_dims
// CHECK-SAME: %[[S0:[a-z0-9]+]]: index) -> (index, index)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NOT: tensor.dim
// CHECK: return %[[S0]], %[[C4]]
func.func @permute_dims(%local: tensor<4x?xf64>, %g1: index, %o1: index,
                        %s0: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %h, %out = distruntime.copy_permute %local
    g_shape %c4, %g1 l_offs %c0, %o1
    to n_offs %o1, %c0 n_shape %s0, %c4 axes [1, 0]
    {team = 0 : i64}
    : (tensor<4x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x4xf64>)
  %d0 = tensor.dim %out, %c0 : tensor<?x4xf64>
  %d1 = tensor.dim %out, %c1 : tensor<?x4xf64>
  distruntime.wait %h : !distruntime.asynchandle
  return %d0, %d1 : index, index
}
