// End-to-end: samples/array.mlir: arange, reshape, permute, reductions, repartition, from_local.
// Only rank 0 prints, and the output is the same on any number of ranks:
// the same checks for 1, 2, 3 and 4 ranks (lines tagged with the rank by
// --tag-output, so a line printed by another rank fails the test).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/array.mlir -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:m ( ( 0, 1, 2, 3, 4, 5 ), ( 6, 7, 8, 9, 10, 11 ), ( 12, 13, 14, 15, 16, 17 ), ( 18, 19, 20, 21, 22, 23 ) )
// CHECK-NEXT: [1,0]<stdout>:m.T ( ( 0, 6, 12, 18 ), ( 1, 7, 13, 19 ), ( 2, 8, 14, 20 ), ( 3, 9, 15, 21 ), ( 4, 10, 16, 22 ), ( 5, 11, 17, 23 ) )
// CHECK-NEXT: [1,0]<stdout>:sum 276
// CHECK-NEXT: [1,0]<stdout>:min 0
// CHECK-NEXT: [1,0]<stdout>:max 23
// CHECK-NEXT: [1,0]<stdout>:m.T.sum(axis=1) ( 36, 40, 44, 48, 52, 56 )
// CHECK-NEXT: [1,0]<stdout>:m.T.max(axis=0) ( 5, 11, 17, 23 )
// CHECK-NEXT: [1,0]<stdout>:m.sum(axis=0) ( 36, 40, 44, 48, 52, 56 )
// CHECK-NEXT: [1,0]<stdout>:m + m ( ( 0, 2, 4, 6, 8, 10 ), ( 12, 14, 16, 18, 20, 22 ), ( 24, 26, 28, 30, 32, 34 ), ( 36, 38, 40, 42, 44, 46 ) )
// CHECK-NEXT: [1,0]<stdout>:from_local ( 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23 )
// CHECK-NEXT: [1,0]<stdout>:max |from_local - arange| 0
