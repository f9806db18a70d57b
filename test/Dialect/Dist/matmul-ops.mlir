// RUN: %distc-opt %s | %distc-opt | FileCheck %s

// dist.matmul parses and prints back (DistLinalgOps.td); `?` against a static
// size is left to the run-time check.

// CHECK-LABEL: func.func @forms
// CHECK: dist.matmul %arg0, %arg1 : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
// CHECK: dist.matmul %arg0, %arg2 : !dist.tensor<?x?xf64>, !dist.tensor<?xf64> -> !dist.tensor<?xf64>
// CHECK: dist.matmul %arg3, %arg4 : !dist.tensor<8x?xi32, split = 1>, !dist.tensor<?x4xi32, irregular> -> !dist.tensor<8x4xi32, split = 1>
func.func @forms(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<?x?xf64>, %x: !dist.tensor<?xf64>,
                 %ai: !dist.tensor<8x?xi32, split = 1>, %bi: !dist.tensor<?x4xi32, irregular>) {
  %c = dist.matmul %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  %y = dist.matmul %a, %x : !dist.tensor<?x?xf64>, !dist.tensor<?xf64> -> !dist.tensor<?xf64>
  %ci = dist.matmul %ai, %bi : !dist.tensor<8x?xi32, split = 1>, !dist.tensor<?x4xi32, irregular> -> !dist.tensor<8x4xi32, split = 1>
  return
}
