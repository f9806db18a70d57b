// End-to-end: loop-invariant tensors and element-wise fusion (-O2 and up,
// distc-fuse-elementwise): a costly invariant dist.generate (sin, exp)
// stays computed once before the loop, a cheap one (i * h) is recomputed
// in the loop's add, and the costly one feeds two more ops after the loop.
// Every -O level prints the same bits, on 1 and 3 ranks (n = 1001: the
// blocks differ in size). Reference values from numpy's double precision:
// 5 * sum(exp(sin(i h)) + i h) = 10670.147589727394, sum(exp(sin(i h)) i h)
// = 930.3168758063052, max(exp(sin(i h)) - i h) = 1.319776824715853.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc -O0 %s -o %t.O0
// RUN: %distc -O1 %s -o %t.O1
// RUN: %distc -O2 %s -o %t.O2
// RUN: %distc -O3 %s -o %t.O3
// RUN: %mpirun -n 1 %t.O0 > %t.O0.1
// RUN: FileCheck %s < %t.O0.1
// RUN: %mpirun -n 1 %t.O1 | diff %t.O0.1 -
// RUN: %mpirun -n 1 %t.O2 | diff %t.O0.1 -
// RUN: %mpirun -n 1 %t.O3 | diff %t.O0.1 -
// RUN: %mpirun -n 3 %t.O0 > %t.O0.3
// RUN: FileCheck %s < %t.O0.3
// RUN: %mpirun -n 3 %t.O2 | diff %t.O0.3 -
// RUN: %mpirun -n 3 %t.O3 | diff %t.O0.3 -

// CHECK: 10670.14758972739{{[0-9]}}
// CHECK-NEXT: 930.316875806305{{[0-9]+}}
// CHECK-NEXT: 1.31977682471585{{[0-9]}}
// CHECK-NOT: {{.}}

func.func @main() {
  %n = dist.param "n" default 1001 : index
  %iters = dist.param "iters" default 5 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %h = arith.constant 1.0e-3 : f64
  %a0 = dist.full %zero (%n) : !dist.tensor<?xf64>
  // Costly and loop-invariant: computed once, before the loop.
  %b = dist.generate (%n) : !dist.tensor<?xf64> {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %x = arith.mulf %f, %h : f64
    %s = math.sin %x : f64
    %e = math.exp %s : f64
    dist.yield %e : f64
  }
  // Cheap and reading nothing: recomputed in the loop's add.
  %c = dist.generate (%n) : !dist.tensor<?xf64> {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %x = arith.mulf %f, %h : f64
    dist.yield %x : f64
  }
  %a = scf.for %k = %c0 to %iters step %c1 iter_args(%ai = %a0) -> (!dist.tensor<?xf64>) {
    %ab = dist.add %ai, %b : !dist.tensor<?xf64>
    %abc = dist.add %ab, %c : !dist.tensor<?xf64>
    scf.yield %abc : !dist.tensor<?xf64>
  }
  %s = dist.reduce sum %a : !dist.tensor<?xf64> -> f64
  dist.print %s precision = 17 : f64
  // %b also feeds two ops after the loop: still computed once.
  %p = dist.mul %b, %c : !dist.tensor<?xf64>
  %q = dist.sub %b, %c : !dist.tensor<?xf64>
  %sp = dist.reduce sum %p : !dist.tensor<?xf64> -> f64
  %mq = dist.reduce max %q : !dist.tensor<?xf64> -> f64
  dist.print %sp precision = 17 : f64
  dist.print %mq precision = 17 : f64
  return
}
