// -mllvm passes options to LLVM's passes, as clang's: they are applied and
// override distc's own choices; an unknown one is a one-line error.
// RUN: %distc -O2 -S %s -o - | FileCheck %s --check-prefix=DEFAULT
// RUN: %distc -O2 -S -mllvm -x86-asm-syntax=intel %s -o - | FileCheck %s --check-prefix=INTEL
// RUN: %distc -O2 -c -mllvm -disable-lsr=false -mllvm -unroll-threshold=50 %s -o %t.o
// RUN: not %distc -O2 -c -mllvm -no-such-llvm-option %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BAD
// Reports that LLVM prints when its globals are destroyed still appear
// (distc otherwise exits without destroying them).
// RUN: %distc -O2 -c -mllvm -time-passes %s -o %t.o 2>&1 | FileCheck %s --check-prefix=TIMEPASSES

// DEFAULT: movl $42, %eax
// INTEL: mov eax, 42
// BAD: distc: error: invalid -mllvm option: Unknown command line argument '-no-such-llvm-option'
// BAD-NOT: Stack dump
// TIMEPASSES: Pass execution timing report
func.func @answer() -> i32 {
  %c = arith.constant 42 : i32
  return %c : i32
}
