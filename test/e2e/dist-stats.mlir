// End-to-end: samples/stats.mlir: mean, variance, min and max of a generated 1e6-element vector.
// Only rank 0 prints, and the output is the same on any number of ranks:
// the same checks for 1, 2, 3 and 4 ranks (lines tagged with the rank by
// --tag-output, so a line printed by another rank fails the test).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/stats.mlir -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:n 1000000
// CHECK-NEXT: [1,0]<stdout>:mean 0.499875
// CHECK-NEXT: [1,0]<stdout>:variance 0.0832244
// CHECK-NEXT: [1,0]<stdout>:min 0
// CHECK-NEXT: [1,0]<stdout>:max 0.999998
