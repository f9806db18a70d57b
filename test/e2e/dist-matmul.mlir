// End-to-end: samples/matmul.mlir (C = A B with dist.matmul, A and B in row
// blocks, checked against the closed form) on 1 to 5 ranks, at -O2 (the
// packed, tiled and vectorized local product of distc-tile-matmul) and at
// -O0 (linalg.matmul as plain loops); n = 97 leaves remainders of every
// register and cache tile and divides by none of 2..5. Only rank 0 prints.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/matmul.mlir -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 5 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t --n 97 | FileCheck %s --check-prefix=N97 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 1 --tag-output %t --n 97 | FileCheck %s --check-prefix=N97 --match-full-lines --implicit-check-not='<stdout>'
// SUMMA (--summa: C on a run-time grid, 1x1 .. 3x2) prints the same:
// RUN: %mpirun -n 1 --tag-output %t --summa | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t --summa | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 6 --tag-output %t --summa | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 6 --tag-output %t --summa --n 97 | FileCheck %s --check-prefix=N97 --match-full-lines --implicit-check-not='<stdout>'
// --reps R repeats the product (best time) and checks the last one:
// RUN: %mpirun -n 3 --tag-output %t --reps 3 | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t --summa --reps 2 --n 97 | FileCheck %s --check-prefix=N97 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %distc -O0 %srcroot/samples/matmul.mlir -o %t0
// RUN: %mpirun -n 3 --tag-output %t0 --summa | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t0 | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t --verbose | FileCheck %s --check-prefix=VERBOSE --match-full-lines --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:errors 0
// CHECK-NEXT: [1,0]<stdout>:sum 2.6666e+10
// CHECK-NEXT: [1,0]<stdout>:max 6.6068e+06
// CHECK-NEXT: [1,0]<stdout>:min -5.2735e+06

// N97: [1,0]<stdout>:errors 0
// N97-NEXT: [1,0]<stdout>:sum 7.15536e+08
// N97-NEXT: [1,0]<stdout>:max 746512
// N97-NEXT: [1,0]<stdout>:min -594416

// VERBOSE: [1,0]<stdout>:errors 0
// VERBOSE-NEXT: [1,0]<stdout>:sum 2.6666e+10
// VERBOSE-NEXT: [1,0]<stdout>:max 6.6068e+06
// VERBOSE-NEXT: [1,0]<stdout>:min -5.2735e+06
// VERBOSE-NEXT: [1,0]<stdout>:seconds {{.*}}
// VERBOSE-NEXT: [1,0]<stdout>:gflops {{.*}}
