// dist.matmul on static shapes where A is in column blocks and B in row
// blocks (the partial-sums algorithm: one allreduce of A_k B_k, then this
// rank's block of C): the slice of the summed product took C's static
// local type while its sizes were values, and the compiler stopped with
// "expected type to be 'tensor<?x?xf64>' or a rank-reduced version".
// Found by the differential campaign. numpy:
//   A = arange(15).reshape(3, 5), B = arange(20).reshape(5, 4) - 3
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s
// RUN: %mpirun -n 2 %t | FileCheck %s
// RUN: %mpirun -n 3 %t | FileCheck %s
// RUN: %mpirun -n 5 %t | FileCheck %s
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 4 %t.O0 | FileCheck %s

// CHECK:      {{\[}}[2. 2.]
// CHECK-NEXT:  [2. 2.]]
// CHECK-NEXT: {{\[}}[ 90. 100. 110. 120.]
// CHECK-NEXT:  [215. 250. 285. 320.]
// CHECK-NEXT:  [340. 400. 460. 520.]]
// CHECK-NEXT: {{\[}}[ 90. 100. 110. 120.]
// CHECK-NEXT:  [215. 250. 285. 320.]
// CHECK-NEXT:  [340. 400. 460. 520.]]

func.func @main() {
  %one = arith.constant 1.0 : f64
  %a = dist.full %one : !dist.tensor<2x2xf64, split = 1>
  %b = dist.full %one : !dist.tensor<2x2xf64>
  %c = dist.matmul %a, %b : !dist.tensor<2x2xf64, split = 1>, !dist.tensor<2x2xf64> -> !dist.tensor<2x2xf64, split = 1>
  dist.print %c numpy : !dist.tensor<2x2xf64, split = 1>

  %c5 = arith.constant 5 : index
  %c4 = arith.constant 4 : index
  %three = arith.constant 3.0 : f64
  %x = dist.generate : !dist.tensor<3x5xf64, split = 1> {
  ^bb0(%i: index, %k: index):
    %r = arith.muli %i, %c5 : index
    %s = arith.addi %r, %k : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %y = dist.generate : !dist.tensor<5x4xf64> {
  ^bb0(%k: index, %j: index):
    %r = arith.muli %k, %c4 : index
    %s = arith.addi %r, %j : index
    %v = arith.index_cast %s : index to i64
    %f = arith.sitofp %v : i64 to f64
    %g = arith.subf %f, %three : f64
    dist.yield %g : f64
  }
  %z = dist.matmul %x, %y : !dist.tensor<3x5xf64, split = 1>, !dist.tensor<5x4xf64> -> !dist.tensor<3x4xf64, split = 1>
  dist.print %z numpy : !dist.tensor<3x4xf64, split = 1>
  %zr = dist.matmul %x, %y : !dist.tensor<3x5xf64, split = 1>, !dist.tensor<5x4xf64> -> !dist.tensor<3x4xf64>
  dist.print %zr numpy : !dist.tensor<3x4xf64>
  return
}
