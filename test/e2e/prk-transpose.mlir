// End-to-end: samples/prk/transpose.mlir, the PRK Transpose kernel (B += A^T; A += 1),
// validated as PRK validates it, for sizes that the rank counts do not
// divide, at every -O level.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc -O0 %srcroot/samples/prk/transpose.mlir -o %t.O0
// RUN: %distc -O1 %srcroot/samples/prk/transpose.mlir -o %t.O1
// RUN: %distc -O2 %srcroot/samples/prk/transpose.mlir -o %t.O2
// RUN: %distc -O3 %srcroot/samples/prk/transpose.mlir -o %t.O3
// RUN: %mpirun -n 1 --tag-output %t.O0 --iterations 1 --n 23 | FileCheck %s --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t.O0 --iterations 2 --n 23 | FileCheck %s --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t.O1 --iterations 2 --n 37 | FileCheck %s --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t.O2 --iterations 3 --n 50 | FileCheck %s --implicit-check-not='<stdout>'
// RUN: %mpirun -n 5 --tag-output %t.O2 --iterations 1 --n 41 | FileCheck %s --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t.O3 --iterations 2 --n 101 | FileCheck %s --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t.O3 --iterations 2 --n 101 | FileCheck %s --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:Solution validates
// CHECK-NEXT: [1,0]<stdout>:Rate (MB/s): {{[0-9.e+]+|inf}}
// CHECK-NEXT: [1,0]<stdout>:Avg time (s): {{[0-9.e+-]+}}
