// Valid inline assembly assembles into the object (distc initializes the
// target's assembly parser) and runs.
// REQUIRES: idtr-runtime
// RUN: %distc %s -o %t
// RUN: not %t
// RUN: %distc %s -S -o - | FileCheck %s
// CHECK: leal 1(%{{[a-z]+}}), %{{[a-z]+}}

func.func @main() -> i32 {
  %c = arith.constant 41 : i32
  %r = llvm.inline_asm "leal 1($1), $0", "=r,r" %c : (i32) -> i32
  return %r : i32
}
