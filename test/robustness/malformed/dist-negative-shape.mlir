// A dist tensor with a negative dynamic size.
// RUN: not %distc %s -o %t 2>&1 | FileCheck %s -DFILE=%s --implicit-check-not="PLEASE submit" --implicit-check-not="Stack dump"
// CHECK: [[FILE]]:8:8: error: 'dist.full' op dynamic size #0 is negative (-10)

func.func @main() {
  %zero = arith.constant 0.0 : f64
  %n = arith.constant -10 : index
  %a = dist.full %zero (%n) : !dist.tensor<?x8xf64>
  dist.print %a : !dist.tensor<?x8xf64>
  return
}
