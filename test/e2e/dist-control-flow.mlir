// End-to-end: dist tensors through scf.if inside a function (the result is
// one of the arguments), func.call and scf.while.
// Ownership-based deallocation returns a bufferization.clone of the selected
// argument from @pick; the pipeline lowers it (convert-bufferization-to-memref).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:3.32834e+08
// CHECK-NEXT: [1,0]<stdout>:2.997e+06

func.func @pick(%c: i1, %a: !dist.tensor<?xf64>, %b: !dist.tensor<?xf64>) -> !dist.tensor<?xf64> {
  %r = scf.if %c -> (!dist.tensor<?xf64>) {
    scf.yield %a : !dist.tensor<?xf64>
  } else {
    scf.yield %b : !dist.tensor<?xf64>
  }
  return %r : !dist.tensor<?xf64>
}

func.func @main() {
  %n = arith.constant 1000 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %x = dist.arange %zero, %one (%n) : !dist.tensor<?xf64>
  %sq = dist.mul %x, %x : !dist.tensor<?xf64>
  %s = dist.reduce sum %sq : !dist.tensor<?xf64> -> f64
  dist.print %s : f64
  // s > 1: p = x; then five times p += x: sum = 6 * 499500.
  %big = arith.cmpf ogt, %s, %one : f64
  %p = func.call @pick(%big, %x, %sq) : (i1, !dist.tensor<?xf64>, !dist.tensor<?xf64>) -> !dist.tensor<?xf64>
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %w:2 = scf.while (%i = %c0, %t = %p) : (index, !dist.tensor<?xf64>) -> (index, !dist.tensor<?xf64>) {
    %go = arith.cmpi ult, %i, %c5 : index
    scf.condition(%go) %i, %t : index, !dist.tensor<?xf64>
  } do {
  ^bb0(%i: index, %t: !dist.tensor<?xf64>):
    %c1 = arith.constant 1 : index
    %i1 = arith.addi %i, %c1 : index
    %t2 = dist.add %t, %x : !dist.tensor<?xf64>
    scf.yield %i1, %t2 : index, !dist.tensor<?xf64>
  }
  %ps = dist.reduce sum %w#1 : !dist.tensor<?xf64> -> f64
  dist.print %ps : f64
  return
}
