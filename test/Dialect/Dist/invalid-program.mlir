// RUN: %distc-opt %s --split-input-file --verify-diagnostics

// Verifiers of the numpy reductions, dist.allreduce, dist.param and
// dist.wtime.

func.func @mean_int(%a: !dist.tensor<16xi64>) {
  // expected-error @+1 {{'dist.reduce' op mean needs a floating-point or complex element type, not 'i64' (convert the tensor first)}}
  %s = dist.reduce mean %a : !dist.tensor<16xi64> -> i64
  return
}

// -----

func.func @bitwise(%a: !dist.tensor<16xi64>) {
  // expected-error @+1 {{'dist.reduce' op bxor is not a dist reduction (it is distruntime.allreduce's, for shard programs)}}
  %s = dist.reduce bxor %a : !dist.tensor<16xi64> -> i64
  return
}

// -----

func.func @any_f64(%a: !dist.tensor<16xf64>) {
  // expected-error @+1 {{'dist.reduce' op any needs i1 elements, not 'f64' (compare with zero first)}}
  %s = dist.reduce any %a : !dist.tensor<16xf64> -> f64
  return
}

// -----

func.func @all_axis_i32(%a: !dist.tensor<16x4xi32>) {
  // expected-error @+1 {{'dist.reduce' op all needs i1 elements, not 'i32'}}
  %s = dist.reduce all %a axis 1 : !dist.tensor<16x4xi32> -> !dist.tensor<16xi32>
  return
}

// -----

func.func @argmax_axis(%a: !dist.tensor<16x4xf64>) {
  // expected-error @+1 {{'dist.reduce' op argmax along an axis returns i64 indices, not 'f64'}}
  %s = dist.reduce argmax %a axis 1 : !dist.tensor<16x4xf64> -> !dist.tensor<16xf64>
  return
}

// -----

func.func @argmin_type(%a: !dist.tensor<16xf64>) {
  // expected-error @+1 {{'dist.reduce' op argmin returns index, not 'f64'}}
  %s = dist.reduce argmin %a : !dist.tensor<16xf64> -> f64
  return
}

// -----

func.func @mean_result(%a: !dist.tensor<16xf64>) {
  // expected-error @+1 {{'dist.reduce' op a full reduction returns 'f64', not 'f32'}}
  %s = dist.reduce mean %a : !dist.tensor<16xf64> -> f32
  return
}

// -----

func.func @allreduce_mean(%x: f64) {
  // expected-error @+1 {{'dist.allreduce' op kind mean is not a reduction of scalars (use sum, prod, min, max, any or all)}}
  %s = dist.allreduce %x mean : f64
  return
}

// -----

func.func @allreduce_argmax(%x: f64) {
  // expected-error @+1 {{'dist.allreduce' op kind argmax is not a reduction of scalars}}
  %s = dist.allreduce %x argmax : f64
  return
}

// -----

func.func @allreduce_any_f64(%x: f64) {
  // expected-error @+1 {{'dist.allreduce' op any needs an i1 value, not 'f64'}}
  %s = dist.allreduce %x any : f64
  return
}

// -----

func.func @allreduce_f8(%x: f8E5M2) {
  // expected-error @+1 {{'dist.allreduce' op reduces index, i1, i8, i16, i32, i64, f16, bf16, f32, f64, complex<f32> or complex<f64> values, not 'f8E5M2'}}
  %s = dist.allreduce %x sum : f8E5M2
  return
}

// -----

func.func @param_name() {
  // expected-error @+1 {{'dist.param' op parameter name "n=1" must be non-empty and consist of letters, digits, '_' and '-' (not starting with '-')}}
  %n = dist.param "n=1" default 4 : index
  return
}

// -----

func.func @param_dash() {
  // expected-error @+1 {{'dist.param' op parameter name "-n" must be non-empty}}
  %n = dist.param "-n" default 4 : index
  return
}

// -----

func.func @param_empty() {
  // expected-error @+1 {{'dist.param' op parameter name "" must be non-empty}}
  %n = dist.param "" default 4 : index
  return
}

// -----

func.func @param_help() {
  // expected-error @+1 {{'dist.param' op parameter name "help" is reserved for --help, which lists the parameters}}
  %n = dist.param "help" default 4 : index
  return
}

// -----

func.func @param_float_default_for_int() {
  // expected-error @+1 {{'dist.param' op the default 1.500000e+00 : f64 does not have the result type 'index'}}
  %n = "dist.param"() {name = "n", defaultValue = 1.5 : f64} : () -> index
  return
}

// -----

func.func @param_bool_default() {
  // expected-error @+1 {{'dist.param' op the default of an i1 parameter is true or false, not 1.000000e+00 : f64}}
  %n = "dist.param"() {name = "flag", defaultValue = 1.0 : f64} : () -> i1
  return
}

// -----

func.func @param_string_default() {
  // expected-error @+1 {{expected a number, true or false}}
  %n = dist.param "x" default "x" : f64
  return
}

// -----

func.func @param_range() {
  // expected-error @+1 {{'dist.param' op the default 300 : i64 does not have the result type 'i8'}}
  %n = "dist.param"() {name = "n", defaultValue = 300 : i64} : () -> i8
  return
}

// -----

func.func @param_type() {
  // expected-error @+1 {{'dist.param' op a parameter is of type index, i1, i8, i16, i32, i64, f32 or f64, not 'bf16'}}
  %n = dist.param "n" default 1.0 : bf16
  return
}

// -----

func.func @wtime_type() {
  // expected-error @+1 {{'dist.wtime' op result #0 must be 64-bit float, but got 'f32'}}
  %t = dist.wtime : f32
  return
}

// -----

func.func @scan_mean(%a: !dist.tensor<16xf64>) {
  // expected-error @+1 {{'dist.scan' op kind mean has no cumulative form (use sum, prod, min or max)}}
  %s = dist.scan mean %a axis 0 : !dist.tensor<16xf64>
  return
}

// -----

func.func @scan_axis(%a: !dist.tensor<16xf64>) {
  // expected-error @+1 {{'dist.scan' op dimension 1 is out of range for '!dist.tensor<16xf64>'}}
  %s = dist.scan sum %a axis 1 : !dist.tensor<16xf64>
  return
}
