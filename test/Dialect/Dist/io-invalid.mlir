// RUN: %distc-opt %s --split-input-file --verify-diagnostics

// Verifiers of dist.save, dist.load and dist.print's options.

func.func @save_bf16(%a: !dist.tensor<?xbf16>) {
  // expected-error @+1 {{'dist.save' op .npy files hold f64, f32, f16, i64, i32, i16, i8, i1, complex<f32> or complex<f64> elements, not 'bf16'}}
  dist.save %a, "a.npy" : !dist.tensor<?xbf16>
  return
}

// -----

func.func @load_index() {
  // expected-error @+1 {{'dist.load' op .npy files hold f64, f32, f16, i64, i32, i16, i8, i1, complex<f32> or complex<f64> elements, not 'index'}}
  %a = dist.load "a.npy" : !dist.tensor<?xindex>
  return
}

// -----

func.func @empty_path(%a: !dist.tensor<?xf64>) {
  // expected-error @+1 {{'dist.save' op path must be non-empty and hold no tab, newline or NUL}}
  dist.save %a, "" : !dist.tensor<?xf64>
  return
}

// -----

func.func @bad_param() {
  // expected-error @+1 {{'dist.load' op parameter name "help" must be non-empty, consist of letters, digits, '_' and '-' (not starting with '-') and not be "help"}}
  %a = dist.load "a.npy" param "help" : !dist.tensor<?xf64>
  return
}

// -----

func.func @both(%s: f64) {
  // expected-error @+1 {{'dist.print' op takes either precision or format, not both}}
  dist.print %s precision = 3 format = "%g" : f64
  return
}

// -----

func.func @precision(%s: f64) {
  // expected-error @+1 {{'dist.print' op precision 41 is not between 0 and 40}}
  dist.print %s precision = 41 : f64
  return
}

// -----

func.func @two_conversions(%s: f64) {
  // expected-error @+1 {{'dist.print' op format "%g %g" for 'f64': must be one printf conversion (flags, width, precision and a conversion letter, no length modifier, '*' or other text)}}
  dist.print %s format = "%g %g" : f64
  return
}

// -----

func.func @length_modifier(%i: i64) {
  // expected-error @+1 {{'dist.print' op format "%lld" for 'i64': must be one printf conversion}}
  dist.print %i format = "%lld" : i64
  return
}

// -----

func.func @int_conversion_of_float(%a: !dist.tensor<?xf64>) {
  // expected-error @+1 {{'dist.print' op format "%d" for 'f64': 'd' is not a conversion of floats (e E f F g G a A)}}
  dist.print %a format = "%d" : !dist.tensor<?xf64>
  return
}

// -----

func.func @float_conversion_of_int(%t: tensor<4xi32>) {
  // expected-error @+1 {{'dist.print' op format "%.2f" for 'i32': 'f' is not a conversion of integers (d i u x X o)}}
  dist.print %t format = "%.2f" : tensor<4xi32>
  return
}

// -----

func.func @no_percent(%s: f64) {
  // expected-error @+1 {{'dist.print' op format "x=%g" for 'f64': must be one printf conversion starting with '%'}}
  dist.print %s format = "x=%g" : f64
  return
}

// -----

func.func @star(%s: f64) {
  // expected-error @+1 {{'dist.print' op format "%*g" for 'f64': must be one printf conversion (flags}}
  dist.print %s format = "%*g" : f64
  return
}
