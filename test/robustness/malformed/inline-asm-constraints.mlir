// Constraints that do not match the operands and result of llvm.inline_asm:
// LLVM checks them only in an assertion, so the invalid call crashed code
// generation (SIGSEGV). Now a located error before translation, for -c and
// for an executable alike.
// RUN: not %distc %s -c -o %t.o 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:10:8: error: invalid constraints '=r,=r,r,{{[{][{]}}' for inline assembly with 1 operand(s) and a result: failed to parse constraints

func.func @f(%c: i64) -> i64 {
  %r = llvm.inline_asm has_side_effects "movq $1, $0", "=r,=r,r,{{" %c : (i64) -> i64
  return %r : i64
}

func.func @main() {
  return
}
