// f8E5M2 (no IDTR entry point) through copy_permute.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:9:14: error: element type 'f8E5M2' has no IDTR runtime entry point (supported: f64, f32, i64, i32, i16, i8, i1, f16, bf16, complex<f32>, complex<f64>)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %local = tensor.empty() : tensor<2x2xf8E5M2>
  %h, %out = distruntime.copy_permute %local
    g_shape %c2, %c2 l_offs %c0, %c0
    to n_offs %c0, %c0 n_shape %c2, %c2 axes [1, 0]
    {team = 1 : i64}
    : (tensor<2x2xf8E5M2>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<2x2xf8E5M2>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}
