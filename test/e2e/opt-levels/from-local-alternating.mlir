// dist.from_local in a loop, its part chosen each iteration between two
// loop-invariant tensors of different sizes (two irregular partitions of
// the same vector): the tiling check and the result use the part of that
// iteration at every -O level.
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %distc -O0 %s -o %t.dir/O0 && %distc -O1 %s -o %t.dir/O1 && %distc -O2 %s -o %t.dir/O2 && %distc -O3 %s -o %t.dir/O3
// RUN: cd %t.dir && %mpirun -n 4 ./O0 | FileCheck %s
// RUN: cd %t.dir && %mpirun -n 4 ./O1 | FileCheck %s
// RUN: cd %t.dir && %mpirun -n 5 ./O2 | FileCheck %s --check-prefix=P5
// RUN: cd %t.dir && %mpirun -n 4 ./O3 | FileCheck %s
// RUN: cd %t.dir && %mpirun -n 5 ./O0 | FileCheck %s --check-prefix=P5

// 4 ranks: A has 1+2+3+4 = 10 elements, B 4+3+2+1 = 10; odd iterations
// use B. The sum of the ones and of the global sizes over 4 iterations.
// CHECK: 40
// CHECK-NEXT: 40
// P5: 60
// P5-NEXT: 60
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %f1 = arith.constant 1.0 : f64
  %p = dist.team_size
  %r = dist.team_member
  // A: rank r holds r + 1 elements, offset r (r + 1) / 2.
  %na = arith.addi %r, %c1 : index
  %ta = arith.muli %r, %na : index
  %oa = arith.divui %ta, %c2 : index
  // B: rank r holds P - r elements, offset r P - r (r - 1) / 2.
  %nb = arith.subi %p, %r : index
  %rp = arith.muli %r, %p : index
  %rm1 = arith.subi %r, %c1 : index
  %tb = arith.muli %r, %rm1 : index
  %hb = arith.divui %tb, %c2 : index
  %ob = arith.subi %rp, %hb : index
  %pa = tensor.splat %f1[%na] : tensor<?xf64>
  %pb = tensor.splat %f1[%nb] : tensor<?xf64>
  %iters = arith.constant 4 : index
  %init = arith.constant 0.0 : f64
  %s, %g = scf.for %i = %c0 to %iters step %c1 iter_args(%acc = %init, %gacc = %init) -> (f64, f64) {
    %odd = arith.remui %i, %c2 : index
    %isodd = arith.cmpi eq, %odd, %c1 : index
    %part, %off = scf.if %isodd -> (tensor<?xf64>, index) {
      scf.yield %pb, %ob : tensor<?xf64>, index
    } else {
      scf.yield %pa, %oa : tensor<?xf64>, index
    }
    %v = dist.from_local %part offset %off : tensor<?xf64> -> !dist.tensor<?xf64, irregular>
    %x = dist.reduce sum %v : !dist.tensor<?xf64, irregular> -> f64
    %acc2 = arith.addf %acc, %x : f64
    // The global size seen through the result.
    %n = dist.global_dim %v, 0 : !dist.tensor<?xf64, irregular>
    %ni = arith.index_cast %n : index to i64
    %nf = arith.sitofp %ni : i64 to f64
    %g2 = arith.addf %gacc, %nf : f64
    scf.yield %acc2, %g2 : f64, f64
  }
  dist.print %s : f64
  dist.print %g : f64
  return
}
