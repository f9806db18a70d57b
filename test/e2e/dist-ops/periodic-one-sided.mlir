// Periodic shifts that wrap on one side only (offsets of one sign, or 0
// along a dimension): the halo has sides of width 0. Those sides used to
// become 0-sized slabs whose subviews upstream's folding made invalid
// ("offset 0 is out-of-bounds: 0 >= 0" at compile time). The CHECK lines
// are numpy.roll(a, -offsets); run-time and static sizes, row blocks and a
// run-time process grid, sizes that 1-6 ranks do not divide.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 5 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 6 %t | FileCheck %s --match-full-lines
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 3 %t.O0 | FileCheck %s --match-full-lines

// CHECK: [ 3.  4.  5.  6.  7.  8.  9. 10.  0.  1.  2.]
// CHECK-NEXT: ( 9, 10, 0, 1, 2, 3, 4, 5, 6, 7, 8 )
// CHECK-NEXT: [ 3.  4.  5.  6.  7.  8.  9. 10. 11. 12.  0.  1.  2.]
// CHECK-NEXT: {{\[\[}}20. 21. 22. 23. 24.]
// CHECK-NEXT:  [30. 31. 32. 33. 34.]
// CHECK-NEXT:  [40. 41. 42. 43. 44.]
// CHECK-NEXT:  [50. 51. 52. 53. 54.]
// CHECK-NEXT:  [60. 61. 62. 63. 64.]
// CHECK-NEXT:  [ 0.  1.  2.  3.  4.]
// CHECK-NEXT:  [10. 11. 12. 13. 14.]]
// CHECK-NEXT: {{\[\[}} 4.  0.  1.  2.  3.]
// CHECK-NEXT:  [14. 10. 11. 12. 13.]
// CHECK-NEXT:  [24. 20. 21. 22. 23.]
// CHECK-NEXT:  [34. 30. 31. 32. 33.]
// CHECK-NEXT:  [44. 40. 41. 42. 43.]
// CHECK-NEXT:  [54. 50. 51. 52. 53.]
// CHECK-NEXT:  [64. 60. 61. 62. 63.]]
// CHECK-NEXT: ( ( 12, 13, 14, 10, 11 ), ( 22, 23, 24, 20, 21 ), ( 32, 33, 34, 30, 31 ), ( 42, 43, 44, 40, 41 ), ( 52, 53, 54, 50, 51 ), ( 62, 63, 64, 60, 61 ), ( 2, 3, 4, 0, 1 ) )
// CHECK-NEXT: 2240

func.func @main() {
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %n = dist.param "n" default 11 : index
  %x = dist.arange %zero, %one (%n) : !dist.tensor<?xf64>
  %r3 = dist.shift %x offsets [3] periodic : !dist.tensor<?xf64>
  dist.print %r3 numpy : !dist.tensor<?xf64>
  %rm2 = dist.shift %x offsets [-2] periodic : !dist.tensor<?xf64>
  dist.print %rm2 : !dist.tensor<?xf64>
  %s = dist.arange %zero, %one : !dist.tensor<13xf64>
  %s3 = dist.shift %s offsets [3] periodic : !dist.tensor<13xf64>
  dist.print %s3 numpy : !dist.tensor<13xf64>
  %m = dist.generate : !dist.tensor<7x5xf64> {
  ^bb0(%i: index, %j: index):
    %k = arith.muli %i, %c10 : index
    %l = arith.addi %k, %j : index
    %li = arith.index_cast %l : index to i64
    %v = arith.sitofp %li : i64 to f64
    dist.yield %v : f64
  }
  %m1 = dist.shift %m offsets [2, 0] periodic : !dist.tensor<7x5xf64>
  dist.print %m1 numpy : !dist.tensor<7x5xf64>
  %m2 = dist.shift %m offsets [0, -1] periodic : !dist.tensor<7x5xf64>
  dist.print %m2 numpy : !dist.tensor<7x5xf64>
  %g = dist.repartition %m : !dist.tensor<7x5xf64> -> !dist.tensor<7x5xf64, grid = [?, ?], split = [0, 1]>
  %g1 = dist.shift %g offsets [1, 2] periodic : !dist.tensor<7x5xf64, grid = [?, ?], split = [0, 1]>
  dist.print %g1 : !dist.tensor<7x5xf64, grid = [?, ?], split = [0, 1]>
  %sum = dist.add %m1, %m2 : !dist.tensor<7x5xf64>, !dist.tensor<7x5xf64> -> !dist.tensor<7x5xf64>
  %t = dist.reduce sum %sum : !dist.tensor<7x5xf64> -> f64
  dist.print %t : f64
  return
}
