// RUN: %distc-opt %s --canonicalize --cse --split-input-file | FileCheck %s
// Collective operations must survive DCE and CSE: every rank has to take
// part even when it ignores the result, or the other ranks hang.

// CHECK-LABEL: func.func @unused_results
// CHECK: distruntime.copy_reshape
// CHECK: distruntime.wait
// CHECK: distruntime.copy_permute
// CHECK: distruntime.wait
// CHECK: distruntime.allreduce
// CHECK: distruntime.wait
// CHECK: distruntime.update_halo
// CHECK: distruntime.wait
func.func @unused_results(%t: tensor<?x?xf64>, %i: index) {
  %h, %o = distruntime.copy_reshape %t g_shape %i, %i l_offs %i, %i to n_g_shape %i n_offs %i n_shape %i
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %h1, %o1 = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i axes [1, 0]
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>)
  distruntime.wait %h1 : !distruntime.asynchandle
  %h2, %s = distruntime.allreduce sum %t {team = 22 : i64} : (tensor<?x?xf64>) -> (!distruntime.asynchandle, tensor<?x?xf64>)
  distruntime.wait %h2 : !distruntime.asynchandle
  %h3, %l, %r = distruntime.update_halo %t g_shape %i, %i l_offs %i, %i bb_offs %i, %i bb_sizes %i, %i
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h3 : !distruntime.asynchandle
  return
}

// -----

// Identical collectives are two collectives: CSE must keep both, in order.
// CHECK-LABEL: func.func @identical_ops
// CHECK: %[[H1:.*]], %[[A:.*]] = distruntime.allreduce sum
// CHECK: %[[H2:.*]], %[[B:.*]] = distruntime.allreduce sum
// CHECK: distruntime.wait %[[H1]]
// CHECK: distruntime.wait %[[H2]]
// CHECK: %[[H3:.*]], %{{.*}} = distruntime.copy_permute
// CHECK: %[[H4:.*]], %{{.*}} = distruntime.copy_permute
// CHECK: return %[[A]], %[[B]]
func.func @identical_ops(%x: tensor<4xf64>, %t: tensor<?x?xf64>, %i: index) -> (tensor<4xf64>, tensor<4xf64>) {
  %h1, %a = distruntime.allreduce sum %x {team = 22 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  %h2, %b = distruntime.allreduce sum %x {team = 22 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h1 : !distruntime.asynchandle
  distruntime.wait %h2 : !distruntime.asynchandle
  %h3, %p = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i axes [1, 0]
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>)
  %h4, %q = distruntime.copy_permute %t g_shape %i, %i l_offs %i, %i to n_offs %i, %i n_shape %i, %i axes [1, 0]
    {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>)
  distruntime.wait %h3 : !distruntime.asynchandle
  distruntime.wait %h4 : !distruntime.asynchandle
  return %a, %b : tensor<4xf64>, tensor<4xf64>
}

// -----

// Team queries are pure: identical ones may be merged, unused ones dropped.
// CHECK-LABEL: func.func @team_queries
// CHECK-COUNT-1: distruntime.team_size
// CHECK-NOT: distruntime.team_member
func.func @team_queries() -> (index, index) {
  %n = distruntime.team_size {team = 22 : i64}
  %m = distruntime.team_size {team = 22 : i64}
  %r = distruntime.team_member {team = 22 : i64}
  return %n, %m : index, index
}
