// A program written from docs/dist.md as a numpy user would (NaN
// semantics of prod/min/argmin, cumsum through a NaN, minimum.accumulate,
// reversed and strided slices, insert_slice of a reversed irregular
// slice, reshape, permute, numpy printing), checked against numpy 1.24:
// the CHECK lines are numpy's output of the same computation
// (x = arange(1, 11.); y = x.copy(); y[[2, 6]] = nan; ...). The same on
// 1-5 ranks.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines --strict-whitespace
// RUN: %mpirun -n 5 %t | FileCheck %s --match-full-lines --strict-whitespace

// CHECK:nan
// CHECK-NEXT:nan
// CHECK-NEXT:2
// CHECK-NEXT:9
// CHECK-NEXT:[ 1.  3. nan nan nan nan nan nan nan nan]
// CHECK-NEXT:[1. 1. 1. 1. 1. 1. 1. 1. 1. 1.]
// CHECK-NEXT:[10. nan  4.  1.]
// CHECK-NEXT:[ 0. 10.  0.  9.  0.  8.  0.  7.  0.  0.]
// CHECK-NEXT:{{\[\[}} 1.  2.  3.  4.  5.]
// CHECK-NEXT: [ 6.  7.  8.  9. 10.]]
// CHECK-NEXT:{{\[\[}} 1.  6.]
// CHECK-NEXT: [ 2.  7.]
// CHECK-NEXT: [ 3.  8.]
// CHECK-NEXT: [ 4.  9.]
// CHECK-NEXT: [ 5. 10.]]

func.func @main() {
  %n = dist.param "n" default 10 : index
  %nan = arith.constant 0x7FF8000000000000 : f64
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %x = dist.arange %one, %one (%n) : !dist.tensor<?xf64>
  %y = dist.elementwise %x : !dist.tensor<?xf64> -> !dist.tensor<?xf64> {
  ^bb0(%a: f64):
    %i = dist.index 0 : index
    %c6 = arith.constant 6 : index
    %c2 = arith.constant 2 : index
    %is6 = arith.cmpi eq, %i, %c6 : index
    %is2 = arith.cmpi eq, %i, %c2 : index
    %b = arith.ori %is6, %is2 : i1
    %r = arith.select %b, %nan, %a : f64
    dist.yield %r : f64
  }
  %p = dist.reduce prod %y : !dist.tensor<?xf64> -> f64
  %mn = dist.reduce min %y : !dist.tensor<?xf64> -> f64
  %am = dist.reduce argmin %y : !dist.tensor<?xf64> -> index
  %am2 = dist.reduce argmax %x : !dist.tensor<?xf64> -> index
  dist.print %p : f64
  dist.print %mn : f64
  dist.print %am : index
  dist.print %am2 : index
  %cs = dist.scan sum %y axis 0 : !dist.tensor<?xf64>
  dist.print %cs numpy : !dist.tensor<?xf64>
  %cm = dist.scan min %x axis 0 : !dist.tensor<?xf64>
  dist.print %cm numpy : !dist.tensor<?xf64>
  %r = dist.slice %y [::-3] : !dist.tensor<?xf64> -> !dist.tensor<?xf64>
  dist.print %r numpy : !dist.tensor<?xf64>
  %z = dist.full %zero (%n) : !dist.tensor<?xf64>
  %w = dist.slice %x [-1:-5:-1] : !dist.tensor<?xf64> -> !dist.tensor<?xf64, irregular>
  %q = dist.insert_slice %w into %z [1:9:2] : !dist.tensor<?xf64, irregular> into !dist.tensor<?xf64>
  dist.print %q numpy : !dist.tensor<?xf64>
  %c2x = arith.constant 2 : index
  %c5x = arith.constant 5 : index
  %m = dist.reshape %x (%c2x, %c5x) : !dist.tensor<?xf64> -> !dist.tensor<?x?xf64>
  dist.print %m numpy : !dist.tensor<?x?xf64>
  %mt = dist.permute %m axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
  dist.print %mt numpy : !dist.tensor<?x?xf64>
  return
}
