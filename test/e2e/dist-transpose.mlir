// End-to-end: samples/transpose.mlir: the PRK transpose kernel: dist.permute in an scf.for, checked against the closed form.
// Only rank 0 prints, and the output is the same on any number of ranks:
// the same checks for 1, 2, 3 and 4 ranks (lines tagged with the rank by
// --tag-output, so a line printed by another rank fails the test).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/transpose.mlir -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %distc -O0 %srcroot/samples/transpose.mlir -o %t.O0
// RUN: %mpirun -n 1 --tag-output %t.O0 | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t.O0 | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %distc -O3 %srcroot/samples/transpose.mlir -o %t.O3
// RUN: %mpirun -n 2 --tag-output %t.O3 | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t.O3 | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:errors 0
// CHECK-NEXT: [1,0]<stdout>:checksum 1.07379e+10
