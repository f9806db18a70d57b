// A dependent value read before its wait.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:9:8: error: value produced by 'distruntime.allreduce' is used before its 'distruntime.wait'

func.func @main() {
  %c0 = arith.constant 0 : index
  %x = arith.constant dense<1.0> : tensor<4xf64>
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  %v = tensor.extract %s[%c0] : tensor<4xf64>
  distruntime.wait %h : !distruntime.asynchandle
  vector.print %v : f64
  return
}
