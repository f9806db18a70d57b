// Verifier errors and errors from passes are located diagnostics too.
// RUN: split-file %s %t
// RUN: not %distc -c %t/verify.mlir -o %t/verify.o 2>&1 | FileCheck %s --check-prefix=VERIFY -DFILE=%t/verify.mlir
// RUN: not ls %t/verify.o
// RUN: not %distc -c %t/nowait.mlir -o %t/nowait.o 2>&1 | FileCheck %s --check-prefix=NOWAIT -DFILE=%t/nowait.mlir
// RUN: not ls %t/nowait.o

// VERIFY: [[FILE]]:3:3: error: 'func.return' op has 1 operands, but enclosing function (@main) returns 0
// VERIFY-NEXT: return %c : i32

// NOWAIT: [[FILE]]:3:14: error: async handle is never waited on
// NOWAIT-NEXT: %h, %sum = distruntime.allreduce

//--- verify.mlir
func.func @main() {
  %c = arith.constant 1 : i32
  return %c : i32
}
//--- nowait.mlir
func.func @main() {
  %x = arith.constant dense<1.0> : tensor<4xf64>
  %h, %sum = distruntime.allreduce sum %x {team = 1 : i64}
    : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  return
}
