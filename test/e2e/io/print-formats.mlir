// dist.print with numpy, precision and format: numpy's layout (1-D, 2-D,
// 3-D, empty, i1), exact digits, printf conversions, for distributed
// tensors split along dimension 0, along dimension 1 (repartitioned into
// row blocks) and irregular, plain tensors and scalars. The output is the
// same on any number of ranks (rank 0 prints, receiving the blocks one at
// a time), also with ranks that hold no rows.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %mpirun -n 5 %t | FileCheck %s --match-full-lines --strict-whitespace

// CHECK:{{^}}[0 1 2 3 4 5]
// CHECK-NEXT:{{^\[\[}}0 1 2]
// CHECK-NEXT: [3 4 5]]
// CHECK-NEXT:{{^\[\[\[}}0 1]
// CHECK-NEXT:  [2 3]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}}4 5]
// CHECK-NEXT:  [6 7]]]
// CHECK-NEXT:{{^\[\[}}0 1 2]
// CHECK-NEXT: [3 4 5]]
// CHECK-NEXT:[]
// CHECK-NEXT:( ( 0, 1, 2 ), ( 3, 4, 5 ) )
// CHECK-NEXT:( 0.10000000000000001, 0.20000000000000001, 0.30000000000000004 )
// CHECK-NEXT:[1.000e-01 2.000e-01 3.000e-01]
// CHECK-NEXT:[ True False  True False  True False]
// CHECK-NEXT:[    0     1     2     3     4     5]
// CHECK-NEXT:0.33333333333333331
// CHECK-NEXT:0x2a
// CHECK-NEXT:[1.5 2.5]
// CHECK-NEXT:( (  ), (  ) )

func.func @main() {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c6 = arith.constant 6 : index
  %z = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %tenth = arith.constant 0.1 : f64
  %i0 = arith.constant 0 : i64
  %i1 = arith.constant 1 : i64
  %v = dist.arange %i0, %i1 (%c6) : !dist.tensor<?xi64>
  dist.print %v numpy : !dist.tensor<?xi64>
  %m = dist.reshape %v (%c2, %c3) : !dist.tensor<?xi64> -> !dist.tensor<?x?xi64>
  dist.print %m numpy : !dist.tensor<?x?xi64>
  %c8 = arith.constant 8 : index
  %w = dist.arange %i0, %i1 (%c8) : !dist.tensor<?xi64>
  %cube = dist.reshape %w (%c2, %c2, %c2) : !dist.tensor<?xi64> -> !dist.tensor<?x?x?xi64>
  dist.print %cube numpy : !dist.tensor<?x?x?xi64>
  // Split along dimension 1: repartitioned into row blocks for printing.
  %mc = dist.repartition %m : !dist.tensor<?x?xi64> -> !dist.tensor<?x?xi64, split = 1>
  dist.print %mc numpy : !dist.tensor<?x?xi64, split = 1>
  %e = dist.full %z (%c0) : !dist.tensor<?xf64>
  dist.print %e numpy : !dist.tensor<?xf64>
  dist.print %m format = "%d" : !dist.tensor<?x?xi64>
  %f = dist.arange %tenth, %tenth (%c3) : !dist.tensor<?xf64>
  dist.print %f precision = 17 : !dist.tensor<?xf64>
  dist.print %f numpy format = "%.3e" : !dist.tensor<?xf64>
  %b = dist.elementwise %v : !dist.tensor<?xi64> -> !dist.tensor<?xi1> {
  ^bb0(%x: i64):
    %r = arith.remsi %x, %i1 : i64
    %two = arith.constant 2 : i64
    %q = arith.remsi %x, %two : i64
    %even = arith.cmpi eq, %q, %r : i64
    dist.yield %even : i1
  }
  dist.print %b numpy : !dist.tensor<?xi1>
  dist.print %v numpy format = "%5d" : !dist.tensor<?xi64>
  %three = arith.constant 3.0 : f64
  %third = arith.divf %one, %three : f64
  dist.print %third precision = 17 : f64
  %answer = arith.constant 42 : index
  dist.print %answer format = "%#x" : index
  %t = arith.constant dense<[1.5, 2.5]> : tensor<2xf32>
  dist.print %t numpy precision = 9 : tensor<2xf32>
  %empty = tensor.empty() : tensor<2x0xf64>
  dist.print %empty precision = 3 : tensor<2x0xf64>
  return
}
