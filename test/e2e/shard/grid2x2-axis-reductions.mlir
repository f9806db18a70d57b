// The 2x2-grid sample with reductions over one grid axis
// (samples/shard/grid2x2-axis-reductions.mlir) against itself without shard
// ops on one rank, on grids of 2x2, 4x1, 2x1 and 1x2.
// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 2x2,4x1,2x1,1x2 --work %t %srcroot/samples/shard/grid2x2-axis-reductions.mlir | FileCheck %s
// CHECK: 4 ranks match the reference (grid 2x2)
// CHECK: 4 ranks match the reference (grid 4x1)
// CHECK: 2 ranks match the reference (grid 2x1)
// CHECK: 2 ranks match the reference (grid 1x2)
