// An instruction the assembler rejects. distc had no assembly parser for
// the target, so every llvm.inline_asm aborted ("Inline asm not supported
// by this streamer"); with one, LLVM reports the assembler's error through
// its context, which without a handler prints it and calls exit(1) from
// inside code generation. Now one `distc: error:` per problem, no output.
// RUN: echo old > %t.o
// RUN: not %distc %s -c -o %t.o 2>&1 | FileCheck %s --implicit-check-not="PLEASE submit" --implicit-check-not="LLVM ERROR"
// RUN: cat %t.o | FileCheck %s --check-prefix=KEPT
// CHECK: distc: error: <inline asm>:1:2: invalid instruction mnemonic 'bogus_instr'
// CHECK: distc: error: code generation failed: the LLVM back end reported errors
// KEPT: old

func.func @f() -> i64 {
  %r = llvm.inline_asm has_side_effects "bogus_instr $0", "=r" : () -> i64
  return %r : i64
}
