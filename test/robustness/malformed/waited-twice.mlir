// A handle waited on twice.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:9:3: error: async handle is waited on more than once

func.func @main() {
  %x = arith.constant dense<1.0> : tensor<4xf64>
  %h, %s = distruntime.allreduce sum %x {team = 1 : i64} : (tensor<4xf64>) -> (!distruntime.asynchandle, tensor<4xf64>)
  distruntime.wait %h : !distruntime.asynchandle
  distruntime.wait %h : !distruntime.asynchandle
  return
}
