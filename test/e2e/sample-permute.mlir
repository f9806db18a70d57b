// End-to-end: samples/permute.mlir (a 4x6 array in row blocks transposed to 6x4 in row blocks)
// compiled once and run on 1, 2, 3 and 4 ranks; every rank's output is checked
// (lines tagged with the rank by --tag-output, sorted in the C locale).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/permute.mlir -o %t
// RUN: %mpirun -n 1 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N1 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N2 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N3 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N4 --match-full-lines --implicit-check-not='<stdout>'

// N1: [1,0]<stdout>:rank 0 row 0: ( 0, 10, 20, 30 )
// N1-NEXT: [1,0]<stdout>:rank 0 row 1: ( 1, 11, 21, 31 )
// N1-NEXT: [1,0]<stdout>:rank 0 row 2: ( 2, 12, 22, 32 )
// N1-NEXT: [1,0]<stdout>:rank 0 row 3: ( 3, 13, 23, 33 )
// N1-NEXT: [1,0]<stdout>:rank 0 row 4: ( 4, 14, 24, 34 )
// N1-NEXT: [1,0]<stdout>:rank 0 row 5: ( 5, 15, 25, 35 )
// N1-NEXT: [1,0]<stdout>:rank 0: 6 rows

// N2: [1,0]<stdout>:rank 0 row 0: ( 0, 10, 20, 30 )
// N2-NEXT: [1,0]<stdout>:rank 0 row 1: ( 1, 11, 21, 31 )
// N2-NEXT: [1,0]<stdout>:rank 0 row 2: ( 2, 12, 22, 32 )
// N2-NEXT: [1,0]<stdout>:rank 0: 3 rows
// N2-NEXT: [1,1]<stdout>:rank 1 row 3: ( 3, 13, 23, 33 )
// N2-NEXT: [1,1]<stdout>:rank 1 row 4: ( 4, 14, 24, 34 )
// N2-NEXT: [1,1]<stdout>:rank 1 row 5: ( 5, 15, 25, 35 )
// N2-NEXT: [1,1]<stdout>:rank 1: 3 rows

// N3: [1,0]<stdout>:rank 0 row 0: ( 0, 10, 20, 30 )
// N3-NEXT: [1,0]<stdout>:rank 0 row 1: ( 1, 11, 21, 31 )
// N3-NEXT: [1,0]<stdout>:rank 0: 2 rows
// N3-NEXT: [1,1]<stdout>:rank 1 row 2: ( 2, 12, 22, 32 )
// N3-NEXT: [1,1]<stdout>:rank 1 row 3: ( 3, 13, 23, 33 )
// N3-NEXT: [1,1]<stdout>:rank 1: 2 rows
// N3-NEXT: [1,2]<stdout>:rank 2 row 4: ( 4, 14, 24, 34 )
// N3-NEXT: [1,2]<stdout>:rank 2 row 5: ( 5, 15, 25, 35 )
// N3-NEXT: [1,2]<stdout>:rank 2: 2 rows

// N4: [1,0]<stdout>:rank 0 row 0: ( 0, 10, 20, 30 )
// N4-NEXT: [1,0]<stdout>:rank 0: 1 rows
// N4-NEXT: [1,1]<stdout>:rank 1 row 1: ( 1, 11, 21, 31 )
// N4-NEXT: [1,1]<stdout>:rank 1 row 2: ( 2, 12, 22, 32 )
// N4-NEXT: [1,1]<stdout>:rank 1: 2 rows
// N4-NEXT: [1,2]<stdout>:rank 2 row 3: ( 3, 13, 23, 33 )
// N4-NEXT: [1,2]<stdout>:rank 2: 1 rows
// N4-NEXT: [1,3]<stdout>:rank 3 row 4: ( 4, 14, 24, 34 )
// N4-NEXT: [1,3]<stdout>:rank 3 row 5: ( 5, 15, 25, 35 )
// N4-NEXT: [1,3]<stdout>:rank 3: 2 rows
