// End-to-end: samples/wave2d.mlir, the 2-D wave equation written with
// dist.slice and dist.insert_slice, sizes from the command line: the same
// output on 1-5 ranks, at the default size and at one no rank count
// divides (--n 37). Lines are tagged with the rank, so a line printed by
// another rank than 0 fails the test.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/wave2d.mlir -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 5 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t --n 37 --steps 30 | FileCheck %s --check-prefix=ODD --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 5 --tag-output %t --n 37 --steps 30 | FileCheck %s --check-prefix=ODD --match-full-lines --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:sum -130.651
// CHECK-NEXT: [1,0]<stdout>:max 0.146829
// CHECK-NEXT: [1,0]<stdout>:min -0.223184

// ODD: [1,0]<stdout>:sum 17.3775
// ODD-NEXT: [1,0]<stdout>:max 0.147
// ODD-NEXT: [1,0]<stdout>:min -0.0962359
