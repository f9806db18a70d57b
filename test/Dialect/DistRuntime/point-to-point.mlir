// RUN: %distc-opt %s --split-input-file --verify-diagnostics | FileCheck %s
// RUN: %distc-opt %s --split-input-file --verify-diagnostics --lower-distruntime-to-idtr | FileCheck %s --check-prefix=LOWER

// distruntime.send / recv / reduce: a round trip, their verifiers, and
// their lowering to one call each of _idtr_send_T, _idtr_recv_T (into a
// new buffer of the shape of %like) and _idtr_reduce_T, declared only where
// used. The send is not erased although only its handle is used.

// CHECK-LABEL: func.func @pair
// CHECK: %[[H:.*]] = distruntime.send %arg0 to %arg1 {team = 5 : i64} : tensor<4xf64>
// CHECK: distruntime.wait %[[H]]
// CHECK: %[[H2:.*]], %[[Y:.*]] = distruntime.recv %arg0 from %arg1 {team = 5 : i64} : tensor<4xf64>
// CHECK: %[[H3:.*]], %[[R:.*]] = distruntime.reduce sum %[[Y]] root %arg1 {team = 5 : i64} : (tensor<4xf64>) -> tensor<4xf64>
// LOWER-LABEL: func.func @pair
// LOWER: %[[P:.*]] = arith.index_cast %arg1 : index to i64
// LOWER: call @_idtr_send_f64(%{{.*}}, %[[P]], %{{.*}}) : (i64, i64, memref<*xf64>) -> i64
// LOWER: memref.alloc() : memref<4xf64>
// LOWER: call @_idtr_recv_f64(%{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, memref<*xf64>) -> i64
// LOWER: call @_idtr_reduce_f64(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (i64, i64, memref<*xf64>, memref<*xf64>, i32) -> i64
// LOWER-DAG: func.func private @_idtr_send_f64(i64, i64, memref<*xf64>) -> i64
// LOWER-DAG: func.func private @_idtr_recv_f64(i64, i64, memref<*xf64>) -> i64
// LOWER-DAG: func.func private @_idtr_reduce_f64(i64, i64, memref<*xf64>, memref<*xf64>, i32) -> i64
func.func @pair(%x: tensor<4xf64>, %peer: index) -> tensor<4xf64> {
  %h = distruntime.send %x to %peer {team = 5 : i64} : tensor<4xf64>
  distruntime.wait %h : !distruntime.asynchandle
  %h2, %y = distruntime.recv %x from %peer {team = 5 : i64} : tensor<4xf64>
  distruntime.wait %h2 : !distruntime.asynchandle
  %h3, %r = distruntime.reduce sum %y root %peer {team = 5 : i64} : (tensor<4xf64>) -> tensor<4xf64>
  distruntime.wait %h3 : !distruntime.asynchandle
  return %r : tensor<4xf64>
}

// -----

// A dynamic shape: the receive buffer takes the size of %like.
// LOWER-LABEL: func.func @dynamic
// LOWER: %[[N:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?xi32>
// LOWER: memref.alloc(%[[N]]) : memref<?xi32>
// LOWER: call @_idtr_recv_i32
func.func @dynamic(%x: tensor<?xi32>, %peer: index) -> tensor<?xi32> {
  %h, %y = distruntime.recv %x from %peer {team = 5 : i64} : tensor<?xi32>
  distruntime.wait %h : !distruntime.asynchandle
  return %y : tensor<?xi32>
}

// -----

func.func @negative_peer(%x: tensor<4xf64>) {
  %m1 = arith.constant -1 : index
  // expected-error @+1 {{peer must be a member number (>= 0), got -1}}
  %h = distruntime.send %x to %m1 {team = 5 : i64} : tensor<4xf64>
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

func.func @negative_source(%x: tensor<4xf64>) {
  %m2 = arith.constant -2 : index
  // expected-error @+1 {{peer must be a member number (>= 0), got -2}}
  %h, %y = distruntime.recv %x from %m2 {team = 5 : i64} : tensor<4xf64>
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

func.func @negative_root(%x: tensor<4xf64>) {
  %m1 = arith.constant -1 : index
  // expected-error @+1 {{root must be a member number (>= 0), got -1}}
  %h, %r = distruntime.reduce max %x root %m1 {team = 5 : i64} : (tensor<4xf64>) -> tensor<4xf64>
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

func.func @reduce_shape(%x: tensor<4xf64>, %root: index) {
  // expected-error @+1 {{result type 'tensor<5xf64>' does not have the shape of the input type 'tensor<4xf64>'}}
  %h, %r = distruntime.reduce sum %x root %root {team = 5 : i64} : (tensor<4xf64>) -> tensor<5xf64>
  distruntime.wait %h : !distruntime.asynchandle
  return
}

// -----

func.func @reduce_bitwise_float(%x: tensor<4xf64>, %root: index) {
  // expected-error @+1 {{bitwise reduction bxor needs integer elements, not 'f64'}}
  %h, %r = distruntime.reduce bxor %x root %root {team = 5 : i64} : (tensor<4xf64>) -> tensor<4xf64>
  distruntime.wait %h : !distruntime.asynchandle
  return
}
