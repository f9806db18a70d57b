// RUN: %distc-opt %s --convert-dist-to-distruntime --canonicalize --cse --split-input-file | FileCheck %s

// The algorithm of dist.matmul follows from the partitions
// (MatmulLowering.cpp).

// A in row blocks: B fetched in column panels (one copy_reshape each, the
// same box on every rank), double-buffered: panel 0 before the loop, panel
// p+1 in it before the product of panel p, the last product after it; one
// local product per panel into its columns.
// CHECK-LABEL: func.func @rows
// CHECK-NOT: distruntime.allreduce
// CHECK: distruntime.copy_reshape
// CHECK: scf.for
// CHECK: distruntime.copy_reshape
// CHECK: distruntime.wait
// CHECK: linalg.matmul
// CHECK: tensor.insert_slice
// CHECK: scf.yield
// CHECK: distruntime.wait
// CHECK: linalg.matmul
// CHECK-NOT: distruntime.copy_reshape
// CHECK-NOT: distruntime.allreduce
func.func @rows(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %c = dist.matmul %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  return %c : !dist.tensor<?x?xf64>
}

// -----

// A in column blocks: local partial product of the whole C, one allreduce,
// this rank's block extracted; no copy when B is already in row blocks.
// CHECK-LABEL: func.func @partial_sums
// CHECK-NOT: distruntime.copy_reshape
// CHECK: linalg.matmul
// CHECK: distruntime.allreduce sum
// CHECK: tensor.extract_slice
func.func @partial_sums(%a: !dist.tensor<?x?xf64, split = 1>, %b: !dist.tensor<?x?xf64>) -> !dist.tensor<?x?xf64> {
  %c = dist.matmul %a, %b : !dist.tensor<?x?xf64, split = 1>, !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  return %c : !dist.tensor<?x?xf64>
}

// -----

// B and C in column blocks: A fetched in row panels, double-buffered.
// CHECK-LABEL: func.func @columns
// CHECK: distruntime.copy_reshape
// CHECK: scf.for
// CHECK: distruntime.copy_reshape
// CHECK: distruntime.wait
// CHECK: linalg.matmul
// CHECK: scf.yield
// CHECK: distruntime.wait
// CHECK: linalg.matmul
// CHECK-NOT: distruntime.copy_reshape
func.func @columns(%a: !dist.tensor<?x?xf64>, %b: !dist.tensor<?x?xf64, split = 1>) -> !dist.tensor<?x?xf64, split = 1> {
  %c = dist.matmul %a, %b : !dist.tensor<?x?xf64>, !dist.tensor<?x?xf64, split = 1> -> !dist.tensor<?x?xf64, split = 1>
  return %c : !dist.tensor<?x?xf64, split = 1>
}

// -----

// Matrix-vector: x fetched whole, one linalg.matvec; the inner sizes are
// checked at run time.
// CHECK-LABEL: func.func @matvec
// CHECK: distruntime.check
// CHECK: distruntime.copy_reshape
// CHECK-NOT: distruntime.copy_reshape
// CHECK: linalg.matvec
func.func @matvec(%a: !dist.tensor<?x?xf64>, %x: !dist.tensor<?xf64>) -> !dist.tensor<?xf64> {
  %y = dist.matmul %a, %x : !dist.tensor<?x?xf64>, !dist.tensor<?xf64> -> !dist.tensor<?xf64>
  return %y : !dist.tensor<?xf64>
}
