// The 2-D weight-stationary feed-forward sample
// (samples/shard/feed-forward-2d.mlir) against itself without shard ops on
// one rank, on grids of 2x2, 1x4, 4x1, 1x1 and 2x1x2 (a 3-D grid).
// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 2x2,1x4,4x1,1x1,2x1x2 --work %t %srcroot/samples/shard/feed-forward-2d.mlir | FileCheck %s
// CHECK: 4 ranks match the reference (grid 2x2)
// CHECK: 4 ranks match the reference (grid 1x4)
// CHECK: 4 ranks match the reference (grid 4x1)
// CHECK: 1 ranks match the reference (grid 1x1)
// CHECK: 4 ranks match the reference (grid 2x1x2)
