// End-to-end: samples/prk/stencil.mlir (the PRK Stencil, star of radius 2,
// on a run-time process grid) passes PRK's validation at -O0 to -O3 on 1 to
// 4 ranks, with N = 37 and 50 (blocks of unequal sizes on every grid but
// 1 x 1 and 2 x 1 at 50).
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t && mkdir %t
// RUN: bash -c 'for o in 0 1 2 3; do %distc -O$o %srcroot/samples/prk/stencil.mlir -o %t/o$o || exit 1; done'
// RUN: bash -c 'for o in 0 1 2 3; do for np in 1 2 3 4; do for n in 37 50; do \
// RUN:   %mpirun -n $np %t/o$o --n $n --iterations 4 > %t/out.$o.$np.$n || exit 1; \
// RUN:   grep -q "^Solution validates$" %t/out.$o.$np.$n || { echo "-O$o $np ranks n=$n:"; cat %t/out.$o.$np.$n; exit 1; }; \
// RUN: done; done; done'
// RUN: %mpirun -n 3 %t/o3 --n 37 --iterations 4 | FileCheck %s

// CHECK: Solution validates
// CHECK-NEXT: Rate (MFlops/s) {{[0-9.e+]+}}
// CHECK-NEXT: Avg time (s) {{[0-9.e+-]+}}
