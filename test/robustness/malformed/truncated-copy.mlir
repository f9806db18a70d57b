// A file cut off in the middle of a distruntime op.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:10:18: error: custom op 'distruntime.copy_reshape' expected 'n_offs'

func.func @main() {
  %c4 = arith.constant 4 : index
  %local = tensor.empty(%c4) : tensor<?xf64>
  %h, %out = distruntime.copy_reshape %local
    g_shape %c4 l_offs %c4
    to n_g_shape 