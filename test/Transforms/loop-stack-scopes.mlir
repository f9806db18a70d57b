// RUN: %distc-opt %s --distc-loop-stack-scopes --split-input-file | FileCheck %s
// The pass is idempotent: a second run adds nothing.
// RUN: %distc-opt %s --distc-loop-stack-scopes --distc-loop-stack-scopes --split-input-file | FileCheck %s

// A ranked-to-unranked cast stores the descriptor on the stack when it is
// lowered: the iteration gives that stack back.
// CHECK-LABEL: func.func @cast_in_for
// CHECK: scf.for
// CHECK-NEXT: %[[SP:.*]] = llvm.intr.stacksave : !llvm.ptr
// CHECK-NEXT: memref.cast
// CHECK-NEXT: func.call @use
// CHECK-NEXT: llvm.intr.stackrestore %[[SP]] : !llvm.ptr
// CHECK-NEXT: }
// CHECK-NOT: llvm.intr.stack
func.func private @use(memref<*xf64>)
func.func @cast_in_for(%buf: memref<4x4xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %u = memref.cast %buf : memref<4x4xf64> to memref<*xf64>
    func.call @use(%u) : (memref<*xf64>) -> ()
  }
  return
}

// -----

// Both regions of an scf.while, each with its own scope; the scope ends
// before the terminator, which forwards only heap buffers and scalars.
// CHECK-LABEL: func.func @while_regions
// CHECK: scf.while
// CHECK-NEXT: %[[SB:.*]] = llvm.intr.stacksave
// CHECK: memref.alloca() : memref<2xindex>
// CHECK: llvm.intr.stackrestore %[[SB]]
// CHECK-NEXT: scf.condition
// CHECK: ^bb0(
// CHECK-NEXT: %[[SA:.*]] = llvm.intr.stacksave
// CHECK: func.call @use
// CHECK: llvm.intr.stackrestore %[[SA]]
// CHECK-NEXT: scf.yield
func.func private @use(memref<*xf64>)
func.func private @index_list(memref<2xindex>)
func.func @while_regions(%buf: memref<4x4xf64>, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.while (%i = %c0, %b = %buf) : (index, memref<4x4xf64>) -> (index, memref<4x4xf64>) {
    %l = memref.alloca() : memref<2xindex>
    func.call @index_list(%l) : (memref<2xindex>) -> ()
    %go = arith.cmpi ult, %i, %n : index
    scf.condition(%go) %i, %b : index, memref<4x4xf64>
  } do {
  ^bb0(%i: index, %b: memref<4x4xf64>):
    %u = memref.cast %b : memref<4x4xf64> to memref<*xf64>
    func.call @use(%u) : (memref<*xf64>) -> ()
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1, %b : index, memref<4x4xf64>
  }
  return %r#0 : index
}

// -----

// Nested loops: the inner loop has its own scope; the outer loop holds no
// stack allocation outside it and gets none.
// CHECK-LABEL: func.func @nested
// CHECK: scf.for
// CHECK-NEXT: scf.for
// CHECK-NEXT: llvm.intr.stacksave
// CHECK-NEXT: memref.cast
// CHECK-NEXT: func.call @use
// CHECK-NEXT: llvm.intr.stackrestore
// CHECK-NEXT: }
// CHECK-NEXT: }
func.func private @use(memref<*xf64>)
func.func @nested(%buf: memref<4x4xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %u = memref.cast %buf : memref<4x4xf64> to memref<*xf64>
      func.call @use(%u) : (memref<*xf64>) -> ()
    }
  }
  return
}

// -----

// A stack allocation inside an scf.if of the body counts for the loop.
// CHECK-LABEL: func.func @in_if
// CHECK: scf.for
// CHECK-NEXT: llvm.intr.stacksave
// CHECK-NEXT: scf.if
// CHECK: llvm.intr.stackrestore
// CHECK-NEXT: }
func.func private @use(memref<*xf64>)
func.func @in_if(%buf: memref<4x4xf64>, %n: index, %c: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    scf.if %c {
      %u = memref.cast %buf : memref<4x4xf64> to memref<*xf64>
      func.call @use(%u) : (memref<*xf64>) -> ()
    }
  }
  return
}

// -----

// A copy between strided views goes through the generic copy with its
// descriptors on the stack; a copy between contiguous buffers is a memcpy
// and allocates nothing. Loops without stack allocations are left alone.
// CHECK-LABEL: func.func @copies
// CHECK: scf.for
// CHECK-NEXT: llvm.intr.stacksave
// CHECK-NEXT: memref.copy %{{.*}}, %{{.*}} : memref<4xf64, strided<[4]>> to memref<4xf64>
// CHECK-NEXT: llvm.intr.stackrestore
// CHECK: scf.for
// CHECK-NEXT: memref.copy %{{.*}}, %{{.*}} : memref<4xf64> to memref<4xf64>
// CHECK-NEXT: memref.load
// CHECK-NEXT: }
func.func @copies(%col: memref<4xf64, strided<[4]>>, %a: memref<4xf64>, %b: memref<4xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.copy %col, %a : memref<4xf64, strided<[4]>> to memref<4xf64>
  }
  scf.for %i = %c0 to %n step %c1 {
    memref.copy %a, %b : memref<4xf64> to memref<4xf64>
    %v = memref.load %b[%c0] : memref<4xf64>
  }
  return
}

// -----

// An iteration that forwards a buffer on its own stack keeps it: no scope.
// CHECK-LABEL: func.func @forwards_stack_buffer
// CHECK-NOT: llvm.intr.stack
// CHECK: return
func.func @forwards_stack_buffer(%buf: memref<2xf64>, %n: index) -> memref<2xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%b = %buf) -> memref<2xf64> {
    %l = memref.alloca() : memref<2xf64>
    memref.copy %b, %l : memref<2xf64> to memref<2xf64>
    scf.yield %l : memref<2xf64>
  }
  return %r : memref<2xf64>
}
