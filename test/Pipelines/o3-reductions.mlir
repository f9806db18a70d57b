// -O3 costs at most a little more than -O2: LLVM's -O3 full unrolling used
// to replace every float sum over a row of 64 elements (a chain of
// dependent adds that cannot be vectorized) by straight-line code, 1.9x the
// LLVM IR of -O2 for a program of reductions like this one, for no gain at
// run time. distc-lower-scalar-reductions now marks those loops not to be
// unrolled; the bound below leaves room for the unrolling -O3 rightly does
// more of (vectorized loops).
// REQUIRES: compiler
// RUN: %distc -O2 --emit=llvm %s -o %t.O2.ll
// RUN: %distc -O3 --emit=llvm %s -o %t.O3.ll
// RUN: python3 -c "import sys; n = [sum(1 for _ in open(f)) for f in sys.argv[1:]]; sys.exit(0 if n[1] <= 1.25 * n[0] else 'LLVM IR at -O3: %%d lines, at -O2: %%d' %% (n[1], n[0]))" %t.O2.ll %t.O3.ll
// RUN: FileCheck %s < %t.O3.ll
// The sums stay loops.
// CHECK: !{!"llvm.loop.unroll.disable"}
func.func @main() {
  %n = arith.constant 64 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %x0 = dist.generate (%n, %n) : !dist.tensor<?x?xf64> {
  ^bb0(%i: index, %j: index):
    %ij = arith.addi %i, %j : index
    %v = arith.index_cast %ij : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %a0 = dist.add %x0, %x0 : !dist.tensor<?x?xf64>
  %s0 = dist.reduce sum %a0 : !dist.tensor<?x?xf64> -> f64
  %c0 = arith.addf %zero, %s0 : f64
  %a1 = dist.add %a0, %x0 : !dist.tensor<?x?xf64>
  %s1 = dist.reduce sum %a1 : !dist.tensor<?x?xf64> -> f64
  %c1 = arith.addf %c0, %s1 : f64
  %a2 = dist.add %a1, %x0 : !dist.tensor<?x?xf64>
  %s2 = dist.reduce sum %a2 : !dist.tensor<?x?xf64> -> f64
  %c2 = arith.addf %c1, %s2 : f64
  %a3 = dist.add %a2, %x0 : !dist.tensor<?x?xf64>
  %s3 = dist.reduce sum %a3 : !dist.tensor<?x?xf64> -> f64
  %c3 = arith.addf %c2, %s3 : f64
  %a4 = dist.add %a3, %x0 : !dist.tensor<?x?xf64>
  %s4 = dist.reduce sum %a4 : !dist.tensor<?x?xf64> -> f64
  %c4 = arith.addf %c3, %s4 : f64
  %a5 = dist.add %a4, %x0 : !dist.tensor<?x?xf64>
  %s5 = dist.reduce sum %a5 : !dist.tensor<?x?xf64> -> f64
  %c5 = arith.addf %c4, %s5 : f64
  %tot = dist.reduce sum %a5 : !dist.tensor<?x?xf64> -> f64
  %r = arith.addf %tot, %c5 : f64
  dist.print %r : f64
  return
}
