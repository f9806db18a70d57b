// -v prints each step of the compilation to stderr.
// RUN: %distc -v -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: distc: parse {{.*}}verbose.mlir
// CHECK-NEXT: distc: run the MLIR pass pipeline on {{.*}}verbose.mlir
// CHECK-NEXT: distc: translate {{.*}}verbose.mlir to LLVM IR
// CHECK-NEXT: distc: optimize at -O2 for {{.+}}
// CHECK-NEXT: distc: write {{.*}}.o

func.func @main() {
  return
}
