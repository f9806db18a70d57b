// Input and output of a copy with different element types.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:9:14: error: 'distruntime.copy_reshape' op failed to verify that all of {lArray, nlArray} have same element type

func.func @main() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %local = tensor.empty() : tensor<4xf64>
  %h, %out = distruntime.copy_reshape %local
    g_shape %c4 l_offs %c0
    to n_g_shape %c4 n_offs %c0 n_shape %c4
    {team = 1 : i64}
    : (tensor<4xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<4xi64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}
