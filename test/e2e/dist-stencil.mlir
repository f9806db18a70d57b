// End-to-end: samples/stencil.mlir: 2-D Jacobi with dist.shift, a dist tensor through func.call and nested scf.for.
// Only rank 0 prints, and the output is the same on any number of ranks:
// the same checks for 1, 2, 3 and 4 ranks (lines tagged with the rank by
// --tag-output, so a line printed by another rank fails the test).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/stencil.mlir -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %distc -O0 %srcroot/samples/stencil.mlir -o %t.O0
// RUN: %mpirun -n 1 --tag-output %t.O0 | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t.O0 | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %distc -O3 %srcroot/samples/stencil.mlir -o %t.O3
// RUN: %mpirun -n 2 --tag-output %t.O3 | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t.O3 | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:iteration 25 residual 3.02483
// CHECK-NEXT: [1,0]<stdout>:iteration 50 residual 2.61767
// CHECK-NEXT: [1,0]<stdout>:iteration 75 residual 2.33698
// CHECK-NEXT: [1,0]<stdout>:iteration 100 residual 2.12873
// CHECK-NEXT: [1,0]<stdout>:sum 6399.85
// CHECK-NEXT: [1,0]<stdout>:max 19.9061
