// The stack allocations that the lowering puts in a loop body (descriptors
// of the buffers passed to the runtime) are given back every iteration:
// between the loop header and the stack save of the iteration there is no
// alloca, every alloca of the body comes after that save, and none after
// the restore that ends the iteration. The index lists (g_shape, offsets,
// axes) are allocated once, in the entry block.
// RUN: distc-opt --distc-default %s | FileCheck %s
// RUN: distc-opt --pass-pipeline='builtin.module(distc-default{opt-level=0})' %s | FileCheck %s

// CHECK-LABEL: llvm.func @permute_in_for
// CHECK: llvm.alloca
// CHECK: llvm.br ^bb1
// CHECK-NOT: llvm.alloca
// CHECK: llvm.cond_br %{{.*}}, ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
// CHECK-NOT: llvm.alloca
// CHECK: ^[[BODY]]:
// CHECK-NEXT: %[[SP:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK: llvm.alloca
// CHECK: llvm.call @_idtr_copy_permute_f64
// CHECK: llvm.intr.stackrestore %[[SP]] : !llvm.ptr
// CHECK-NOT: llvm.alloca
// CHECK: ^[[EXIT]]:
// CHECK-NOT: llvm.alloca
// CHECK: llvm.return
func.func @permute_in_for(%a: tensor<4x4xf64>, %n: index) -> tensor<4x4xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%t = %a) -> tensor<4x4xf64> {
    %h, %p = distruntime.copy_permute %t g_shape %c4, %c4 l_offs %c0, %c0
      to n_offs %c0, %c0 n_shape %c4, %c4 axes [1, 0] {team = 1 : i64}
      : (tensor<4x4xf64>, index, index, index, index, index, index, index, index)
      -> (!distruntime.asynchandle, tensor<4x4xf64>)
    distruntime.wait %h : !distruntime.asynchandle
    scf.yield %p : tensor<4x4xf64>
  }
  return %r : tensor<4x4xf64>
}

// The scope of the after region ends right before the back edge.
// CHECK-LABEL: llvm.func @allreduce_in_while
// CHECK: llvm.br ^bb1
// CHECK-NOT: llvm.alloca
// CHECK: %[[SP:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK: llvm.alloca
// CHECK: llvm.call @_idtr_allreduce_f64
// CHECK: llvm.intr.stackrestore %[[SP]] : !llvm.ptr
// CHECK-NEXT: llvm.br ^bb1(
// CHECK-NOT: llvm.alloca
// CHECK: llvm.return
func.func @allreduce_in_while(%a: tensor<4xf64>, %n: index) -> tensor<4xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%i = %c0, %t = %a) : (index, tensor<4xf64>) -> (index, tensor<4xf64>) {
    %go = arith.cmpi ult, %i, %n : index
    scf.condition(%go) %i, %t : index, tensor<4xf64>
  } do {
  ^bb0(%i: index, %t: tensor<4xf64>):
    %h, %s = distruntime.allreduce sum %t {team = 1 : i64}
      : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
    distruntime.wait %h : !distruntime.asynchandle
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1, %s : index, tensor<4xf64>
  }
  return %r#1 : tensor<4xf64>
}
