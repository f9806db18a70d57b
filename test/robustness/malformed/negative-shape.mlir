// A negative constant global shape.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:10:14: error: 'distruntime.copy_reshape' op 'g_shape' value #0 is negative (-4)

func.func @main() {
  %c0 = arith.constant 0 : index
  %cm = arith.constant -4 : index
  %c4 = arith.constant 4 : index
  %local = tensor.empty() : tensor<4xf64>
  %h, %out = distruntime.copy_reshape %local
    g_shape %cm l_offs %c0
    to n_g_shape %c4 n_offs %c0 n_shape %c4
    {team = 1 : i64}
    : (tensor<4xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}
