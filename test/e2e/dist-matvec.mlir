// End-to-end: samples/matvec.mlir: y = A x with dist.gather, dist.local, linalg.matvec and dist.with_local in a function.
// Only rank 0 prints, and the output is the same on any number of ranks:
// the same checks for 1, 2, 3 and 4 ranks (lines tagged with the rank by
// --tag-output, so a line printed by another rank fails the test).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/matvec.mlir -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:errors 0
// CHECK-NEXT: [1,0]<stdout>:sum 2.35712e+07
// CHECK-NEXT: [1,0]<stdout>:norm 6.8425e+06
