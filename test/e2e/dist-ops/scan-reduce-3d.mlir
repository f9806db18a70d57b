// Scans and reductions of a static 3-D tensor along every axis, against
// numpy 1.24 (the CHECK lines are numpy's print of np.cumsum(a, 0),
// np.cumprod(a, 1), np.minimum.accumulate(a, 2), np.cumsum(a, 1) of the
// split = 1 copy, a.sum(0), a.argmax(), a.argmin(1) for
// a[i, j, k] = (7 i + 3 j + k) % 5 - 2). Regression: the reduction along
// the split dimension into a static result of rank 2 (`5x4x3 -> 4x3`) was
// rejected by the lowering ("expected type to be 'tensor<?x?xi64>'"). The
// same on 1-5 ranks.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %mpirun -n 5 %t | FileCheck %s --match-full-lines --strict-whitespace

// CHECK:{{\[\[\[}}-2 -1  0]
// CHECK-NEXT:  [ 1  2 -2]
// CHECK-NEXT:  [-1  0  1]
// CHECK-NEXT:  [ 2 -2 -1]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}}-2  0  2]
// CHECK-NEXT:  [-1  1 -2]
// CHECK-NEXT:  [ 0  2 -1]
// CHECK-NEXT:  [ 1 -2  0]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}} 0 -2  1]
// CHECK-NEXT:  [-1  2  0]
// CHECK-NEXT:  [-2  1 -1]
// CHECK-NEXT:  [ 2  0 -2]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}}-1 -2  2]
// CHECK-NEXT:  [ 1  0 -1]
// CHECK-NEXT:  [-2  2  1]
// CHECK-NEXT:  [ 0 -1 -2]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}} 0  0  0]
// CHECK-NEXT:  [ 0  0  0]
// CHECK-NEXT:  [ 0  0  0]
// CHECK-NEXT:  [ 0  0  0]]]
// CHECK-NEXT:{{\[\[\[}}-2 -1  0]
// CHECK-NEXT:  [-2 -2  0]
// CHECK-NEXT:  [ 2  0  0]
// CHECK-NEXT:  [ 4  0  0]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}} 0  1  2]
// CHECK-NEXT:  [ 0 -1  0]
// CHECK-NEXT:  [ 0 -2  0]
// CHECK-NEXT:  [ 0  0  0]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}} 2 -2 -1]
// CHECK-NEXT:  [ 0 -2 -2]
// CHECK-NEXT:  [ 0  2  0]
// CHECK-NEXT:  [ 0  4  0]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}}-1  0  1]
// CHECK-NEXT:  [-2  0 -1]
// CHECK-NEXT:  [ 0  0 -2]
// CHECK-NEXT:  [ 0  0  0]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}} 1  2 -2]
// CHECK-NEXT:  [-1  0 -2]
// CHECK-NEXT:  [-2  0  2]
// CHECK-NEXT:  [ 0  0  4]]]
// CHECK-NEXT:{{\[\[\[}}-2 -2 -2]
// CHECK-NEXT:  [ 1  1 -2]
// CHECK-NEXT:  [-1 -1 -1]
// CHECK-NEXT:  [ 2 -2 -2]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}} 0  0  0]
// CHECK-NEXT:  [-2 -2 -2]
// CHECK-NEXT:  [ 1  1 -2]
// CHECK-NEXT:  [-1 -1 -1]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}} 2 -2 -2]
// CHECK-NEXT:  [ 0  0  0]
// CHECK-NEXT:  [-2 -2 -2]
// CHECK-NEXT:  [ 1  1 -2]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}}-1 -1 -1]
// CHECK-NEXT:  [ 2 -2 -2]
// CHECK-NEXT:  [ 0  0  0]
// CHECK-NEXT:  [-2 -2 -2]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}} 1  1 -2]
// CHECK-NEXT:  [-1 -1 -1]
// CHECK-NEXT:  [ 2 -2 -2]
// CHECK-NEXT:  [ 0  0  0]]]
// CHECK-NEXT:{{\[\[\[}}-2 -1  0]
// CHECK-NEXT:  [-1  1 -2]
// CHECK-NEXT:  [-2  1 -1]
// CHECK-NEXT:  [ 0 -1 -2]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}} 0  1  2]
// CHECK-NEXT:  [-2  0  2]
// CHECK-NEXT:  [-1  2  0]
// CHECK-NEXT:  [-2  2  1]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}} 2 -2 -1]
// CHECK-NEXT:  [ 2 -1  1]
// CHECK-NEXT:  [ 0 -2  1]
// CHECK-NEXT:  [ 1  0 -1]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}}-1  0  1]
// CHECK-NEXT:  [ 1 -2  0]
// CHECK-NEXT:  [ 1 -1  2]
// CHECK-NEXT:  [-1 -2  2]]
// CHECK-EMPTY:
// CHECK-NEXT: {{\[\[}} 1  2 -2]
// CHECK-NEXT:  [ 0  2 -1]
// CHECK-NEXT:  [ 2  0 -2]
// CHECK-NEXT:  [ 2  1  0]]]
// CHECK-NEXT:{{\[\[}}0 0 0]
// CHECK-NEXT: [0 0 0]
// CHECK-NEXT: [0 0 0]
// CHECK-NEXT: [0 0 0]]
// CHECK-NEXT:4
// CHECK-NEXT:{{\[\[}}0 3 1]
// CHECK-NEXT: [1 1 2]
// CHECK-NEXT: [2 0 3]
// CHECK-NEXT: [3 1 1]
// CHECK-NEXT: [1 2 0]]

func.func @main() {
  %a = dist.generate : !dist.tensor<5x4x3xi64> {
  ^bb0(%i: index, %j: index, %k: index):
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %t = arith.muli %i, %c7 : index
    %u = arith.muli %j, %c3 : index
    %s = arith.addi %t, %u : index
    %r = arith.addi %s, %k : index
    %c5 = arith.constant 5 : index
    %m = arith.remui %r, %c5 : index
    %v = arith.index_cast %m : index to i64
    %two = arith.constant 2 : i64
    %w = arith.subi %v, %two : i64
    dist.yield %w : i64
  }
  %s0 = dist.scan sum %a axis 0 : !dist.tensor<5x4x3xi64>
  %s1 = dist.scan prod %a axis 1 : !dist.tensor<5x4x3xi64>
  %s2 = dist.scan min %a axis 2 : !dist.tensor<5x4x3xi64>
  dist.print %s0 numpy : !dist.tensor<5x4x3xi64>
  dist.print %s1 numpy : !dist.tensor<5x4x3xi64>
  dist.print %s2 numpy : !dist.tensor<5x4x3xi64>
  %b = dist.repartition %a : !dist.tensor<5x4x3xi64> -> !dist.tensor<5x4x3xi64, split = 1>
  %t1 = dist.scan sum %b axis 1 : !dist.tensor<5x4x3xi64, split = 1>
  dist.print %t1 numpy : !dist.tensor<5x4x3xi64, split = 1>
  %r0 = dist.reduce sum %a axis 0 : !dist.tensor<5x4x3xi64> -> !dist.tensor<4x3xi64>
  dist.print %r0 numpy : !dist.tensor<4x3xi64>
  %am = dist.reduce argmax %a : !dist.tensor<5x4x3xi64> -> index
  dist.print %am : index
  %am1 = dist.reduce argmin %b axis 1 : !dist.tensor<5x4x3xi64, split = 1> -> !dist.tensor<5x3xi64>
  dist.print %am1 numpy : !dist.tensor<5x3xi64>
  return
}
