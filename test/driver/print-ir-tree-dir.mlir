// --print-ir-tree-dir writes one file per pass into a directory tree instead
// of stderr (after every pass unless --print-ir-* says which).
// RUN: rm -rf %t.tree %t.tree2
// RUN: %distc -c %s -o %t.o --print-ir-tree-dir=%t.tree 2>&1 | count 0
// RUN: ls %t.tree/builtin_module_no-symbol-name | FileCheck %s
// RUN: %distc -c %s -o %t.o --print-ir-tree-dir=%t.tree2 --print-ir-after=one-shot-bufferize
// RUN: ls %t.tree2/builtin_module_no-symbol-name | FileCheck %s --check-prefix=ONE
// RUN: FileCheck %s --check-prefix=CONTENT < %t.tree2/builtin_module_no-symbol-name/0_one-shot-bufferize.mlir

// CHECK-DAG: {{[0-9]+}}_one-shot-bufferize.mlir
// CHECK-DAG: {{[0-9]+}}_convert-to-llvm.mlir
// CHECK-DAG: {{[0-9]+}}_reconcile-unrealized-casts.mlir

// ONE: 0_one-shot-bufferize.mlir
// ONE-NOT: .mlir

// CONTENT: memref.alloc

func.func @main() {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.5 : f64
  %e = tensor.empty() : tensor<4xf64>
  %t = linalg.fill ins(%f : f64) outs(%e : tensor<4xf64>) -> tensor<4xf64>
  %v = vector.transfer_read %t[%c0], %f : tensor<4xf64>, vector<4xf64>
  vector.print %v : vector<4xf64>
  return
}
