// RUN: %distc-opt %s --lower-distruntime-to-idtr | FileCheck %s

// `team` is any integer attribute (distruntime.md); the runtime takes its
// value as an i64: signed and signless types sign-extended, unsigned types
// zero-extended, index as is.

// CHECK-LABEL: func.func @teams
func.func @teams(%x: tensor<4xf64>) -> (index, index) {
  // CHECK: %[[T22:.*]] = arith.constant 22 : i64
  // CHECK: call @_idtr_allreduce_f64(%[[T22]],
  %h1, %s1 = distruntime.allreduce sum %x {team = 22 : i32} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h1 : !distruntime.asynchandle
  // CHECK: %[[T255:.*]] = arith.constant 255 : i64
  // CHECK: call @_idtr_allreduce_f64(%[[T255]],
  %h2, %s2 = distruntime.allreduce sum %x {team = 255 : ui8} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h2 : !distruntime.asynchandle
  // CHECK: %[[TM1:.*]] = arith.constant -1 : i64
  // CHECK: call @_idtr_allreduce_f64(%[[TM1]],
  %h3, %s3 = distruntime.allreduce sum %x {team = -1 : i8} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h3 : !distruntime.asynchandle
  // CHECK: %[[T7:.*]] = arith.constant 7 : i64
  // CHECK: call @_idtr_nprocs(%[[T7]])
  %n = distruntime.team_size {team = 7 : index}
  // CHECK: %[[TBIG:.*]] = arith.constant 1099511627776 : i64
  // CHECK: call @_idtr_prank(%[[TBIG]])
  %r = distruntime.team_member {team = 1099511627776 : i64}
  return %n, %r : index, index
}
