// When --pipeline leaves IR that is not in the LLVM dialect, translation
// reports the first such op at its location, and no output is left behind.
// RUN: not %distc --pipeline='cse' -c %s -o %t.o 2>&1 | FileCheck %s -DFILE=%s
// RUN: not ls %t.o
// CHECK: [[FILE]]:[[@LINE+2]]:1: error:
// CHECK-NOT: Stack dump
func.func @main() {
  return
}
