// copy_reshape with one g_shape value for a 2-d input.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:10:14: error: 'distruntime.copy_reshape' op expects one 'g_shape' value per dimension of the input tensor (2), but got 1

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %local = tensor.empty() : tensor<2x2xf64>
  %h, %out = distruntime.copy_reshape %local
    g_shape %c4 l_offs %c0, %c0
    to n_g_shape %c4 n_offs %c0 n_shape %c4
    {team = 1 : i64}
    : (tensor<2x2xf64>, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}
