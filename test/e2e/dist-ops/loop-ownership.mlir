// Loops carrying dist tensors that run 0, 1 and several times, nested, whose
// initial state is used only through the loop: distc-loop-init-ownership
// hands the initial buffer to the loop, which frees it after the first
// iteration or returns it when it runs zero times. Same results at -O0
// (without the pass) and on any number of ranks.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 2 %t.O0 | FileCheck %s --match-full-lines

// CHECK: 10000
// CHECK-NEXT: 10000
// CHECK-NEXT: 627100
// CHECK-NEXT: 39900

func.func @run(%trips: index, %inner: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f64
  %n = arith.constant 100 : index
  %u0 = dist.full %one (%n, %n) : !dist.tensor<?x?xf64>
  %u = scf.for %i = %c0 to %trips step %c1 iter_args(%a = %u0) -> (!dist.tensor<?x?xf64>) {
    %v = scf.for %j = %c0 to %inner step %c1 iter_args(%b = %a) -> (!dist.tensor<?x?xf64>) {
      %w = dist.shift %b offsets [1, 0] fill %one : !dist.tensor<?x?xf64>
      %s = dist.add %w, %b : !dist.tensor<?x?xf64>
      scf.yield %s : !dist.tensor<?x?xf64>
    }
    scf.yield %v : !dist.tensor<?x?xf64>
  }
  %t = dist.reduce sum %u : !dist.tensor<?x?xf64> -> f64
  return %t : f64
}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %a = func.call @run(%c0, %c2) : (index, index) -> f64
  dist.print %a : f64
  %b = func.call @run(%c1, %c0) : (index, index) -> f64
  dist.print %b : f64
  %c = func.call @run(%c3, %c2) : (index, index) -> f64
  dist.print %c : f64
  %d = func.call @run(%c2, %c1) : (index, index) -> f64
  dist.print %d : f64
  return
}
