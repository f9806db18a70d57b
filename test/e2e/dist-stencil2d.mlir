// End-to-end: samples/stencil2d.mlir (5- and 9-point Jacobi on a run-time
// process grid, one update_grid_halo per step): the same output on 1, 2,
// 3, 4 and 6 ranks (grids 1x1, 2x1, 3x1, 2x2, 3x2). The 5-point values
// are samples/stencil.mlir's.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/stencil2d.mlir -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 6 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:5-point sum 6399.85
// CHECK-NEXT: [1,0]<stdout>:5-point max 19.9061
// CHECK-NEXT: [1,0]<stdout>:9-point sum 7679.3
// CHECK-NEXT: [1,0]<stdout>:9-point max 22.5111
