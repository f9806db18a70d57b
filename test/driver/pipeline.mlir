// --pipeline replaces the MLIR part of the compilation with a textual pass
// pipeline: named distc pipelines, upstream passes, anchored or not.
// RUN: %distc --pipeline='distc-bufferize' --emit=mlir %s | FileCheck %s --check-prefix=BUF
// RUN: %distc --pipeline='builtin.module(distc-bufferize{opt-level=0})' --emit=mlir %s | FileCheck %s --check-prefix=BUF
// RUN: %distc --pipeline='distc-bufferize,distc-lower-loops,distc-lower-to-llvm' --emit=llvm %s -o - | FileCheck %s --check-prefix=LLVM
// RUN: %distc --pipeline='builtin.module(one-shot-bufferize{bufferize-function-boundaries},func.func(convert-linalg-to-loops),buffer-deallocation-pipeline,convert-vector-to-scf{full-unroll},expand-strided-metadata,lower-affine,convert-scf-to-cf,convert-vector-to-llvm,convert-to-llvm,reconcile-unrealized-casts)' -c %s -o %t.o
// RUN: llvm-nm %t.o | FileCheck %s --check-prefix=OBJ

// An empty pipeline takes input that is already in the LLVM dialect.
// RUN: %distc --emit=mlir %s -o %t.llvm.mlir
// RUN: %distc --pipeline='' --emit=llvm %t.llvm.mlir -o - | FileCheck %s --check-prefix=LLVM

// An unknown pass is one sentence and exit code 1, anchored or not.
// RUN: not %distc --pipeline='no-such-pass' -c %s -o %t.bad.o 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not %distc --pipeline='builtin.module(cse,func.func(no-such-pass))' -c %s -o %t.bad.o 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not ls %t.bad.o
// RUN: not %distc --pipeline='builtin.module(cse' -c %s 2>&1 | FileCheck %s --check-prefix=SYNTAX

// BUF: func.func @main()
// BUF: memref.alloc
// BUF-NOT: tensor.empty

// LLVM: define {{.*}}i32 @main()

// OBJ: T main

// UNKNOWN: distc: error: invalid --pipeline: 'no-such-pass' does not refer to a registered pass or pass pipeline
// UNKNOWN-NOT: error
// SYNTAX: distc: error: invalid --pipeline:

func.func @main() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.5 : f64
  %e = tensor.empty() : tensor<4xf64>
  %t = linalg.fill ins(%f : f64) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  %v = vector.transfer_read %t[%c0], %f : tensor<4xf64>, vector<4xf64>
  vector.print %v : vector<4xf64>
  return
}
