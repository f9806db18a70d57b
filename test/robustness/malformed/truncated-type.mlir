// A file cut off inside a type.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:6:33: error: expected non-function type

func.func @main() {
  %t = tensor.empty() : tensor<4x