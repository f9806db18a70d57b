// A shape operand of type i64 instead of index.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:10:13: error: use of value '%c4' expects different type than prior uses: 'index' vs 'i64'

func.func @main() {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : i64
  %local = tensor.empty() : tensor<4xf64>
  %h, %out = distruntime.copy_reshape %local
    g_shape %c4 l_offs %c0
    to n_g_shape %c0 n_offs %c0 n_shape %c0
    {team = 1 : i64}
    : (tensor<4xf64>, index, index, index, index, index) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  return
}
