// `main` must have a C-compatible entry signature: () -> () or () -> i32.
// RUN: split-file %s %t
// RUN: not %distc -c %t/args.mlir -o %t/args.o 2>&1 | FileCheck %s --check-prefix=ARGS -DFILE=%t/args.mlir
// RUN: not %distc -c %t/f64.mlir -o %t/f64.o 2>&1 | FileCheck %s --check-prefix=F64 -DFILE=%t/f64.mlir
// RUN: not %distc -c %t/global.mlir -o %t/global.o 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: %distc --emit=llvm %t/i32.mlir -o - | FileCheck %s --check-prefix=I32

// ARGS: [[FILE]]:1:1: error: the entry point 'main' must have type '() -> ()' or '() -> i32', not '(i32) -> ()'
// ARGS-NEXT: func.func @main(%arg: i32) {
// F64: [[FILE]]:1:1: error: the entry point 'main' must have type '() -> ()' or '() -> i32', not '() -> f64'
// GLOBAL: error: the symbol 'main' must be a function
// I32: define {{.*}}i32 @main()
// I32-NOT: __distc_user_main

//--- args.mlir
func.func @main(%arg: i32) {
  return
}
//--- f64.mlir
func.func @main() -> f64 {
  %c = arith.constant 1.0 : f64
  return %c : f64
}
//--- global.mlir
memref.global @main : memref<2xf64> = dense<0.0>
//--- i32.mlir
func.func @main() -> i32 {
  %c = arith.constant 3 : i32
  return %c : i32
}
