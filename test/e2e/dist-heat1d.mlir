// End-to-end: samples/heat1d.mlir, the periodic 1-D heat equation with its
// sizes from the command line: the same output on 1-5 ranks, at the
// default size and at one that no rank count divides (--n 37), with the
// heat crossing the ring's seam (u[-3:] is not zero). Lines are tagged with
// the rank, so a line printed by another rank than 0 fails the test.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/heat1d.mlir -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 5 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t --n 37 --steps 50 | FileCheck %s --check-prefix=ODD --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 5 --tag-output %t --n 37 --steps 50 | FileCheck %s --check-prefix=ODD --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 %t --time --steps 10 | FileCheck %s --check-prefix=TIME

// CHECK: [1,0]<stdout>:sum 25
// CHECK-NEXT: [1,0]<stdout>:max 0.788754
// CHECK-NEXT: [1,0]<stdout>:u[:3] ( 0.512843, 0.550275, 0.586523 )
// CHECK-NEXT: [1,0]<stdout>:u[-3:] ( 0.398367, 0.436409, 0.474724 )

// ODD: [1,0]<stdout>:sum 9
// ODD-NEXT: [1,0]<stdout>:max 0.631798
// ODD-NEXT: [1,0]<stdout>:u[:3] ( 0.495482, 0.551218, 0.594676 )
// ODD-NEXT: [1,0]<stdout>:u[-3:] ( 0.29816, 0.364577, 0.431761 )

// TIME: seconds per step {{[0-9.e+-]+}}
