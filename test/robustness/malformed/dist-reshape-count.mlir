// dist.reshape between different element counts.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:9:8: error: 'dist.reshape' op reshape changes the number of elements from 12 to 20

func.func @main() {
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %a = dist.arange %c0, %c1 : !dist.tensor<12xi64>
  %b = dist.reshape %a : !dist.tensor<12xi64> -> !dist.tensor<5x4xi64>
  return
}
