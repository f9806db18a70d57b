// The first program of README.md; keep the two in sync.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// CHECK: 1e+06
func.func @main() {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %x = dist.arange %zero, %one : !dist.tensor<1000xf64>
  %y = dist.elementwise %x : !dist.tensor<1000xf64> -> !dist.tensor<1000xf64> {
  ^bb0(%v: f64):
    %t = arith.addf %v, %v : f64
    %u = arith.addf %t, %one : f64
    dist.yield %u : f64
  }
  %s = dist.reduce sum %y : !dist.tensor<1000xf64> -> f64
  dist.print %s : f64      // printed once: 1e+06
  return
}
