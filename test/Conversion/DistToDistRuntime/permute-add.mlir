// dist.add of a dist.permute whose only use is the add lowers to one
// accumulating copy_permute into the other operand's local part (the PRK
// transpose's B += A^T): no temporary for the permuted tensor, no
// element-wise add. Anything else keeps the plain lowerings.
// RUN: %distc-opt %s --convert-dist-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s

// CHECK-LABEL: func.func @b_plus_at
// CHECK-SAME: (%[[A:[^:]*]]: tensor<?x?xf64>, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[B:[^:]*]]: tensor<?x?xf64>
// CHECK-NOT: linalg.generic
// CHECK: %[[H:.*]], %[[OUT:.*]] = distruntime.copy_permute %[[A]] {{.*}} axes [1, 0] add_into %[[B]] {team = 0 : i64}
// CHECK-SAME: -> (!distruntime.asynchandle, tensor<?x?xf64>)
// CHECK-NEXT: distruntime.wait %[[H]]
// CHECK-NOT: distruntime.copy_permute
// CHECK-NOT: linalg.generic
// CHECK: return %[[OUT]]
func.func @b_plus_at(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %t = dist.permute %a axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %r = dist.add %b, %t : !dist.tensor<?x?xf64>
  return %r : !dist.tensor<?x?xf64>
}

// -----

// Either operand may be the permute (addition commutes), also with other
// ops between them; i1 adds modulo 2 in the runtime as arith.addi does.
// CHECK-LABEL: func.func @at_plus_b
// CHECK-SAME: (%[[A:[^:]*]]: tensor<?x?xi1>, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %{{[^:]*}}: index, %[[B:[^:]*]]: tensor<?x?xi1>
// CHECK: distruntime.copy_permute %[[A]] {{.*}} axes [1, 0] add_into %[[B]] {team = 0 : i64}
// CHECK-NOT: distruntime.copy_permute
// CHECK-NOT: linalg.generic
func.func @at_plus_b(%a: !dist.tensor<?x?xi1>, %b: !dist.tensor<?x?xi1>) -> (!dist.tensor<?x?xi1>, index) {
  %t = dist.permute %a axes [1, 0] : !dist.tensor<?x?xi1> -> !dist.tensor<?x?xi1>
  %m = dist.team_member
  %r = dist.add %t, %b : !dist.tensor<?x?xi1>
  return %r, %m : !dist.tensor<?x?xi1>, index
}

// -----

// A 3-D permutation, static shapes: the accumulator is cast to the local
// type of the result.
// CHECK-LABEL: func.func @three_d
// CHECK: distruntime.copy_permute {{.*}} axes [2, 0, 1] add_into %{{.*}} {team = 0 : i64}
// CHECK-NOT: linalg.generic
func.func @three_d(%a: !dist.tensor<4x5x6xf32>, %b: !dist.tensor<6x4x5xf32>) -> !dist.tensor<6x4x5xf32> {
  %t = dist.permute %a axes [2, 0, 1] : !dist.tensor<4x5x6xf32> -> !dist.tensor<6x4x5xf32>
  %r = dist.add %b, %t : !dist.tensor<6x4x5xf32>
  return %r : !dist.tensor<6x4x5xf32>
}

// -----

// The permute has another use: its result must exist on its own, so the
// copy and the element-wise add stay.
// CHECK-LABEL: func.func @permute_used_twice
// CHECK: distruntime.copy_permute
// CHECK-NOT: add_into
// CHECK: linalg.generic
// CHECK: arith.addf
func.func @permute_used_twice(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<?x?xf64>)
    -> (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>) {
  %t = dist.permute %a axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %r = dist.add %b, %t : !dist.tensor<?x?xf64>
  return %r, %t : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>
}

// -----

// The same permute twice in one add: two uses, no fusion.
// CHECK-LABEL: func.func @t_plus_t
// CHECK-NOT: add_into
// CHECK: linalg.generic
func.func @t_plus_t(%a: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %t = dist.permute %a axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %r = dist.add %t, %t : !dist.tensor<?x?xf64>
  return %r : !dist.tensor<?x?xf64>
}

// -----

// The other operand is split differently from the result: the add moves it
// first, which the accumulating form cannot.
// CHECK-LABEL: func.func @other_partition
// CHECK: distruntime.copy_permute
// CHECK-NOT: add_into
// CHECK: linalg.generic
func.func @other_partition(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<?x?xf64, split = 1>)
    -> !dist.tensor<?x?xf64> {
  %t = dist.permute %a axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %r = dist.add %b, %t : !dist.tensor<?x?xf64, split = 1>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  return %r : !dist.tensor<?x?xf64>
}

// -----

// A permute outside a loop and the add inside: fusing would move the
// permute into the loop (once per iteration instead of once).
// CHECK-LABEL: func.func @permute_outside_loop
// CHECK: distruntime.copy_permute
// CHECK-NOT: add_into
// CHECK: scf.for
// CHECK: linalg.generic
func.func @permute_outside_loop(%a: !dist.tensor<?x?xf64>, %b0: !dist.tensor<?x?xf64>, %k: index)
    -> !dist.tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %t = dist.permute %a axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %b = scf.for %i = %c0 to %k step %c1 iter_args(%bi = %b0) -> (!dist.tensor<?x?xf64>) {
    %r = dist.add %bi, %t : !dist.tensor<?x?xf64>
    scf.yield %r : !dist.tensor<?x?xf64>
  }
  return %b : !dist.tensor<?x?xf64>
}

// -----

// dist.sub is not an accumulation.
// CHECK-LABEL: func.func @b_minus_at
// CHECK-NOT: add_into
// CHECK: arith.subf
func.func @b_minus_at(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %t = dist.permute %a axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %r = dist.sub %b, %t : !dist.tensor<?x?xf64>
  return %r : !dist.tensor<?x?xf64>
}

// -----

// The PRK transpose loop: B += A^T; A += 1. The accumulator is the loop's
// B, the permute's input its A.
// CHECK-LABEL: func.func @prk
// CHECK: scf.for {{.*}} iter_args(%[[A:[^ ]*]] = %{{.*}}, {{.*}}%[[B:[^ ]*]] = %{{.*}},
// CHECK: distruntime.copy_permute %[[A]] {{.*}} axes [1, 0] add_into %[[B]]
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: scf.yield
func.func @prk(%a0: !dist.tensor<?x?xf64>, %b0: !dist.tensor<?x?xf64>, %k: index)
    -> !dist.tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %a, %b = scf.for %i = %c0 to %k step %c1 iter_args(%ai = %a0, %bi = %b0)
      -> (!dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>) {
    %at = dist.permute %ai axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
    %bn = dist.add %bi, %at : !dist.tensor<?x?xf64>
    %an = dist.elementwise %ai : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64> {
    ^bb0(%x: f64):
      %y = arith.addf %x, %one : f64
      dist.yield %y : f64
    }
    scf.yield %an, %bn : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64>
  }
  return %b : !dist.tensor<?x?xf64>
}
