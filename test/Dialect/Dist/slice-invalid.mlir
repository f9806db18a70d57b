// RUN: %distc-opt %s --split-input-file --verify-diagnostics

func.func @slice_ranges(%a: !dist.tensor<8x8xf64>) {
  // expected-error @+1 {{expects one range per dimension (2), got 1}}
  %s = dist.slice %a [1:] : !dist.tensor<8x8xf64> -> !dist.tensor<7x8xf64>
  return
}

// -----

func.func @slice_negative_step_size(%a: !dist.tensor<8xf64>) {
  // expected-error @+1 {{result size along dimension 0 must be 3, got 4}}
  %s = dist.slice %a [6:0:-2] : !dist.tensor<8xf64> -> !dist.tensor<4xf64>
  return
}

// -----

func.func @slice_step_bound(%a: !dist.tensor<8xf64>) {
  // expected-error @+1 {{step along dimension 0 must be within 2^48, got -1000000000000000}}
  %s = dist.slice %a [::-1000000000000000] : !dist.tensor<8xf64> -> !dist.tensor<1xf64>
  return
}

// -----

func.func @slice_operands(%a: !dist.tensor<8xf64>, %lo: index) {
  // expected-error @+1 {{expects one operand per run-time lo (1), got 0}}
  %s = "dist.slice"(%a) <{lows = array<i64: -9223372036854775808>, highs = array<i64: 9223372036854775807>, steps = array<i64: 1>, operandSegmentSizes = array<i32: 1, 0, 0, 0>}> : (!dist.tensor<8xf64>) -> !dist.tensor<?xf64>
  return
}

// -----

func.func @insert_slice_operands(%a: !dist.tensor<8xf64>, %b: !dist.tensor<?xf64>, %s: index) {
  // expected-error @+1 {{expects one operand per run-time step (0), got 1}}
  %r = "dist.insert_slice"(%b, %a, %s) <{lows = array<i64: 0>, highs = array<i64: 9223372036854775807>, steps = array<i64: 1>, operandSegmentSizes = array<i32: 1, 1, 0, 0, 1>}> : (!dist.tensor<?xf64>, !dist.tensor<8xf64>, index) -> !dist.tensor<8xf64>
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @slice_operand_type(%a: !dist.tensor<8xf64>, %lo: i64) {
  // expected-error @+1 {{use of value '%lo' expects different type than prior uses: 'index' vs 'i64'}}
  %s = dist.slice %a [%lo:] : !dist.tensor<8xf64> -> !dist.tensor<?xf64>
  return
}

// -----

func.func @slice_zero_step(%a: !dist.tensor<8xf64>) {
  // expected-error @+1 {{step along dimension 0 must not be zero}}
  %s = dist.slice %a [::0] : !dist.tensor<8xf64> -> !dist.tensor<8xf64>
  return
}

// -----

func.func @slice_bound(%a: !dist.tensor<?xf64>) {
  // expected-error @+1 {{bounds along dimension 0 must be within 2^48}}
  %s = dist.slice %a [:1000000000000000] : !dist.tensor<?xf64> -> !dist.tensor<?xf64>
  return
}

// -----

func.func @slice_size(%a: !dist.tensor<10xf64>) {
  // expected-error @+1 {{result size along dimension 0 must be 3, got 4}}
  %s = dist.slice %a [2:9:3] : !dist.tensor<10xf64> -> !dist.tensor<4xf64>
  return
}

// -----

func.func @slice_negative_size(%a: !dist.tensor<10x4xf64>) {
  // expected-error @+1 {{result size along dimension 1 must be 2, got 3}}
  %s = dist.slice %a [:, 1:-1] : !dist.tensor<10x4xf64> -> !dist.tensor<?x3xf64>
  return
}

// -----

func.func @slice_element_type(%a: !dist.tensor<10xf64>) {
  // expected-error @+1 {{result must have rank 1 and element type 'f64', got '!dist.tensor<10xf32>'}}
  %s = dist.slice %a [:] : !dist.tensor<10xf64> -> !dist.tensor<10xf32>
  return
}

// -----

func.func @slice_team(%a: !dist.tensor<10xf64>) {
  // expected-error @+1 {{result must be held by team 0, got '!dist.tensor<10xf64, team = 1>'}}
  %s = dist.slice %a [:] : !dist.tensor<10xf64> -> !dist.tensor<10xf64, team = 1>
  return
}

// -----

func.func @slice_syntax(%a: !dist.tensor<10xf64>) {
  // expected-error @+1 {{expected ':'}}
  %s = dist.slice %a [3] : !dist.tensor<10xf64> -> !dist.tensor<1xf64>
  return
}

// -----

func.func @insert_rank(%s: !dist.tensor<4xf64>, %d: !dist.tensor<8x8xf64>) {
  // expected-error @+1 {{source must have rank 2 and element type 'f64', got '!dist.tensor<4xf64>'}}
  %r = dist.insert_slice %s into %d [2:6, :] : !dist.tensor<4xf64> into !dist.tensor<8x8xf64>
  return
}

// -----

func.func @insert_size(%s: !dist.tensor<4x8xf64>, %d: !dist.tensor<8x8xf64>) {
  // expected-error @+1 {{source size (the slice's) along dimension 0 must be 3, got 4}}
  %r = dist.insert_slice %s into %d [::3, :] : !dist.tensor<4x8xf64> into !dist.tensor<8x8xf64>
  return
}

// -----

func.func @insert_ranges(%s: !dist.tensor<4xf64>, %d: !dist.tensor<8xf64>) {
  // expected-error @+1 {{expects one range per dimension (1), got 2}}
  %r = dist.insert_slice %s into %d [:, :] : !dist.tensor<4xf64> into !dist.tensor<8xf64>
  return
}

// -----

func.func @concat_axis(%a: !dist.tensor<4xf64>) {
  // expected-error @+1 {{axis 1 is out of range for rank 1}}
  %c = dist.concat %a, %a axis 1 : !dist.tensor<4xf64>, !dist.tensor<4xf64> -> !dist.tensor<8xf64>
  return
}

// -----

func.func @concat_empty() {
  // expected-error @+1 {{expects at least one input}}
  %c = "dist.concat"() {axis = 0 : i64} : () -> !dist.tensor<8xf64>
  return
}

// -----

func.func @concat_type(%a: !dist.tensor<4xf64>, %b: !dist.tensor<4xi64>) {
  // expected-error @+1 {{every input must have rank 1 and element type 'f64', got '!dist.tensor<4xi64>'}}
  %c = dist.concat %a, %b axis 0 : !dist.tensor<4xf64>, !dist.tensor<4xi64> -> !dist.tensor<8xf64>
  return
}

// -----

func.func @concat_other_dim(%a: !dist.tensor<4x3xf64>, %b: !dist.tensor<2x4xf64>) {
  // expected-error @+1 {{input size along dimension 1 must be 3, got 4}}
  %c = dist.concat %a, %b axis 0 : !dist.tensor<4x3xf64>, !dist.tensor<2x4xf64> -> !dist.tensor<6x?xf64>
  return
}

// -----

func.func @concat_sum(%a: !dist.tensor<4x3xf64>, %b: !dist.tensor<2x3xf64>) {
  // expected-error @+1 {{result size along the axis (dimension 0) must be the sum of the inputs' 6, got 7}}
  %c = dist.concat %a, %b axis 0 : !dist.tensor<4x3xf64>, !dist.tensor<2x3xf64> -> !dist.tensor<7x3xf64>
  return
}

// -----

func.func @shift_both(%u: !dist.tensor<8xf64>, %z: f64) {
  // expected-error @+1 {{expects either a fill value or 'periodic'}}
  %s = dist.shift %u offsets [1] fill %z periodic : !dist.tensor<8xf64>
  return
}

// -----

func.func @shift_neither(%u: !dist.tensor<8xf64>) {
  // expected-error @+1 {{expects either a fill value or 'periodic'}}
  %s = dist.shift %u offsets [1] : !dist.tensor<8xf64>
  return
}

// -----

func.func @shift_fill_type(%u: !dist.tensor<8xf64>, %z: f32) {
  // expected-error @+1 {{fill has the element type of result}}
  %s = "dist.shift"(%u, %z) {offsets = array<i64: 1>} : (!dist.tensor<8xf64>, f32) -> !dist.tensor<8xf64>
  return
}
