// A printed or saved tensor is still the same tensor afterwards: the
// runtime reads it at the print (and the save), and an element-wise op
// after it must not reuse its buffer while a later print reads it. Every
// -O level prints the same.
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %distc -O0 %s -o %t.dir/O0 && %distc -O1 %s -o %t.dir/O1 && %distc -O2 %s -o %t.dir/O2 && %distc -O3 %s -o %t.dir/O3
// RUN: cd %t.dir && %mpirun -n 2 ./O0 > O0.out && FileCheck %s --input-file=O0.out
// RUN: cd %t.dir && %mpirun -n 2 ./O1 | diff O0.out -
// RUN: cd %t.dir && %mpirun -n 2 ./O2 | diff O0.out -
// RUN: cd %t.dir && %mpirun -n 3 ./O3 | diff O0.out -

// CHECK: [0. 1. 2. 3. 4. 5. 6.]
// CHECK-NEXT: [ 0.  1.  4.  9. 16. 25. 36.]
// CHECK-NEXT: [0. 1. 2. 3. 4. 5. 6.]
// CHECK-NEXT: 21
// CHECK-NEXT: [1. 2. 3. 4. 5. 6. 7.]
// CHECK-NEXT: 21
!T = !dist.tensor<7xf64>
func.func @main() {
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %n = dist.arange %zero, %one : !T
  dist.print %n numpy : !T
  %sq = dist.elementwise %n : !T -> !T {
  ^bb0(%v: f64):
    %t = arith.mulf %v, %v : f64
    dist.yield %t : f64
  }
  dist.print %sq numpy : !T
  dist.print %n numpy : !T
  // A save, then an update that could be done in place, then the saved
  // file read back.
  dist.save %n, "n.npy" : !T
  %p = dist.elementwise %n : !T -> !T {
  ^bb0(%v: f64):
    %t = arith.addf %v, %one : f64
    dist.yield %t : f64
  }
  %back = dist.load "n.npy" : !T
  %s = dist.reduce sum %back : !T -> f64
  dist.print %s : f64
  dist.print %p numpy : !T
  %s2 = dist.reduce sum %n : !T -> f64
  dist.print %s2 : f64
  return
}
