// A loop that communicates in its body runs in constant stack: 100,000
// iterations of a permute, two reshapes, a halo exchange and an allreduce
// (scf.for), and of the same in an scf.while, with a 1 MiB stack. Before
// the iterations gave back their stack (distc-loop-stack-scopes), every
// iteration left the descriptors of its runtime calls on the stack and this
// died with SIGSEGV after a few hundred iterations. On 2 ranks the same
// program runs 1,000 iterations (time), which also overflowed.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: ulimit -s 1024
// RUN: %mpirun -n 1 %t | FileCheck %s --check-prefix=LONG --match-full-lines
// RUN: sed 's/100000 : index/1000 : index/' %s > %t.short.mlir
// RUN: %distc %t.short.mlir -o %t.short
// RUN: %mpirun -n 2 %t.short | FileCheck %s --check-prefix=SHORT --match-full-lines
// RUN: %distc -O0 %t.short.mlir -o %t.short.O0
// RUN: %mpirun -n 2 %t.short.O0 | FileCheck %s --check-prefix=SHORT --match-full-lines

// Every two iterations the sum of all rows but the last of a and of its
// transpose: 66 + 84 = 150, so 75 per iteration.
// LONG: 7.5e+06
// LONG-NEXT: 883.259
// SHORT: 75000
// SHORT-NEXT: 883.259
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %iters = arith.constant 100000 : index
  %zero = arith.constant 0.0 : f64
  %a0 = dist.generate (%c4, %c4) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %r = arith.muli %i, %c4 : index
    %ij = arith.addi %r, %j : index
    %v = arith.index_cast %ij : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %res:2 = scf.for %it = %c0 to %iters step %c1 iter_args(%a = %a0, %acc = %zero) -> (!dist.tensor<?x?xf64>, f64) {
    %p = dist.permute %a axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
    %q = dist.reshape %p (%c16) : !dist.tensor<?x?xf64> -> !dist.tensor<?xf64>
    %r = dist.reshape %q (%c4, %c4) : !dist.tensor<?xf64> -> !dist.tensor<?x?xf64>
    %up = dist.shift %r offsets [-1, 0] fill %zero : !dist.tensor<?x?xf64>
    %s = dist.reduce sum %up : !dist.tensor<?x?xf64> -> f64
    %acc2 = arith.addf %acc, %s : f64
    scf.yield %r, %acc2 : !dist.tensor<?x?xf64>, f64
  }
  dist.print %res#1 : f64
  // The same in an scf.while (no allocation scope in MLIR), carrying the
  // tensor through both regions.
  %w:3 = scf.while (%i = %c0, %b = %a0, %acc = %zero) : (index, !dist.tensor<?x?xf64>, f64) -> (index, !dist.tensor<?x?xf64>, f64) {
    %go = arith.cmpi ult, %i, %iters : index
    %s = dist.reduce sum %b : !dist.tensor<?x?xf64> -> f64
    %acc2 = arith.addf %acc, %s : f64
    scf.condition(%go) %i, %b, %acc2 : index, !dist.tensor<?x?xf64>, f64
  } do {
  ^bb0(%i: index, %b: !dist.tensor<?x?xf64>, %acc: f64):
    %i1 = arith.addi %i, %c1 : index
    %p = dist.permute %b axes [1, 0] : !dist.tensor<?x?xf64> -> !dist.tensor<?x?xf64>
    %up = dist.shift %p offsets [1, 0] fill %zero : !dist.tensor<?x?xf64>
    %q = dist.add %p, %up : !dist.tensor<?x?xf64>
    %r = dist.reshape %q (%c16) : !dist.tensor<?x?xf64> -> !dist.tensor<?xf64>
    %t = dist.reshape %r (%c4, %c4) : !dist.tensor<?xf64> -> !dist.tensor<?x?xf64>
    %half = arith.constant 0.5 : f64
    %h = dist.full %half (%c4, %c4) : !dist.tensor<?x?xf64>
    %u = dist.mul %t, %h : !dist.tensor<?x?xf64>
    scf.yield %i1, %u, %acc : index, !dist.tensor<?x?xf64>, f64
  }
  dist.print %w#2 : f64
  return
}
