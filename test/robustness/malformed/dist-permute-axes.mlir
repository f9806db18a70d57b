// dist.permute with axes that are not a permutation.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:10:8: error: 'dist.permute' op 'axes' must be a permutation of [0, 2), got [0, 0]

func.func @main() {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %a = dist.arange %c0, %c1 : !dist.tensor<12xi64>
  %b = dist.reshape %a : !dist.tensor<12xi64> -> !dist.tensor<3x4xi64>
  %t = dist.permute %b axes [0, 0] : !dist.tensor<3x4xi64> -> !dist.tensor<4x3xi64>
  return
}
