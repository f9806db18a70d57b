// Constant shapes whose element count overflows 64 bits.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:10:14: error: 'distruntime.copy_reshape' op 'n_g_shape' has more elements than fit in a 64-bit integer

func.func @main() {
  %c0 = arith.constant 0 : index
  %big = arith.constant 4611686018427387904 : index
  %c4 = arith.constant 4 : index
  %local = tensor.empty() : tensor<4xf64>
  %h, %out = distruntime.copy_reshape %local
    g_shape %c4 l_offs %c0
    to n_g_shape %big, %big n_offs %c0, %c0 n_shape %c4, %c4
    {team = 1 : i64}
    : (tensor<4xf64>, index, index, index, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<4x4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}
