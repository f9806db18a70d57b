// One input operand too few for the constraints: the same crash, and the
// same located error (LLVM's InlineAsm::verify says why).
// RUN: not %distc %s -c -o %t.o 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:8:8: error: invalid constraints '=r,r,r' for inline assembly with 1 operand(s) and a result: {{.+}}

func.func @f(%c: i64) -> i64 {
  // Two inputs in the constraints, one operand.
  %r = llvm.inline_asm "addq $2, $0", "=r,r,r" %c : (i64) -> i64
  return %r : i64
}
