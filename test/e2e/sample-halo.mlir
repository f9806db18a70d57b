// End-to-end: samples/halo.mlir (an 8x3 array in row blocks; each rank fetches the rows next to its block)
// compiled once and run on 1, 2, 3 and 4 ranks; every rank's output is checked
// (lines tagged with the rank by --tag-output, sorted in the C locale).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/halo.mlir -o %t
// RUN: %mpirun -n 1 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N1 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N2 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N3 --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | env LC_ALL=C sort | FileCheck %s --check-prefix=N4 --match-full-lines --implicit-check-not='<stdout>'

// N1: [1,0]<stdout>:rank 0: left 0 right 0

// N2: [1,0]<stdout>:rank 0 right row 4: ( 40, 41, 42 )
// N2-NEXT: [1,0]<stdout>:rank 0: left 0 right 1
// N2-NEXT: [1,1]<stdout>:rank 1 left row 3: ( 30, 31, 32 )
// N2-NEXT: [1,1]<stdout>:rank 1: left 1 right 0

// N3: [1,0]<stdout>:rank 0 right row 2: ( 20, 21, 22 )
// N3-NEXT: [1,0]<stdout>:rank 0: left 0 right 1
// N3-NEXT: [1,1]<stdout>:rank 1 left row 1: ( 10, 11, 12 )
// N3-NEXT: [1,1]<stdout>:rank 1 right row 5: ( 50, 51, 52 )
// N3-NEXT: [1,1]<stdout>:rank 1: left 1 right 1
// N3-NEXT: [1,2]<stdout>:rank 2 left row 4: ( 40, 41, 42 )
// N3-NEXT: [1,2]<stdout>:rank 2: left 1 right 0

// N4: [1,0]<stdout>:rank 0 right row 2: ( 20, 21, 22 )
// N4-NEXT: [1,0]<stdout>:rank 0: left 0 right 1
// N4-NEXT: [1,1]<stdout>:rank 1 left row 1: ( 10, 11, 12 )
// N4-NEXT: [1,1]<stdout>:rank 1 right row 4: ( 40, 41, 42 )
// N4-NEXT: [1,1]<stdout>:rank 1: left 1 right 1
// N4-NEXT: [1,2]<stdout>:rank 2 left row 3: ( 30, 31, 32 )
// N4-NEXT: [1,2]<stdout>:rank 2 right row 6: ( 60, 61, 62 )
// N4-NEXT: [1,2]<stdout>:rank 2: left 1 right 1
// N4-NEXT: [1,3]<stdout>:rank 3 left row 5: ( 50, 51, 52 )
// N4-NEXT: [1,3]<stdout>:rank 3: left 1 right 0
