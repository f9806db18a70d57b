// End-to-end: the PRK Stencil written with its step inline in the loop
// (samples/prk/stencil.mlir has it as a private function): the stencil
// accumulates into `out` and `in += 1` updates `in` in place, so an
// iteration allocates no array-sized buffer. IDTR_STATS counts the program
// buffers of 64 KiB or more (large_allocs): runs of 3 and 6 iterations
// allocate the same number on every rank, for the loop form and for the
// sample's function form, at -O2 and -O3 (N = 203: blocks of 100 KiB and
// more on 1 to 4 ranks, every halo window and slab below 64 KiB). PRK's
// validation passes at every level.
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t && mkdir %t
// RUN: %distc -O0 %s -o %t/o0 && %mpirun -n 3 %t/o0 --n 37 | FileCheck %s
// RUN: %distc -O1 %s -o %t/o1 && %mpirun -n 4 %t/o1 --n 50 | FileCheck %s
// RUN: %distc -O2 %s -o %t/o2 && %mpirun -n 2 %t/o2 --n 37 | FileCheck %s
// RUN: %distc -O3 %s -o %t/o3 && %mpirun -n 3 %t/o3 --n 50 | FileCheck %s
// RUN: %distc -O2 %srcroot/samples/prk/stencil.mlir -o %t/f2
// RUN: %distc -O3 %srcroot/samples/prk/stencil.mlir -o %t/f3
// RUN: bash -c 'for exe in o2 o3 f2 f3; do for np in 1 2 3 4; do \
// RUN:   for it in 3 6; do \
// RUN:     env IDTR_STATS=1 %mpirun -n $np %t/$exe --n 203 --iterations $it 2>&1 >/dev/null \
// RUN:       | grep -o "rank [0-9]* \|large_allocs=[0-9]*" | paste - - | sort > %t/$exe.$np.$it; \
// RUN:   done; \
// RUN:   test -s %t/$exe.$np.3 && diff %t/$exe.$np.3 %t/$exe.$np.6 || { echo "$exe on $np ranks"; exit 1; }; \
// RUN: done; done'
// RUN: cat %t/o3.4.3 | FileCheck %s --check-prefix=COUNTED

// CHECK: Solution validates
// CHECK-NEXT: norm {{.*}}
// COUNTED: rank 0 large_allocs={{[0-9]+}}
// COUNTED: rank 3 large_allocs={{[0-9]+}}

!grid = !dist.tensor<?x?xf64, grid = [?, ?], split = [0, 1]>

func.func @main() {
  %n = dist.param "n" default 1000 : index
  %iterations = dist.param "iterations" default 10 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %two = arith.constant 2.0 : f64
  %tol = arith.constant 1.0e-8 : f64
  %in0 = dist.generate (%n, %n) : !grid {
  ^bb0(%i: index, %j: index):
    %ij = arith.addi %i, %j : index
    %v = arith.index_cast %ij : index to i64
    %f = arith.sitofp %v : i64 to f64
    dist.yield %f : f64
  }
  %out0 = dist.full %zero (%n, %n) : !grid
  // Iteration 0 and the I further iterations.
  %steps_idx = arith.addi %iterations, %c1 : index
  %in, %out = scf.for %it = %c0 to %steps_idx step %c1
      iter_args(%u = %in0, %acc0 = %out0) -> (!grid, !grid) {
    %w1 = arith.constant 0.25 : f64
    %w2 = arith.constant 0.125 : f64
    %m1 = arith.constant -0.25 : f64
    %m2 = arith.constant -0.125 : f64
    %hi_s = arith.subi %n, %c2 : index
    %n2 = dist.shift %u offsets [-2, 0] fill %zero : !grid
    %n1 = dist.shift %u offsets [-1, 0] fill %zero : !grid
    %s1 = dist.shift %u offsets [1, 0] fill %zero : !grid
    %s2 = dist.shift %u offsets [2, 0] fill %zero : !grid
    %w2s = dist.shift %u offsets [0, -2] fill %zero : !grid
    %w1s = dist.shift %u offsets [0, -1] fill %zero : !grid
    %e1 = dist.shift %u offsets [0, 1] fill %zero : !grid
    %e2 = dist.shift %u offsets [0, 2] fill %zero : !grid
    %acc = dist.elementwise %acc0, %n2, %n1, %s1, %s2, %w2s, %w1s, %e1, %e2
        : !grid, !grid, !grid, !grid, !grid, !grid, !grid, !grid, !grid -> !grid {
    ^bb0(%o: f64, %a: f64, %b: f64, %c: f64, %d: f64, %e: f64, %f: f64, %g: f64, %h: f64):
      %i = dist.index 0 : index
      %j = dist.index 1 : index
      %i_lo = arith.cmpi sge, %i, %c2 : index
      %i_hi = arith.cmpi slt, %i, %hi_s : index
      %j_lo = arith.cmpi sge, %j, %c2 : index
      %j_hi = arith.cmpi slt, %j, %hi_s : index
      %i_in = arith.andi %i_lo, %i_hi : i1
      %j_in = arith.andi %j_lo, %j_hi : i1
      %active = arith.andi %i_in, %j_in : i1
      // PRK's expanded body: out += (the eight weighted neighbours, in
      // its order).
      %t0 = arith.mulf %a, %m2 : f64
      %t1 = arith.mulf %b, %m1 : f64
      %t2 = arith.mulf %e, %m2 : f64
      %t3 = arith.mulf %f, %m1 : f64
      %t4 = arith.mulf %g, %w1 : f64
      %t5 = arith.mulf %h, %w2 : f64
      %t6 = arith.mulf %c, %w1 : f64
      %t7 = arith.mulf %d, %w2 : f64
      %u0 = arith.addf %t0, %t1 : f64
      %u1 = arith.addf %u0, %t2 : f64
      %u2 = arith.addf %u1, %t3 : f64
      %u3 = arith.addf %u2, %t4 : f64
      %u4 = arith.addf %u3, %t5 : f64
      %u5 = arith.addf %u4, %t6 : f64
      %u6 = arith.addf %u5, %t7 : f64
      %u7 = arith.addf %o, %u6 : f64
      %r = arith.select %active, %u7, %o : f64
      dist.yield %r : f64
    }
    %next = dist.elementwise %u : !grid -> !grid {
    ^bb0(%x: f64):
      %y = arith.addf %x, %one : f64
      dist.yield %y : f64
    }
    scf.yield %next, %acc : !grid, !grid
  }
  %hi = arith.subi %n, %c2 : index
  %abs = dist.elementwise %out : !grid -> !grid {
  ^bb0(%x: f64):
    %i = dist.index 0 : index
    %j = dist.index 1 : index
    %i_lo = arith.cmpi sge, %i, %c2 : index
    %i_hi = arith.cmpi slt, %i, %hi : index
    %j_lo = arith.cmpi sge, %j, %c2 : index
    %j_hi = arith.cmpi slt, %j, %hi : index
    %i_in = arith.andi %i_lo, %i_hi : i1
    %j_in = arith.andi %j_lo, %j_hi : i1
    %active = arith.andi %i_in, %j_in : i1
    %ax = math.absf %x : f64
    %v = arith.select %active, %ax, %zero : f64
    dist.yield %v : f64
  }
  %total = dist.reduce sum %abs : !grid -> f64
  %side = arith.subi %n, %c4 : index
  %points = arith.muli %side, %side : index
  %points_i = arith.index_cast %points : index to i64
  %points_f = arith.sitofp %points_i : i64 to f64
  %norm = arith.divf %total, %points_f : f64
  %it_i = arith.index_cast %steps_idx : index to i64
  %it_f = arith.sitofp %it_i : i64 to f64
  %reference = arith.mulf %it_f, %two : f64
  %diff = arith.subf %norm, %reference : f64
  %err = math.absf %diff : f64
  %ok = arith.cmpf olt, %err, %tol : f64
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  scf.if %root {
    scf.if %ok {
      vector.print str "Solution validates\n"
    } else {
      vector.print str "ERROR\n"
    }
    vector.print str "norm "
  }
  dist.print %norm : f64
  return
}
