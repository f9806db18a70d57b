// dist.extend with a halo width of INT64_MAX compiled to a program whose
// buffer size wraps around.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:9:10: error: 'dist.extend' op high width 9223372036854775807 in dimension 0 is too large (the limit is 2^48)

func.func @main() {
  %zero = arith.constant 0.0 : f64
  %g = dist.full %zero : !dist.tensor<4x4xf64>
  %ext = dist.extend %g low [1, 1] high [9223372036854775807, 1] fill %zero : !dist.tensor<4x4xf64> -> tensor<?x?xf64>
  %c0 = arith.constant 0 : index
  %v = tensor.extract %ext[%c0, %c0] : tensor<?x?xf64>
  vector.print %v : f64
  return
}
