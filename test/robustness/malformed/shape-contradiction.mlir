// A constant n_shape that contradicts the static result type.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:10:14: error: 'distruntime.copy_reshape' op 'n_shape' value #0 (5) contradicts dimension 0 of the result tensor (4)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %local = tensor.empty() : tensor<4xf64>
  %h, %out = distruntime.copy_reshape %local
    g_shape %c4 l_offs %c0
    to n_g_shape %c4 n_offs %c0 n_shape %c5
    {team = 1 : i64}
    : (tensor<4xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}
