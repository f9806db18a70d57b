// RUN: %distc-opt %s --canonicalize --split-input-file | FileCheck %s

// Constant n_shape makes the dynamic result static; a tensor.cast gives
// existing users the old type.
// CHECK-LABEL: func.func @refine_reshape
// CHECK: %[[H:.*]], %[[OUT:.*]] = distruntime.copy_reshape {{.*}} -> (!distruntime.asynchandle, tensor<6xi64>)
// CHECK: %[[CAST:.*]] = tensor.cast %[[OUT]] : tensor<6xi64> to tensor<?xi64>
// CHECK: distruntime.wait %[[H]]
// CHECK: return %[[CAST]]
func.func @refine_reshape(%t: tensor<?x?xi64>, %i: index) -> tensor<?xi64> {
  %c6 = arith.constant 6 : index
  %h, %o = distruntime.copy_reshape %t g_shape %i, %i l_offs %i, %i to n_g_shape %i n_offs %i n_shape %c6
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %o : tensor<?xi64>
}

// -----

// Only the constant dimension becomes static.
// CHECK-LABEL: func.func @refine_permute_partially
// CHECK: distruntime.copy_permute {{.*}} -> (!distruntime.asynchandle, tensor<?x3xf32>)
// CHECK: tensor.cast %{{.*}} : tensor<?x3xf32> to tensor<?x?xf32>
func.func @refine_permute_partially(%t: tensor<?x?xf32>, %i: index) -> tensor<?x?xf32> {
  %c3 = arith.constant 3 : index
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %c3 axes [1, 0]
    {team = 22 : i64} : (tensor<?x?xf32>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf32>)
  distruntime.wait %h : !distruntime.asynchandle
  return %o : tensor<?x?xf32>
}

// -----

// An accumulating copy_permute refines its accumulator with its result: the
// two keep one type.
// CHECK-LABEL: func.func @refine_permute_add
// CHECK-SAME: (%{{[^:]*}}: tensor<?x?xf32>, %[[ACC:[^:]*]]: tensor<?x?xf32>
// CHECK: %[[A:.*]] = tensor.cast %[[ACC]] : tensor<?x?xf32> to tensor<?x3xf32>
// CHECK: distruntime.copy_permute {{.*}} add_into %[[A]] {{.*}} -> (!distruntime.asynchandle, tensor<?x3xf32>)
// CHECK: tensor.cast %{{.*}} : tensor<?x3xf32> to tensor<?x?xf32>
func.func @refine_permute_add(%t: tensor<?x?xf32>, %acc: tensor<?x?xf32>, %i: index) -> tensor<?x?xf32> {
  %c3 = arith.constant 3 : index
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %c3 axes [1, 0] add_into %acc
    {team = 22 : i64} : (tensor<?x?xf32>, index, index, index, index, index, index, index, index, tensor<?x?xf32>) -> (!distruntime.asynchandle, tensor<?x?xf32>)
  distruntime.wait %h : !distruntime.asynchandle
  return %o : tensor<?x?xf32>
}

// -----

// Nothing is known: the op must stay exactly as it is (and the pattern must
// not loop).
// CHECK-LABEL: func.func @dynamic_unchanged
// CHECK: distruntime.copy_permute {{.*}} axes [1, 2, 0] {team = 22 : i64} : (tensor<?x?x?xf32>, {{.*}}) -> (!distruntime.asynchandle, tensor<?x?x?xf32>)
// CHECK-NOT: tensor.cast
// CHECK: distruntime.copy_reshape {{.*}} -> (!distruntime.asynchandle, tensor<?xf32>)
// CHECK-NOT: tensor.cast
func.func @dynamic_unchanged(%t: tensor<?x?x?xf32>, %i: index, %j: index) -> (tensor<?x?x?xf32>, tensor<?xf32>) {
  %h, %o = distruntime.copy_permute %t g_shape %i, %i, %i l_offs %i, %i, %i to n_offs %i, %i, %i n_shape %i, %j, %i axes [1, 2, 0]
    {team = 22 : i64} : (tensor<?x?x?xf32>, index, index, index, index, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?x?xf32>)
  distruntime.wait %h : !distruntime.asynchandle
  %h2, %o2 = distruntime.copy_reshape %t g_shape %i, %i, %i l_offs %i, %i, %i to n_g_shape %j n_offs %i n_shape %j
    {team = 22 : i64} : (tensor<?x?x?xf32>, index, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf32>)
  distruntime.wait %h2 : !distruntime.asynchandle
  return %o, %o2 : tensor<?x?x?xf32>, tensor<?xf32>
}

// -----

// Already static results are left alone.
// CHECK-LABEL: func.func @static_unchanged
// CHECK: distruntime.copy_permute {{.*}} -> (!distruntime.asynchandle, tensor<2x5xi64>)
// CHECK-NOT: tensor.cast
func.func @static_unchanged(%t: tensor<5x2xi64>, %i: index) -> tensor<2x5xi64> {
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %h, %o = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %c2, %c5 axes [1, 0]
    {team = 22 : i64} : (tensor<5x2xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<2x5xi64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %o : tensor<2x5xi64>
}

// -----

// A cast that erased static information folds into copy_permute.
// CHECK-LABEL: func.func @fold_cast_into_permute
// CHECK-SAME: (%[[T:.*]]: tensor<5x2xi64>
// CHECK-NOT: tensor.cast
// CHECK: distruntime.copy_permute %[[T]] {{.*}} : (tensor<5x2xi64>, {{.*}}) -> (!distruntime.asynchandle, tensor<?x?xi64>)
func.func @fold_cast_into_permute(%t: tensor<5x2xi64>, %i: index) -> tensor<?x?xi64> {
  %c = tensor.cast %t : tensor<5x2xi64> to tensor<?x?xi64>
  %h, %o = distruntime.copy_permute %c g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i axes [1, 0]
    {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xi64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %o : tensor<?x?xi64>
}

// -----

// A cast that adds static information must not fold.
// CHECK-LABEL: func.func @keep_refining_cast
// CHECK: %[[C:.*]] = tensor.cast %{{.*}} : tensor<?x?xi64> to tensor<5x2xi64>
// CHECK: distruntime.copy_permute %[[C]]
func.func @keep_refining_cast(%t: tensor<?x?xi64>, %i: index) -> tensor<?x?xi64> {
  %c = tensor.cast %t : tensor<?x?xi64> to tensor<5x2xi64>
  %h, %o = distruntime.copy_permute %c g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i axes [1, 0]
    {team = 22 : i64} : (tensor<5x2xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xi64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %o : tensor<?x?xi64>
}

// -----

// Halo dimensions >= 1 come from bb_sizes; dimension 0 from the row ranges.
// Own rows [4, 8), box rows [2, 10): 2 rows before, 2 after.
// CHECK-LABEL: func.func @refine_halo
// CHECK: distruntime.update_halo {{.*}} -> (!distruntime.asynchandle, tensor<2x6xf64>, tensor<2x6xf64>)
// CHECK-DAG: tensor.cast %{{.*}} : tensor<2x6xf64> to tensor<?x?xf64>
func.func @refine_halo(%t: tensor<4x6xf64>, %i: index) -> (tensor<?x?xf64>, tensor<?x?xf64>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %h, %l, %r = distruntime.update_halo %t g_shape %c12, %c6 l_offs %c4, %c0 bb_offs %c2, %c0 bb_sizes %c8, %c6
    {team = 22 : i64} : (tensor<4x6xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %l, %r : tensor<?x?xf64>, tensor<?x?xf64>
}

// -----

// team_size and team_member never become constants.
// CHECK-LABEL: func.func @no_team_folding
// CHECK: distruntime.team_size
// CHECK: distruntime.team_member
func.func @no_team_folding() -> (index, index) {
  %n = distruntime.team_size {team = 22 : i64}
  %r = distruntime.team_member {team = 22 : i64}
  return %n, %r : index, index
}
