// dist.shift by INT64_MIN (MLIR's dynamic-offset marker) or INT64_MAX: the
// lowering's offset arithmetic would overflow (before the fix: an upstream
// extract_slice verifier error at the shift, or a silently wrong program).
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:10:8: error: 'dist.shift' op offset -9223372036854775808 in dimension 0 is too large (the limit is 2^48)

func.func @main() {
  %zero = arith.constant 0.0 : f64
  %g = dist.full %zero : !dist.tensor<4x4xf64>
  %n = dist.shift %g offsets [-9223372036854775808, 5] fill %zero : !dist.tensor<4x4xf64>
  dist.print %n : !dist.tensor<4x4xf64>
  return
}
