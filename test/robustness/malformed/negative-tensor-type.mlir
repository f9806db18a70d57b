// A negative static dimension.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:6:32: error: expected non-function type

func.func @main() {
  %t = tensor.empty() : tensor<-4xf64>
  return
}
