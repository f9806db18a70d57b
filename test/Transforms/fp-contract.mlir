// RUN: %distc-opt %s --split-input-file --distc-fp-contract | FileCheck %s
// RUN: %distc-opt %s --split-input-file --distc-fp-contract-named-ops | FileCheck %s --check-prefix=NAMED

// A multiply whose only user is an add of the same body: one fmuladd.
// CHECK-LABEL: func.func @axpy
// CHECK: dist.elementwise
// CHECK: ^bb0(%[[X:.*]]: f64, %[[Y:.*]]: f64):
// CHECK-NEXT: %[[R:.*]] = llvm.intr.fmuladd(%{{.*}}, %[[X]], %[[Y]]) : (f64, f64, f64) -> f64
// CHECK-NEXT: dist.yield %[[R]]
// The named pass leaves bodies the program wrote alone.
// NAMED-LABEL: func.func @axpy
// NAMED: arith.mulf
// NAMED: arith.addf
func.func @axpy(%alpha: f64, %x: !dist.tensor<?xf64>, %y: !dist.tensor<?xf64>) -> !dist.tensor<?xf64> {
  %r = dist.elementwise %x, %y : !dist.tensor<?xf64>, !dist.tensor<?xf64> -> !dist.tensor<?xf64> {
  ^bb0(%a: f64, %b: f64):
    %t = arith.mulf %alpha, %a : f64
    %u = arith.addf %t, %b : f64
    dist.yield %u : f64
  }
  return %r : !dist.tensor<?xf64>
}

// -----

// Subtractions negate the addend or a factor; the left multiply is taken
// when both operands are multiplies; fast-math flags both ops have stay.
// CHECK-LABEL: func.func @forms
// CHECK-SAME: (%[[A:[^:]*]]: f32, %[[B:[^:]*]]: f32, %[[C:[^:]*]]: f32, %[[D:[^:]*]]: f32)
// CHECK: %[[NC:.*]] = arith.negf %[[C]] : f32
// CHECK: %[[S1:.*]] = llvm.intr.fmuladd(%[[A]], %[[B]], %[[NC]])
// CHECK: %[[NA:.*]] = arith.negf %[[A]] : f32
// CHECK: %[[S2:.*]] = llvm.intr.fmuladd(%[[NA]], %[[B]], %[[C]])
// CHECK: %[[CD:.*]] = arith.mulf %[[C]], %[[D]] : f32
// CHECK: %[[S3:.*]] = llvm.intr.fmuladd(%[[A]], %[[B]], %[[CD]])
// CHECK: %[[S4:.*]] = llvm.intr.fmuladd(%[[A]], %[[B]], %[[C]]) {fastmathFlags = #llvm.fastmath<contract>}
// CHECK: return %[[S1]], %[[S2]], %[[S3]], %[[S4]]
func.func @forms(%a: f32, %b: f32, %c: f32, %d: f32) -> (f32, f32, f32, f32) {
  %m1 = arith.mulf %a, %b : f32
  %s1 = arith.subf %m1, %c : f32
  %m2 = arith.mulf %a, %b : f32
  %s2 = arith.subf %c, %m2 : f32
  %m3 = arith.mulf %a, %b : f32
  %m4 = arith.mulf %c, %d : f32
  %s3 = arith.addf %m3, %m4 : f32
  %m5 = arith.mulf %a, %b fastmath<contract,nnan> : f32
  %s4 = arith.addf %c, %m5 fastmath<contract> : f32
  return %s1, %s2, %s3, %s4 : f32, f32, f32, f32
}

// -----

// Not contracted: a multiply with another user (two statements in C), one
// in another block than the add, integers, 2-D vectors (which fmuladd does
// not take); 1-D vectors are.
// CHECK-LABEL: func.func @kept
// CHECK: %[[M:.*]] = arith.mulf
// CHECK: arith.addf %[[M]]
// CHECK: %[[O:.*]] = arith.mulf
// CHECK: scf.if
// CHECK: arith.addf %[[O]]
// CHECK: arith.muli
// CHECK: arith.addi
// CHECK: arith.mulf {{.*}} : vector<2x2xf32>
// CHECK: arith.addf {{.*}} : vector<2x2xf32>
// CHECK: llvm.intr.fmuladd({{.*}}) : (vector<4xf32>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
func.func @kept(%a: f64, %b: f64, %c: i1, %i: i32, %v: vector<2x2xf32>, %w: vector<4xf32>)
    -> (f64, f64, f64, i32, vector<2x2xf32>, vector<4xf32>) {
  %m = arith.mulf %a, %b : f64
  %s = arith.addf %m, %b : f64
  %o = arith.mulf %a, %a : f64
  %r = scf.if %c -> f64 {
    %t = arith.addf %o, %b : f64
    scf.yield %t : f64
  } else {
    scf.yield %b : f64
  }
  %mi = arith.muli %i, %i : i32
  %si = arith.addi %mi, %i : i32
  %mv = arith.mulf %v, %v : vector<2x2xf32>
  %sv = arith.addf %mv, %v : vector<2x2xf32>
  %mw = arith.mulf %w, %w : vector<4xf32>
  %sw = arith.addf %mw, %w : vector<4xf32>
  return %m, %s, %r, %si, %sv, %sw : f64, f64, f64, i32, vector<2x2xf32>, vector<4xf32>
}

// -----

// Named linalg ops keep their implicit bodies in distc-fp-contract; the
// named pass rewrites those that multiply and add as linalg.generic with
// an fmuladd, on tensors and buffers, and leaves the others.
// CHECK-LABEL: func.func @named
// CHECK: linalg.matmul
// CHECK: linalg.matvec
// CHECK-NOT: llvm.intr.fmuladd
// NAMED-LABEL: func.func @named
// NAMED: linalg.fill
// NAMED: %[[C:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]
// NAMED: ^bb0(%[[A:.*]]: f64, %[[B:.*]]: f64, %[[ACC:.*]]: f64):
// NAMED-NEXT: %[[F:.*]] = llvm.intr.fmuladd(%[[A]], %[[B]], %[[ACC]]) : (f64, f64, f64) -> f64
// NAMED-NEXT: linalg.yield %[[F]]
// NAMED: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// NAMED: llvm.intr.fmuladd
// NAMED: linalg.matmul ins({{.*}} : memref<4x4xi32>, memref<4x4xi32>)
// NAMED-NOT: llvm.intr.fmuladd
// NAMED: return
func.func @named(%a: tensor<4x4xf64>, %x: tensor<4xf64>, %ia: memref<4x4xi32>, %ic: memref<4x4xi32>)
    -> (tensor<4x4xf64>, tensor<4xf64>) {
  %zero = arith.constant 0.0 : f64
  %e = tensor.empty() : tensor<4x4xf64>
  %z = linalg.fill ins(%zero : f64) outs(%e : tensor<4x4xf64>) -> tensor<4x4xf64>
  %c = linalg.matmul ins(%a, %a : tensor<4x4xf64>, tensor<4x4xf64>) outs(%z : tensor<4x4xf64>) -> tensor<4x4xf64>
  %ev = tensor.empty() : tensor<4xf64>
  %y = linalg.matvec ins(%a, %x : tensor<4x4xf64>, tensor<4xf64>) outs(%ev : tensor<4xf64>) -> tensor<4xf64>
  linalg.matmul ins(%ia, %ia : memref<4x4xi32>, memref<4x4xi32>) outs(%ic : memref<4x4xi32>)
  return %c, %y : tensor<4x4xf64>, tensor<4xf64>
}
