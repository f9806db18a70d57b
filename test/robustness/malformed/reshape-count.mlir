// A reshape whose constant global element counts differ.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:12:14: error: 'distruntime.copy_reshape' op reshape changes the global element count from 13 ('g_shape') to 12 ('n_g_shape')

func.func @main() {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %c13 = arith.constant 13 : index
  %local = tensor.empty() : tensor<13xf64>
  %h, %out = distruntime.copy_reshape %local
    g_shape %c13 l_offs %c0
    to n_g_shape %c3, %c4 n_offs %c0, %c0 n_shape %c3, %c4
    {team = 1 : i64}
    : (tensor<13xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<3x4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}
