// End-to-end: samples/reduction.mlir (allreduce sum and max of one 4-vector per rank)
// compiled once and run on 1, 2, 3 and 4 ranks; every rank's output is checked
// (lines tagged with the rank by --tag-output, sorted in the C locale).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/reduction.mlir -o %t
// RUN: %mpirun -n 1 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N1 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N2 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N3 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N4 --match-full-lines --implicit-check-not='<stdout>'

// N1: [1,0]<stdout>:rank 0 of 1: sum ( 0, 1, 2, 3 ) max ( 0, 1, 2, 3 )

// N2: [1,0]<stdout>:rank 0 of 2: sum ( 4, 6, 8, 10 ) max ( 4, 5, 6, 7 )
// N2-NEXT: [1,1]<stdout>:rank 1 of 2: sum ( 4, 6, 8, 10 ) max ( 4, 5, 6, 7 )

// N3: [1,0]<stdout>:rank 0 of 3: sum ( 12, 15, 18, 21 ) max ( 8, 9, 10, 11 )
// N3-NEXT: [1,1]<stdout>:rank 1 of 3: sum ( 12, 15, 18, 21 ) max ( 8, 9, 10, 11 )
// N3-NEXT: [1,2]<stdout>:rank 2 of 3: sum ( 12, 15, 18, 21 ) max ( 8, 9, 10, 11 )

// N4: [1,0]<stdout>:rank 0 of 4: sum ( 24, 28, 32, 36 ) max ( 12, 13, 14, 15 )
// N4-NEXT: [1,1]<stdout>:rank 1 of 4: sum ( 24, 28, 32, 36 ) max ( 12, 13, 14, 15 )
// N4-NEXT: [1,2]<stdout>:rank 2 of 4: sum ( 24, 28, 32, 36 ) max ( 12, 13, 14, 15 )
// N4-NEXT: [1,3]<stdout>:rank 3 of 4: sum ( 24, 28, 32, 36 ) max ( 12, 13, 14, 15 )
