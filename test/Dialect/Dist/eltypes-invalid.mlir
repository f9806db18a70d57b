// RUN: %distc-opt %s --split-input-file --verify-diagnostics

// Complex elements have no order: what numpy would order lexicographically
// is rejected where the op is written.

func.func @reduce_min(%a: !dist.tensor<?xcomplex<f64>>) -> complex<f64> {
  // expected-error @+1 {{'dist.reduce' op min is not defined for 'complex<f64>' elements (complex numbers have no order; reduce their real parts or magnitudes)}}
  %m = dist.reduce min %a : !dist.tensor<?xcomplex<f64>> -> complex<f64>
  return %m : complex<f64>
}

// -----

func.func @reduce_argmax(%a: !dist.tensor<?xcomplex<f32>>) -> index {
  // expected-error @+1 {{'dist.reduce' op argmax is not defined for 'complex<f32>' elements}}
  %m = dist.reduce argmax %a : !dist.tensor<?xcomplex<f32>> -> index
  return %m : index
}

// -----

func.func @reduce_max_axis(%a: !dist.tensor<?x4xcomplex<f64>>) -> !dist.tensor<?xcomplex<f64>> {
  // expected-error @+1 {{'dist.reduce' op max is not defined for 'complex<f64>' elements}}
  %m = dist.reduce max %a axis 1 : !dist.tensor<?x4xcomplex<f64>> -> !dist.tensor<?xcomplex<f64>>
  return %m : !dist.tensor<?xcomplex<f64>>
}

// -----

func.func @scan_min(%a: !dist.tensor<?xcomplex<f64>>) -> !dist.tensor<?xcomplex<f64>> {
  // expected-error @+1 {{'dist.scan' op min is not defined for 'complex<f64>' elements (complex numbers have no order)}}
  %m = dist.scan min %a axis 0 : !dist.tensor<?xcomplex<f64>>
  return %m : !dist.tensor<?xcomplex<f64>>
}

// -----

func.func @binary_max(%a: !dist.tensor<?xcomplex<f64>>) -> !dist.tensor<?xcomplex<f64>> {
  // expected-error @+1 {{'dist.max' op is not defined for complex elements (they have no order)}}
  %m = dist.max %a, %a : !dist.tensor<?xcomplex<f64>>
  return %m : !dist.tensor<?xcomplex<f64>>
}

// -----

func.func @allreduce_max(%z: complex<f64>) -> complex<f64> {
  // expected-error @+1 {{'dist.allreduce' op max is not defined for 'complex<f64>' (use sum or prod)}}
  %m = dist.allreduce %z max : complex<f64>
  return %m : complex<f64>
}

// -----

func.func @allreduce_complex_f16(%z: complex<f16>) -> complex<f16> {
  // expected-error @+1 {{'dist.allreduce' op reduces index, i1, i8, i16, i32, i64, f16, bf16, f32, f64, complex<f32> or complex<f64> values, not 'complex<f16>'}}
  %m = dist.allreduce %z sum : complex<f16>
  return %m : complex<f16>
}

// -----

func.func @arange(%a: complex<f64>) -> !dist.tensor<8xcomplex<f64>> {
  // expected-error @+1 {{'dist.arange' op operand #0 must be integer or index or floating-point, but got 'complex<f64>'}}
  %r = dist.arange %a, %a : !dist.tensor<8xcomplex<f64>>
  return %r : !dist.tensor<8xcomplex<f64>>
}

// -----

func.func @linspace(%a: complex<f32>) -> !dist.tensor<8xcomplex<f32>> {
  // expected-error @+1 {{'dist.linspace' op operand #0 must be floating-point, but got 'complex<f32>'}}
  %r = dist.linspace %a, %a : !dist.tensor<8xcomplex<f32>>
  return %r : !dist.tensor<8xcomplex<f32>>
}

// -----

// complex<f16> has no runtime entry points (nor a numpy dtype).
// expected-error @+1 {{!dist.tensor element type must be an integer, index, floating-point, complex<f32> or complex<f64> type, got 'complex<f16>'}}
func.func @complex_f16(%a: !dist.tensor<4xcomplex<f16>>) { return }

// -----

func.func @matmul(%a: !dist.tensor<4x4xcomplex<f64>>) -> !dist.tensor<4x4xcomplex<f64>> {
  // expected-error @+1 {{'dist.matmul' op needs integer or float elements wider than i1}}
  %c = dist.matmul %a, %a : !dist.tensor<4x4xcomplex<f64>>, !dist.tensor<4x4xcomplex<f64>> -> !dist.tensor<4x4xcomplex<f64>>
  return %c : !dist.tensor<4x4xcomplex<f64>>
}
