// An executable needs `main`; a library compiled with -c or --emit does not.
// RUN: not %distc %s -o %t.exe 2>&1 | FileCheck %s
// RUN: not ls %t.exe
// RUN: %distc -c %s -o %t.o
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=LIB
// CHECK: distc: error: no 'main' function in the input: an executable needs 'func.func @main()' (use -c or --emit to compile without one)
// LIB: T helper

func.func @helper(%x: i64) -> i64 {
  %y = arith.addi %x, %x : i64
  return %y : i64
}
