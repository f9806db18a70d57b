// End-to-end: samples/reshape.mlir (a 12-element 1-D array reshaped to 3x4, blocks to row blocks (empty boxes at 4 ranks))
// compiled once and run on 1, 2, 3 and 4 ranks; every rank's output is checked
// (lines tagged with the rank by --tag-output, sorted in the C locale).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/reshape.mlir -o %t
// RUN: %mpirun -n 1 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N1 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N2 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N3 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N4 --match-full-lines --implicit-check-not='<stdout>'

// N1: [1,0]<stdout>:rank 0 row 0: ( 0, 1, 2, 3 )
// N1-NEXT: [1,0]<stdout>:rank 0 row 1: ( 4, 5, 6, 7 )
// N1-NEXT: [1,0]<stdout>:rank 0 row 2: ( 8, 9, 10, 11 )
// N1-NEXT: [1,0]<stdout>:rank 0: 3 rows

// N2: [1,0]<stdout>:rank 0 row 0: ( 0, 1, 2, 3 )
// N2-NEXT: [1,0]<stdout>:rank 0: 1 rows
// N2-NEXT: [1,1]<stdout>:rank 1 row 1: ( 4, 5, 6, 7 )
// N2-NEXT: [1,1]<stdout>:rank 1 row 2: ( 8, 9, 10, 11 )
// N2-NEXT: [1,1]<stdout>:rank 1: 2 rows

// N3: [1,0]<stdout>:rank 0 row 0: ( 0, 1, 2, 3 )
// N3-NEXT: [1,0]<stdout>:rank 0: 1 rows
// N3-NEXT: [1,1]<stdout>:rank 1 row 1: ( 4, 5, 6, 7 )
// N3-NEXT: [1,1]<stdout>:rank 1: 1 rows
// N3-NEXT: [1,2]<stdout>:rank 2 row 2: ( 8, 9, 10, 11 )
// N3-NEXT: [1,2]<stdout>:rank 2: 1 rows

// N4: [1,0]<stdout>:rank 0: 0 rows
// N4-NEXT: [1,1]<stdout>:rank 1 row 0: ( 0, 1, 2, 3 )
// N4-NEXT: [1,1]<stdout>:rank 1: 1 rows
// N4-NEXT: [1,2]<stdout>:rank 2 row 1: ( 4, 5, 6, 7 )
// N4-NEXT: [1,2]<stdout>:rank 2: 1 rows
// N4-NEXT: [1,3]<stdout>:rank 3 row 2: ( 8, 9, 10, 11 )
// N4-NEXT: [1,3]<stdout>:rank 3: 1 rows
