// --timing reports every pass and every later step of the compilation.
// RUN: %distc --timing -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: Execution time report
// CHECK: Total Execution Time
// CHECK: Set-up
// CHECK: Parse
// CHECK: Canonicalizer
// CHECK: LowerDistRuntimeToIDTR
// CHECK: OneShotBufferizePass
// CHECK: ConvertToLLVMPass
// CHECK: Translate to LLVM IR
// CHECK: LLVM optimization
// CHECK: Code generation
// CHECK: Total

func.func @main() {
  return
}
