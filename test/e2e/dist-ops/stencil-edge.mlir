// Stencil edge cases: a 1-D tensor of 3 elements (ranks without data on 4
// ranks), shifts of 0, of 2 and beyond the array (-5), one shifted view
// used twice, i1 shifts, and an empty (0 x 4) tensor. Same output on every
// rank count and at -O0.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 4 %t.O0 | FileCheck %s --match-full-lines

// CHECK: ( -49798, -50504, -50503 )
// CHECK-NEXT: ( ( 0, 0 ), ( 1, 0 ), ( 1, 0 ), ( 1, 0 ), ( 1, 0 ) )
// CHECK-NEXT: 0

func.func @main() {
  %fill = arith.constant -5 : i64
  // 1-D, 3 elements (ranks without data on 4 ranks), shifts beyond the size
  %a = dist.arange %fill, %fill : !dist.tensor<3xi64>
  %z = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %b = dist.arange %z, %one : !dist.tensor<3xi64>
  %s0 = dist.shift %b offsets [0] fill %fill : !dist.tensor<3xi64>
  %s2 = dist.shift %b offsets [2] fill %fill : !dist.tensor<3xi64>
  %m5 = dist.shift %b offsets [-5] fill %fill : !dist.tensor<3xi64>
  %r = dist.elementwise %s0, %s2, %m5, %s2 : !dist.tensor<3xi64>, !dist.tensor<3xi64>, !dist.tensor<3xi64>, !dist.tensor<3xi64> -> !dist.tensor<3xi64> {
  ^bb0(%x: i64, %y: i64, %w: i64, %v: i64):
    %k = arith.constant 100 : i64
    %t = arith.muli %y, %k : i64
    %k2 = arith.constant 10000 : i64
    %t2 = arith.muli %w, %k2 : i64
    %u = arith.addi %x, %t : i64
    %u2 = arith.addi %u, %t2 : i64
    %u3 = arith.addi %u2, %v : i64
    dist.yield %u3 : i64
  }
  dist.print %r : !dist.tensor<3xi64>
  // i1 shifts
  %t = arith.constant true
  %f = arith.constant false
  %bits = dist.full %t : !dist.tensor<5x2xi1>
  %n = dist.shift %bits offsets [-1, 0] fill %f : !dist.tensor<5x2xi1>
  %e = dist.shift %bits offsets [0, 1] fill %f : !dist.tensor<5x2xi1>
  %and = dist.elementwise %n, %e : !dist.tensor<5x2xi1>, !dist.tensor<5x2xi1> -> !dist.tensor<5x2xi1> {
  ^bb0(%p: i1, %q: i1):
    %o = arith.andi %p, %q : i1
    dist.yield %o : i1
  }
  dist.print %and : !dist.tensor<5x2xi1>
  // 0-size dynamic
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %empty = dist.full %zero (%c0, %c4) : !dist.tensor<?x?xf64>
  %en = dist.shift %empty offsets [1, -1] fill %zero : !dist.tensor<?x?xf64>
  %ee = dist.add %en, %empty : !dist.tensor<?x?xf64>
  %sum = dist.reduce sum %ee : !dist.tensor<?x?xf64> -> f64
  dist.print %sum : f64
  return
}
