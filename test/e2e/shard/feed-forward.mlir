// The weight-stationary feed-forward sample (samples/shard/feed-forward.mlir)
// against itself without shard ops on one rank, on grids of 1, 2, 3 and 4.
// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 1,2,3,4,2x2 --work %t %srcroot/samples/shard/feed-forward.mlir | FileCheck %s
// CHECK: 1 ranks match the reference
// CHECK: 2 ranks match the reference
// CHECK: 3 ranks match the reference
// CHECK: 4 ranks match the reference
// CHECK: 4 ranks match the reference (grid 2x2)
