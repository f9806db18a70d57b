// Static sizes, grid extents and widths whose products or sums do not fit
// in int64 are verifier errors: the lowering and the runtime compute
// element counts, byte counts, extended boxes and the team size of a grid
// in int64, and a wrapped value compiles to a wrong program.
// RUN: %distc-opt %s --split-input-file --verify-diagnostics

// 7 * 7905747460161236407 is 1 modulo 2^64: the run-time check that the
// grid has as many processes as the team passed on 1 rank.
// expected-error @+1 {{!dist.tensor grid has too many processes: the product of its static extents does not fit in int64}}
func.func @grid_product(%a: !dist.tensor<14x14xf64, grid = [7, 7905747460161236407], split = [0, 1]>) { return }

// -----

// With a `?` extent the static ones still multiply.
// expected-error @+1 {{!dist.tensor grid has too many processes: the product of its static extents does not fit in int64}}
func.func @grid_product_dynamic(%a: !dist.tensor<?x?x?xf64, grid = [4294967296, ?, 4294967296], split = [0, 1, 2]>) { return }

// -----

// A product that fits is for the run-time check to refuse.
func.func @grid_product_fits(%a: !dist.tensor<?x?xf64, grid = [4294967296, 2147483647], split = [0, 1]>) { return }

// -----

func.func @full_constant_sizes() {
  %zero = arith.constant 0.0 : f64
  %big = arith.constant 2305843009213693952 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'dist.full' op the result (with its constant sizes) has too many elements: the product of the static sizes does not fit in int64}}
  %a = dist.full %zero (%big) : !dist.tensor<?x4xf64>
  return
}

// -----

func.func @generate_constant_bytes() {
  %big = arith.constant 2305843009213693952 : index
  // expected-error @+1 {{'dist.generate' op the result (with its constant sizes) is too large: 2305843009213693952 elements of 'f64' take more than INT64_MAX bytes}}
  %a = dist.generate (%big) : !dist.tensor<?xf64> {
  ^bb0(%i: index):
    %z = arith.constant 0.0 : f64
    dist.yield %z : f64
  }
  return
}

// -----

// The same count of bytes is fine.
func.func @generate_constant_bytes_ok() {
  %big = arith.constant 2305843009213693952 : index
  %a = dist.generate (%big) : !dist.tensor<?xi8> {
  ^bb0(%i: index):
    %z = arith.constant 0 : i8
    dist.yield %z : i8
  }
  return
}

// -----

func.func @arange_constant_bytes() {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %big = arith.constant 4611686018427387904 : index
  // expected-error @+1 {{'dist.arange' op the result (with its constant sizes) is too large}}
  %a = dist.arange %zero, %one (%big) : !dist.tensor<?xf64>
  return
}

// -----

func.func @extend_size(%a: !dist.tensor<9223372036854775807xi8>) {
  %zero = arith.constant 0 : i8
  // expected-error @+1 {{'dist.extend' op the extension: the extended size of dimension 0 (9223372036854775807 + 1 + 0) does not fit in int64}}
  %e = dist.extend %a low [1] high [0] fill %zero : !dist.tensor<9223372036854775807xi8> -> tensor<?xi8>
  return
}

// -----

func.func @shift_size(%a: !dist.tensor<9223372036854775807xi8>) {
  %zero = arith.constant 0 : i8
  // expected-error @+1 {{'dist.shift' op the shift: the extended size of dimension 0 (9223372036854775807 + 0 + 1) does not fit in int64}}
  %s = dist.shift %a offsets [1] fill %zero : !dist.tensor<9223372036854775807xi8>
  return
}

// -----

// 2^32 x (2^31 - 1) elements fit; extended by one column they are 2^63.
func.func @shift_elements(%a: !dist.tensor<4294967296x2147483647xi8>) {
  %zero = arith.constant 0 : i8
  // expected-error @+1 {{'dist.shift' op the shift's extended box has too many elements: the product of the static sizes does not fit in int64}}
  %s = dist.shift %a offsets [0, -1] fill %zero : !dist.tensor<4294967296x2147483647xi8>
  return
}

// -----

// expected-error @+1 {{!dist.halo: the extended size of dimension 0 (9223372036854775807 + 1 + 1) does not fit in int64}}
func.func @halo_size(%h: !dist.halo<!dist.tensor<9223372036854775807xi8>, low = [1], high = [1]>) { return }

// -----

func.func @concat_sum(%a: !dist.tensor<9223372036854775807xi8>) {
  // expected-error @+1 {{'dist.concat' op the inputs' sizes along the axis (dimension 0) add up to more than INT64_MAX}}
  %c = dist.concat %a, %a axis 0 : !dist.tensor<9223372036854775807xi8>, !dist.tensor<9223372036854775807xi8> -> !dist.tensor<?xi8>
  return
}

// -----

// ceil((2^63 - 1) / 2^48) = 32768 elements: the count is computed without
// the sum extent + step - 1, which exceeds int64 here.
func.func @slice_count(%a: !dist.tensor<9223372036854775807xi8>) -> !dist.tensor<32768xi8> {
  %s = dist.slice %a [0::281474976710656] : !dist.tensor<9223372036854775807xi8> -> !dist.tensor<32768xi8>
  return %s : !dist.tensor<32768xi8>
}
