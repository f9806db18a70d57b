// Every dist op lowered, compiled and run on 1-4 ranks: the output (printed
// once, by rank 0) must be identical for every rank count.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 3 %t.O0 | FileCheck %s --match-full-lines

// CHECK: 630
// CHECK-NEXT: ( ( 0, 5, 10, 15, 20, 25, 30 ), ( 1, 6, 11, 16, 21, 26, 31 ), ( 2, 7, 12, 17, 22, 27, 32 ), ( 3, 8, 13, 18, 23, 28, 33 ), ( 4, 9, 14, 19, 24, 29, 34 ) )
// CHECK-NEXT: ( 30, 31, 32, 33, 34 )
// CHECK-NEXT: ( 10, 35, 60, 85, 110, 135, 160 )
// CHECK-NEXT: ( ( 1, 2, 3, 4, 0 ), ( 6, 8, 10, 12, 4 ), ( 16, 18, 20, 22, 9 ), ( 26, 28, 30, 32, 14 ), ( 36, 38, 40, 42, 19 ), ( 46, 48, 50, 52, 24 ), ( 56, 58, 60, 62, 29 ) )
// CHECK-NEXT: ( 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34 )
// CHECK-NEXT: ( 0, 1, 2, 3, 4, 5 )
// CHECK-NEXT: ( 0, 0.25, 0.5, 0.75, 1 )
func.func @main() {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %a = dist.full %one : !dist.tensor<7x5xf64>
  %g = dist.generate : !dist.tensor<7x5xf64> {
  ^bb0(%i: index, %j: index):
    %c5 = arith.constant 5 : index
    %m = arith.muli %i, %c5 : index
    %s = arith.addi %m, %j : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %c = dist.add %a, %g : !dist.tensor<7x5xf64>
  %s = dist.reduce sum %c : !dist.tensor<7x5xf64> -> f64
  dist.print %s : f64
  %p = dist.permute %g axes [1, 0] : !dist.tensor<7x5xf64> -> !dist.tensor<5x7xf64>
  dist.print %p : !dist.tensor<5x7xf64>
  %r = dist.reduce max %g axis 0 : !dist.tensor<7x5xf64> -> !dist.tensor<5xf64>
  dist.print %r : !dist.tensor<5xf64>
  %r1 = dist.reduce sum %g axis 1 : !dist.tensor<7x5xf64> -> !dist.tensor<7xf64>
  dist.print %r1 : !dist.tensor<7xf64>
  %sh = dist.shift %g offsets [-1, 0] fill %zero : !dist.tensor<7x5xf64>
  %sh2 = dist.shift %g offsets [0, 1] fill %zero : !dist.tensor<7x5xf64>
  %ss = dist.add %sh, %sh2 : !dist.tensor<7x5xf64>
  dist.print %ss : !dist.tensor<7x5xf64>
  %q = dist.reshape %g : !dist.tensor<7x5xf64> -> !dist.tensor<35xf64>
  dist.print %q : !dist.tensor<35xf64>
  %ar = dist.arange %zero, %one : !dist.tensor<6xf64>
  dist.print %ar : !dist.tensor<6xf64>
  %ls = dist.linspace %zero, %one : !dist.tensor<5xf64>
  dist.print %ls : !dist.tensor<5xf64>
  return
}
