// RUN: %distc-opt %s --convert-dist-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s

// A !dist.tensor argument becomes (local tensor, global sizes, offsets);
// creation computes the balanced block from team_size/team_member at run
// time, never at compile time.
// CHECK-LABEL: func.func @full
// CHECK-SAME: () -> (tensor<?x8xf64>, index, index, index, index)
// CHECK-DAG: %[[P:.*]] = distruntime.team_size {team = 0 : i64}
// CHECK-DAG: %[[R:.*]] = distruntime.team_member {team = 0 : i64}
// CHECK-DAG: %[[C10:.*]] = arith.constant 10 : index
// CHECK: %[[Q:.*]] = arith.divui %[[C10]], %[[P]] : index
// CHECK: %[[REM:.*]] = arith.remui %[[C10]], %[[P]] : index
// CHECK: %[[EMPTY:.*]] = tensor.empty(%{{.*}}) : tensor<?x8xf64>
// CHECK: %[[FILL:.*]] = linalg.fill ins(%{{.*}} : f64) outs(%[[EMPTY]] : tensor<?x8xf64>)
// CHECK: return %[[FILL]], %[[C10]], %{{.*}}, %{{.*}}, %{{.*}} : tensor<?x8xf64>, index, index, index, index
func.func @full() -> !dist.tensor<10x8xf64> {
  %one = arith.constant 1.0 : f64
  %a = dist.full %one : !dist.tensor<10x8xf64>
  return %a : !dist.tensor<10x8xf64>
}

// -----

// CHECK-LABEL: func.func @permute
// CHECK-SAME: (%[[L:.*]]: tensor<?x4xf64>, %[[G0:.*]]: index, %[[G1:.*]]: index, %[[O0:.*]]: index, %[[O1:.*]]: index)
// CHECK: %[[H:.*]], %[[OUT:.*]] = distruntime.copy_permute %[[L]] g_shape %[[G0]], %[[G1]] l_offs %[[O0]], %[[O1]] to n_offs %{{.*}}, %{{.*}} n_shape %{{.*}}, %{{.*}} axes [1, 0] {team = 0 : i64}
// CHECK-SAME: -> (!distruntime.asynchandle, tensor<?x?xf64>)
// CHECK: distruntime.wait %[[H]]
// CHECK: return %{{.*}}, %[[G1]], %[[G0]],
func.func @permute(%a: !dist.tensor<?x4xf64>) -> !dist.tensor<4x?xf64> {
  %p = dist.permute %a axes [1, 0] : !dist.tensor<?x4xf64> -> !dist.tensor<4x?xf64>
  return %p : !dist.tensor<4x?xf64>
}

// -----

// CHECK-LABEL: func.func @reshape
// CHECK: %[[H:.*]], %{{.*}} = distruntime.copy_reshape %{{.*}} g_shape %{{.*}}, %{{.*}} l_offs %{{.*}}, %{{.*}} to n_g_shape %{{.*}} n_offs %{{.*}} n_shape %{{.*}} {team = 2 : i64}
// CHECK: distruntime.wait %[[H]]
func.func @reshape(%a: !dist.tensor<6x4xi32, team = 2>) -> !dist.tensor<24xi32, team = 2> {
  %r = dist.reshape %a : !dist.tensor<6x4xi32, team = 2> -> !dist.tensor<24xi32, team = 2>
  return %r : !dist.tensor<24xi32, team = 2>
}

// -----

// Element-wise ops on tensors with the same partition need no
// communication; a differently partitioned operand is repartitioned.
// CHECK-LABEL: func.func @add_same_partition
// CHECK-NOT: distruntime.copy
// CHECK: linalg.generic
// CHECK: arith.addf
func.func @add_same_partition(%a: !dist.tensor<16xf64>, %b: !dist.tensor<16xf64>) -> !dist.tensor<16xf64> {
  %c = dist.add %a, %b : !dist.tensor<16xf64>
  return %c : !dist.tensor<16xf64>
}
// CHECK-LABEL: func.func @add_repartition
// CHECK: distruntime.copy_reshape
// CHECK: distruntime.wait
// CHECK: linalg.generic
// CHECK: arith.mulf
func.func @add_repartition(%a: !dist.tensor<16xf64>, %b: !dist.tensor<16xf64, irregular>) -> !dist.tensor<16xf64> {
  %c = dist.mul %a, %b : !dist.tensor<16xf64>, !dist.tensor<16xf64, irregular> -> !dist.tensor<16xf64>
  return %c : !dist.tensor<16xf64>
}

// -----

// A full reduction: local linalg.reduce, then an allreduce of one element.
// CHECK-LABEL: func.func @reduce
// CHECK: %[[PART:.*]] = linalg.reduce ins(%{{.*}} : tensor<?x4xf64>) outs(%{{.*}} : tensor<f64>) dimensions = [0, 1]
// CHECK: arith.maximumf
// CHECK: %[[H:.*]], %[[ALL:.*]] = distruntime.allreduce max %[[PART]] {team = 0 : i64} : (tensor<f64>) -> (!distruntime.asynchandle, tensor<f64>)
// CHECK: distruntime.wait %[[H]]
// CHECK: %[[V:.*]] = tensor.extract %[[ALL]][] : tensor<f64>
// CHECK: return %[[V]]
func.func @reduce(%a: !dist.tensor<8x4xf64>) -> f64 {
  %m = dist.reduce max %a : !dist.tensor<8x4xf64> -> f64
  return %m : f64
}

// -----

// Four shifts of one tensor: one update_halo, four slices of one buffer.
// CHECK-LABEL: func.func @stencil
// CHECK-COUNT-1: distruntime.update_halo
// CHECK-NOT: distruntime.update_halo
// CHECK-COUNT-4: tensor.extract_slice
func.func @stencil(%u: !dist.tensor<8x8xf64>) -> !dist.tensor<8x8xf64> {
  %z = arith.constant 0.0 : f64
  %n = dist.shift %u offsets [-1, 0] fill %z : !dist.tensor<8x8xf64>
  %s = dist.shift %u offsets [1, 0] fill %z : !dist.tensor<8x8xf64>
  %w = dist.shift %u offsets [0, -1] fill %z : !dist.tensor<8x8xf64>
  %e = dist.shift %u offsets [0, 1] fill %z : !dist.tensor<8x8xf64>
  %a = dist.add %n, %s : !dist.tensor<8x8xf64>
  %b = dist.add %w, %e : !dist.tensor<8x8xf64>
  %c = dist.add %a, %b : !dist.tensor<8x8xf64>
  return %c : !dist.tensor<8x8xf64>
}

// -----

// Shifts only along dimension 1 stay local: no communication.
// CHECK-LABEL: func.func @local_shift
// CHECK-NOT: distruntime.update_halo
// CHECK: return
func.func @local_shift(%u: !dist.tensor<8x8xf64>) -> !dist.tensor<8x8xf64> {
  %z = arith.constant 0.0 : f64
  %w = dist.shift %u offsets [0, -1] fill %z : !dist.tensor<8x8xf64>
  return %w : !dist.tensor<8x8xf64>
}

// -----

// dist.print: rank 0 prints, the others take part in the gather only.
// CHECK-LABEL: func.func @print
// CHECK: %[[R:.*]] = distruntime.team_member {team = 0 : i64}
// CHECK: %[[ROOT:.*]] = arith.cmpi eq, %[[R]], %{{.*}} : index
// CHECK: distruntime.copy_reshape
// CHECK: scf.if %[[ROOT]] {
// CHECK: vector.print punctuation <open>
// CHECK: vector.print %{{.*}} : f64 punctuation <no_punctuation>
// CHECK: vector.print punctuation <close>
// CHECK: vector.print{{$}}
func.func @print(%a: !dist.tensor<4xf64>) {
  dist.print %a : !dist.tensor<4xf64>
  return
}

// -----

// from_local checks the parts at run time.
// CHECK-LABEL: func.func @from_local
// CHECK: distruntime.allreduce sum
// CHECK: scf.for
// CHECK: cf.assert %{{.*}}, "{{.*}}lower.mlir:{{[0-9]+}}:{{[0-9]+}}: dist.from_local: the offsets of the parts do not tile the split dimension in rank order"
func.func @from_local(%t: tensor<?xf64>, %o: index) -> !dist.tensor<?xf64, irregular> {
  %d = dist.from_local %t offset %o : tensor<?xf64> -> !dist.tensor<?xf64, irregular>
  return %d : !dist.tensor<?xf64, irregular>
}

// -----

// dist tensors through scf.for and calls.
// CHECK-LABEL: func.func @loop
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (tensor<?xf64>, index, index)
// CHECK: call @callee(%{{.*}}, %{{.*}}, %{{.*}}) : (tensor<?xf64>, index, index) -> (tensor<?xf64>, index, index)
func.func private @callee(!dist.tensor<16xf64>) -> !dist.tensor<16xf64>
func.func @loop(%a: !dist.tensor<16xf64>, %n: index) -> !dist.tensor<16xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (!dist.tensor<16xf64>) {
    %y = func.call @callee(%x) : (!dist.tensor<16xf64>) -> !dist.tensor<16xf64>
    scf.yield %y : !dist.tensor<16xf64>
  }
  return %r : !dist.tensor<16xf64>
}
