// The examples of docs/dist.md as written (the first program, creation,
// mean/argmax/cumsum, slices, insert_slice, reshape, printing) in one
// program, checked against numpy 1.24: the CHECK lines are numpy's output
// of the same computation (n = 1000, x = arange(n.), a = arange(n * n.)
// reshaped n x n; %g for scalars as dist.print prints them). Summarised
// printing of a 10^6-element matrix (scientific: its magnitudes span more
// than 1000). The same on
// 1, 3 and 5 ranks.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %mpirun -n 5 %t | FileCheck %s --match-full-lines --strict-whitespace

// CHECK:3.32834e+08
// CHECK-NEXT:[0.  0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9 1. ]
// CHECK-NEXT:500000
// CHECK-NEXT:[499500. 499611. 499722. 499833. 499944. 500055. 500166. 500277. 500388.
// CHECK-NEXT: 500499.]
// CHECK-NEXT:999999
// CHECK-NEXT:[495510. 496506. 497503. 498501. 499500.]
// CHECK-NEXT:[998. 898. 798. 698. 598. 498. 398. 298. 198.  98.]
// CHECK-NEXT:499999500000
// CHECK-NEXT:{{\[\[}}0.00000e+00 1.00000e+00 2.00000e+00 ... 9.97000e+02 9.98000e+02
// CHECK-NEXT:  9.99000e+02]
// CHECK-NEXT: [1.00000e+03 1.00100e+03 1.00200e+03 ... 1.99700e+03 1.99800e+03
// CHECK-NEXT:  1.99900e+03]
// CHECK-NEXT: [2.00000e+03 2.00100e+03 2.00200e+03 ... 2.99700e+03 2.99800e+03
// CHECK-NEXT:  2.99900e+03]
// CHECK-NEXT: ...
// CHECK-NEXT: [9.97000e+05 9.97001e+05 9.97002e+05 ... 9.97997e+05 9.97998e+05
// CHECK-NEXT:  9.97999e+05]
// CHECK-NEXT: [9.98000e+05 9.98001e+05 9.98002e+05 ... 9.98997e+05 9.98998e+05
// CHECK-NEXT:  9.98999e+05]
// CHECK-NEXT: [9.99000e+05 9.99001e+05 9.99002e+05 ... 9.99997e+05 9.99998e+05
// CHECK-NEXT:  9.99999e+05]]

func.func @main() {
  %n = arith.constant 1000 : index          // the problem size
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %x = dist.arange %zero, %one (%n) : !dist.tensor<?xf64>   // 0, 1, ..., n-1
  %sq = dist.mul %x, %x : !dist.tensor<?xf64>
  %s = dist.reduce sum %sq : !dist.tensor<?xf64> -> f64
  dist.print %s : f64                        // 3.32834e+08, once
  %z = dist.full %zero (%n, %n) : !dist.tensor<?x?xf64>
  %a = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):              // global indices
    %row = arith.muli %i, %n : index       // values from above may be used
    %ij = arith.addi %row, %j : index
    %v = arith.index_cast %ij : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %l = dist.linspace %zero, %one : !dist.tensor<11xf64>      // 0, 0.1, ..., 1
  dist.print %l numpy : !dist.tensor<11xf64>
  %avg = dist.reduce mean %a : !dist.tensor<?x?xf64> -> f64                 // a.mean()
  %col = dist.reduce mean %a axis 0 : !dist.tensor<?x?xf64> -> !dist.tensor<?xf64>
  %i = dist.reduce argmax %a : !dist.tensor<?x?xf64> -> index             // a.argmax()
  dist.print %avg : f64
  %cols = dist.slice %col [::111] : !dist.tensor<?xf64> -> !dist.tensor<?xf64>
  dist.print %cols numpy : !dist.tensor<?xf64>
  dist.print %i : index
  %c = dist.scan sum %x axis 0 : !dist.tensor<?xf64>              // numpy.cumsum(a)
  %p = dist.scan prod %a axis 1 : !dist.tensor<?x?xf64>           // numpy.cumprod(m, axis=1)
  %mx = dist.scan max %x axis 0 : !dist.tensor<?xf64>              // numpy.maximum.accumulate(a)
  %ctail = dist.slice %c [-5:] : !dist.tensor<?xf64> -> !dist.tensor<?xf64>
  dist.print %ctail numpy : !dist.tensor<?xf64>
  %inner = dist.slice %a [1:-1, 1:-1] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>   // u[1:-1, 1:-1]
  %even  = dist.slice %x [::2] : !dist.tensor<?xf64> -> !dist.tensor<?xf64>              // x[::2]
  %u1    = dist.insert_slice %inner into %a [1:-1, 1:-1]                                   // u[1:-1, 1:-1] = new
           : !dist.tensor<?x?xf64> into !dist.tensor<?x?xf64>
  %m = dist.reshape %x (%n) : !dist.tensor<?xf64> -> !dist.tensor<?xf64>
  %evens = dist.slice %even [:-490:-50] : !dist.tensor<?xf64> -> !dist.tensor<?xf64>
  dist.print %evens numpy : !dist.tensor<?xf64>
  %rs = dist.reduce sum %u1 : !dist.tensor<?x?xf64> -> f64
  dist.print %rs precision = 17 : f64
  dist.print %a numpy : !dist.tensor<?x?xf64>
  return
}
