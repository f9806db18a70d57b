// RUN: %distc-opt %s | FileCheck %s
// Round trip through the generic form as well.
// RUN: %distc-opt %s --mlir-print-op-generic | %distc-opt | FileCheck %s
// RUN: %distc-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @copy_reshape
// CHECK-SAME: (%[[L:.*]]: tensor<?x?xi64>, %[[G0:.*]]: index, %[[G1:.*]]: index, %[[O0:.*]]: index, %[[O1:.*]]: index, %[[NG:.*]]: index, %[[NO:.*]]: index, %[[NS:.*]]: index)
// CHECK: %[[H:.*]], %{{.*}} = distruntime.copy_reshape %[[L]] g_shape %[[G0]], %[[G1]] l_offs %[[O0]], %[[O1]] to n_g_shape %[[NG]] n_offs %[[NO]] n_shape %[[NS]] {team = 22 : i64} : (tensor<?x?xi64>, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?xi64>)
// CHECK: distruntime.wait %[[H]] : !distruntime.asynchandle
// GENERIC-LABEL: sym_name = "copy_reshape"
// GENERIC: "distruntime.copy_reshape"({{.*}}) <{operandSegmentSizes = array<i32: 1, 2, 2, 1, 1, 1>, team = 22 : i64}>
// GENERIC: "distruntime.wait"
func.func @copy_reshape(%local: tensor<?x?xi64>, %g0: index, %g1: index, %o0: index, %o1: index,
                        %ng0: index, %no0: index, %ns0: index) -> tensor<?xi64> {
  %h, %out = distruntime.copy_reshape %local
    g_shape %g0, %g1 l_offs %o0, %o1
    to n_g_shape %ng0 n_offs %no0 n_shape %ns0
    {team = 22 : i64}
    : (tensor<?x?xi64>, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?xi64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %out : tensor<?xi64>
}

// A 0-d tensor has empty shape and offset lists.
// CHECK-LABEL: func.func @copy_reshape_scalar
// CHECK: distruntime.copy_reshape %{{.*}} g_shape l_offs to n_g_shape %{{.*}} n_offs %{{.*}} n_shape %{{.*}} {team = 1 : i64} : (tensor<f32>, index, index, index) -> (!distruntime.asynchandle, tensor<?xf32>)
func.func @copy_reshape_scalar(%s: tensor<f32>, %a: index, %b: index, %c: index) -> tensor<?xf32> {
  %h, %out = distruntime.copy_reshape %s g_shape l_offs to n_g_shape %a n_offs %b n_shape %c
    {team = 1 : i64} : (tensor<f32>, index, index, index) -> (!distruntime.asynchandle, tensor<?xf32>)
  distruntime.wait %h : !distruntime.asynchandle
  return %out : tensor<?xf32>
}

// CHECK-LABEL: func.func @copy_permute
// CHECK: %[[H:.*]], %{{.*}} = distruntime.copy_permute %{{.*}} g_shape %{{.*}}, %{{.*}} l_offs %{{.*}}, %{{.*}} to n_offs %{{.*}}, %{{.*}} n_shape %{{.*}}, %{{.*}} axes [1, 0] {team = 22 : i64} : (tensor<5x2xi64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<2x5xi64>)
// CHECK: distruntime.wait %[[H]]
// GENERIC-LABEL: sym_name = "copy_permute"
// GENERIC: "distruntime.copy_permute"({{.*}}) <{axes = array<i64: 1, 0>, operandSegmentSizes = array<i32: 1, 2, 2, 2, 2, 0>, team = 22 : i64}>
func.func @copy_permute(%local: tensor<5x2xi64>, %g0: index, %g1: index, %o0: index, %o1: index,
                        %no0: index, %no1: index, %ns0: index, %ns1: index) -> tensor<2x5xi64> {
  %h, %out = distruntime.copy_permute %local
    g_shape %g0, %g1 l_offs %o0, %o1
    to n_offs %no0, %no1 n_shape %ns0, %ns1 axes [1, 0]
    {team = 22 : i64}
    : (tensor<5x2xi64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<2x5xi64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %out : tensor<2x5xi64>
}

// The accumulating form: the result is %acc plus the received box.
// CHECK-LABEL: func.func @copy_permute_add
// CHECK-SAME: (%{{[^:]*}}: tensor<?x?xf64>, %[[ACC:[^:]*]]: tensor<?x?xf64>
// CHECK: %[[H:.*]], %{{.*}} = distruntime.copy_permute %{{.*}} g_shape %{{.*}}, %{{.*}} l_offs %{{.*}}, %{{.*}} to n_offs %{{.*}}, %{{.*}} n_shape %{{.*}}, %{{.*}} axes [1, 0] add_into %[[ACC]] {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index, tensor<?x?xf64>) -> (!distruntime.asynchandle, tensor<?x?xf64>)
// CHECK: distruntime.wait %[[H]]
// GENERIC-LABEL: sym_name = "copy_permute_add"
// GENERIC: "distruntime.copy_permute"({{.*}}) <{axes = array<i64: 1, 0>, operandSegmentSizes = array<i32: 1, 2, 2, 2, 2, 1>, team = 22 : i64}>
func.func @copy_permute_add(%local: tensor<?x?xf64>, %acc: tensor<?x?xf64>, %n: index,
                            %o: index, %rows: index) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %h, %out = distruntime.copy_permute %local
    g_shape %n, %n l_offs %o, %c0
    to n_offs %o, %c0 n_shape %rows, %n axes [1, 0] add_into %acc
    {team = 22 : i64}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index, tensor<?x?xf64>)
    -> (!distruntime.asynchandle, tensor<?x?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return %out : tensor<?x?xf64>
}

// CHECK-LABEL: func.func @copy_permute_3d
// CHECK: axes [1, 2, 0]
func.func @copy_permute_3d(%local: tensor<?x?x?xf32>, %i: index) -> tensor<?x?x?xf32> {
  %h, %out = distruntime.copy_permute %local
    g_shape %i, %i, %i l_offs %i, %i, %i
    to n_offs %i, %i, %i n_shape %i, %i, %i axes [1, 2, 0]
    {team = 3 : i64}
    : (tensor<?x?x?xf32>, index, index, index, index, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?x?xf32>)
  distruntime.wait %h : !distruntime.asynchandle
  return %out : tensor<?x?x?xf32>
}

// CHECK-LABEL: func.func @team
// CHECK: %[[N:.*]] = distruntime.team_size {team = 22 : i64}
// CHECK: %[[R:.*]] = distruntime.team_member {team = 22 : i64}
// CHECK: return %[[N]], %[[R]]
// GENERIC-LABEL: sym_name = "team"
// GENERIC: "distruntime.team_size"() <{team = 22 : i64}> : () -> index
// GENERIC: "distruntime.team_member"() <{team = 22 : i64}> : () -> index
func.func @team() -> (index, index) {
  %n = distruntime.team_size {team = 22 : i64}
  %r = distruntime.team_member {team = 22 : i64}
  return %n, %r : index, index
}

// CHECK-LABEL: func.func @allreduce
// CHECK: distruntime.allreduce sum %{{.*}} {team = 22 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
// CHECK: distruntime.allreduce prod %{{.*}} {team = 22 : i64} : (tensor<?xi32>) -> (!distruntime.asynchandle, tensor<?xi32>)
// CHECK: distruntime.allreduce min %{{.*}} {team = 0 : i64} : (tensor<i8>) -> (!distruntime.asynchandle, tensor<i8>)
// CHECK: distruntime.allreduce max %{{.*}} {team = 0 : i64} : (tensor<2x3xi1>) -> (!distruntime.asynchandle, tensor<2x3xi1>)
// GENERIC-LABEL: sym_name = "allreduce"
// GENERIC: "distruntime.allreduce"(%{{.*}}) <{kind = 4 : i32, team = 22 : i64}>
func.func @allreduce(%x: tensor<4xf64>, %y: tensor<?xi32>, %z: tensor<i8>, %b: tensor<2x3xi1>) {
  %h, %sum = distruntime.allreduce sum %x {team = 22 : i64}
    : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %h1, %p = distruntime.allreduce prod %y {team = 22 : i64}
    : (tensor<?xi32>) -> (!distruntime.asynchandle, tensor<?xi32>)
  distruntime.wait %h1 : !distruntime.asynchandle
  %h2, %m = distruntime.allreduce min %z {team = 0 : i64}
    : (tensor<i8>) -> (!distruntime.asynchandle, tensor<i8>)
  distruntime.wait %h2 : !distruntime.asynchandle
  %h3, %mx = distruntime.allreduce max %b {team = 0 : i64}
    : (tensor<2x3xi1>) -> (!distruntime.asynchandle, tensor<2x3xi1>)
  distruntime.wait %h3 : !distruntime.asynchandle
  return
}

// CHECK-LABEL: func.func @update_halo
// CHECK: %[[H:.*]], %{{.*}}, %{{.*}} = distruntime.update_halo %{{.*}} g_shape %{{.*}}, %{{.*}} l_offs %{{.*}}, %{{.*}} bb_offs %{{.*}}, %{{.*}} bb_sizes %{{.*}}, %{{.*}} {team = 22 : i64} : (tensor<?x?xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
// CHECK: distruntime.wait %[[H]]
// CHECK: {key = 7 : i64, team = 22 : i64}
// GENERIC-LABEL: sym_name = "update_halo"
// GENERIC: "distruntime.update_halo"({{.*}}) <{operandSegmentSizes = array<i32: 1, 2, 2, 2, 2>, team = 22 : i64}>
func.func @update_halo(%local: tensor<?x?xf64>, %g0: index, %g1: index, %o0: index, %o1: index,
                       %b0: index, %b1: index, %s0: index, %s1: index) {
  %h, %lh, %rh = distruntime.update_halo %local
    g_shape %g0, %g1 l_offs %o0, %o1 bb_offs %b0, %b1 bb_sizes %s0, %s1
    {team = 22 : i64}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %h2, %lh2, %rh2 = distruntime.update_halo %local
    g_shape %g0, %g1 l_offs %o0, %o1 bb_offs %b0, %b1 bb_sizes %s0, %s1
    {team = 22 : i64, key = 7 : i64}
    : (tensor<?x?xf64>, index, index, index, index, index, index, index, index)
    -> (!distruntime.asynchandle, tensor<?x?xf64>, tensor<?x?xf64>)
  distruntime.wait %h2 : !distruntime.asynchandle
  return
}

// The halo rows that the constants determine (1 before, 2 after the own
// rows [2, 4) in the box [1, 6)) verify; dynamic halo rows always do.
// CHECK-LABEL: func.func @halo_rows_known
func.func @halo_rows_known(%t: tensor<2x8xf64>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %h, %l, %r = distruntime.update_halo %t g_shape %c8, %c8 l_offs %c2, %c0 bb_offs %c1, %c0 bb_sizes %c5, %c8 {team = 1 : i64}
      : (tensor<2x8xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<1x8xf64>, tensor<2x8xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  %h2, %l2, %r2 = distruntime.update_halo %t g_shape %c8, %c8 l_offs %c2, %c0 bb_offs %c1, %c0 bb_sizes %c5, %c8 {team = 1 : i64}
      : (tensor<2x8xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<?x8xf64>, tensor<?x8xf64>)
  distruntime.wait %h2 : !distruntime.asynchandle
  return
}
