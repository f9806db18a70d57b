// A template that names an operand the call does not have: an LLVM fatal
// error in code generation ("LLVM ERROR: Invalid $ operand number", then
// abort). Now a located error before translation; `${N}` is checked too,
// and `$$`, `${:uid}` and clobbers (which are not operands) are fine.
// RUN: not %distc %s -c -o %t.o 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="LLVM ERROR"
// CHECK: [[FILE]]:11:8: error: the inline assembly template refers to operand $5, but there are only 2 (outputs, then inputs, numbered from 0)
// CHECK: [[FILE]]:12:8: error: the inline assembly template refers to operand $2, but there are only 2

func.func @f(%c: i64) -> i64 {
  %ok = llvm.inline_asm has_side_effects "movq $1, $0 # $$ ${:uid} ${1:q}", "=r,r,~{memory}" %c : (i64) -> i64
  %r = llvm.inline_asm has_side_effects "movq $5, $0", "=r,r" %ok : (i64) -> i64
  %s = llvm.inline_asm has_side_effects "movq ${2}, $0", "=r,r,~{memory}" %r : (i64) -> i64
  return %s : i64
}
