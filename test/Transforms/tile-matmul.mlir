// RUN: %distc-opt %s --pass-pipeline='builtin.module(func.func(distc-tile-matmul),canonicalize,cse)' | FileCheck %s
// RUN: %distc-opt %s --pass-pipeline='builtin.module(func.func(distc-tile-matmul{vector-bits=512}),canonicalize,cse)' | FileCheck %s --check-prefix=AVX512
// RUN: not %distc-opt %s --pass-pipeline='builtin.module(func.func(distc-tile-matmul{vector-bits=300}))' 2>&1 | FileCheck %s --check-prefix=BADBITS

// distc-tile-matmul: a float linalg.matmul of any (dynamic) size becomes
// packed slivers (one linalg.generic per operand that reads the operand,
// or zero past its end: no padded copy), the cache and register tile
// loops, and a
// K loop whose 6 x 8 accumulator tile is a loop-carried vector updated by
// fused multiply-adds of one broadcast row of A and 8 values of B; the
// result is unpacked straight into C. Integer matmuls are untouched.

// AVX-512 (vector-bits=512): a 12 x 16 f64 tile (24 zmm accumulators),
// 12 x 32 for f32.
// AVX512-LABEL: func.func @f64_dynamic
// AVX512: scf.for {{.*}} iter_args({{.*}}) -> (vector<12x16xf64>)
// AVX512: vector.fma {{.*}} : vector<12x16xf64>
// AVX512-LABEL: func.func @f32_static
// AVX512: vector.fma {{.*}} : vector<12x32xf32>
// BADBITS: error: distc-tile-matmul: vector-bits must be 128, 256 or 512, got 300

// CHECK-LABEL: func.func @f64_dynamic
// CHECK-NOT: tensor.pad
// CHECK: %[[PA:.*]] = linalg.generic {{.*}} outs({{.*}} : tensor<?x?x1x6xf64>)
// CHECK: %[[ROW:.*]] = arith.cmpi ult
// CHECK: tensor.extract %arg0
// CHECK: arith.select %[[ROW]], {{.*}}, %cst : f64
// CHECK: linalg.generic {{.*}} outs({{.*}} : tensor<?x?x1x8xf64>)
// CHECK: tensor.extract %arg1
// CHECK: linalg.generic {{.*}} outs({{.*}} : tensor<?x?x6x8xf64>)
// CHECK: tensor.extract %arg2
// CHECK-NOT: tensor.pad
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: vector.transfer_read {{.*}} : tensor<1x1x6x8xf64>, vector<6x8xf64>
// CHECK: scf.for {{.*}} iter_args({{.*}}) -> (vector<6x8xf64>)
// CHECK: vector.fma {{.*}} : vector<6x8xf64>
// CHECK-NOT: linalg.matmul
// The result is unpacked straight into C, one element read per element.
// CHECK: linalg.generic {{.*}} outs(%arg2 : tensor<?x?xf64>)
// CHECK: arith.remui {{.*}}, %c6
// CHECK: arith.divui {{.*}}, %c6
// CHECK: tensor.extract {{.*}} : tensor<?x?x6x8xf64>
func.func @f64_dynamic(%a: tensor<?x?xf64>, %b: tensor<?x?xf64>, %c: tensor<?x?xf64>) -> tensor<?x?xf64> {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xf64>, tensor<?x?xf64>) outs(%c : tensor<?x?xf64>) -> tensor<?x?xf64>
  return %r : tensor<?x?xf64>
}

// f32: two registers of 8 lanes per row.
// CHECK-LABEL: func.func @f32_static
// CHECK: vector.fma {{.*}} : vector<6x16xf32>
func.func @f32_static(%a: tensor<37x29xf32>, %b: tensor<29x33xf32>, %c: tensor<37x33xf32>) -> tensor<37x33xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<37x29xf32>, tensor<29x33xf32>) outs(%c : tensor<37x33xf32>) -> tensor<37x33xf32>
  return %r : tensor<37x33xf32>
}

// CHECK-LABEL: func.func @integer
// CHECK: linalg.matmul
func.func @integer(%a: tensor<?x?xi64>, %b: tensor<?x?xi64>, %c: tensor<?x?xi64>) -> tensor<?x?xi64> {
  %r = linalg.matmul ins(%a, %b : tensor<?x?xi64>, tensor<?x?xi64>) outs(%c : tensor<?x?xi64>) -> tensor<?x?xi64>
  return %r : tensor<?x?xi64>
}

// A batch of products (per-head attention) is a loop over the batch of one
// matmul each on the rank-reduced slices, packed, tiled and vectorized as
// above; a batch_matmul with user-defined maps is left alone.
// CHECK-LABEL: func.func @batch_f32
// CHECK: scf.for {{.*}} to %c4 step %c1
// CHECK: tensor.extract_slice %arg0[%{{.*}}, 0, 0] [1, 37, 29] [1, 1, 1]
// CHECK: tensor.collapse_shape
// CHECK: vector.fma {{.*}} : vector<6x16xf32>
// CHECK: tensor.expand_shape
// CHECK: tensor.insert_slice
// CHECK-NOT: linalg.batch_matmul
// CHECK-NOT: linalg.matmul
// CHECK: return
func.func @batch_f32(%a: tensor<4x37x29xf32>, %b: tensor<4x29x33xf32>, %c: tensor<4x37x33xf32>) -> tensor<4x37x33xf32> {
  %r = linalg.batch_matmul ins(%a, %b : tensor<4x37x29xf32>, tensor<4x29x33xf32>) outs(%c : tensor<4x37x33xf32>) -> tensor<4x37x33xf32>
  return %r : tensor<4x37x33xf32>
}

// CHECK-LABEL: func.func @batch_transposed_b
// CHECK: linalg.batch_matmul
func.func @batch_transposed_b(%a: tensor<4x8x5xf32>, %b: tensor<4x6x5xf32>, %c: tensor<4x8x6xf32>) -> tensor<4x8x6xf32> {
  %r = linalg.batch_matmul
      indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>,
                       affine_map<(b, m, n, k) -> (b, n, k)>,
                       affine_map<(b, m, n, k) -> (b, m, n)>]
      ins(%a, %b : tensor<4x8x5xf32>, tensor<4x6x5xf32>) outs(%c : tensor<4x8x6xf32>) -> tensor<4x8x6xf32>
  return %r : tensor<4x8x6xf32>
}

// In a loop of products that share an operand, the shared one is packed
// once, before the loop; the panel that changes and the accumulator are
// packed inside it.
// CHECK-LABEL: func.func @invariant_lhs
// CHECK: linalg.generic {{.*}} outs({{.*}} : tensor<?x?x1x6xf64>)
// CHECK: tensor.extract %arg0
// CHECK: scf.for
// CHECK-NOT: tensor.extract %arg0
// CHECK: linalg.generic {{.*}} outs({{.*}} : tensor<?x?x1x8xf64>)
// CHECK: tensor.extract %extracted_slice
// CHECK: return
func.func @invariant_lhs(%a: tensor<?x?xf64>, %panels: tensor<?x?x?xf64>, %n: index) -> tensor<?x?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cst = arith.constant 0.0 : f64
  %m = tensor.dim %a, %c0 : tensor<?x?xf64>
  %k = tensor.dim %a, %c1 : tensor<?x?xf64>
  %w = tensor.dim %panels, %c2 : tensor<?x?x?xf64>
  %init = tensor.empty(%m, %w) : tensor<?x?xf64>
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> tensor<?x?xf64> {
    %b = tensor.extract_slice %panels[%i, 0, 0] [1, %k, %w] [1, 1, 1] : tensor<?x?x?xf64> to tensor<?x?xf64>
    %p = linalg.matmul ins(%a, %b : tensor<?x?xf64>, tensor<?x?xf64>) outs(%acc : tensor<?x?xf64>) -> tensor<?x?xf64>
    scf.yield %p : tensor<?x?xf64>
  }
  return %r : tensor<?x?xf64>
}
