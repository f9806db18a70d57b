// The transpose-by-resharding sample (samples/shard/reshard-transpose.mlir):
// against itself without shard ops on one rank, on grids of 1, 2, 3, 4 and
// 2x2 (10x7: uneven row and column blocks on 3 and 4, uneven columns on 2),
// and its printed check on 3 ranks.
// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 1,2,3,4,2x2 --work %t %srcroot/samples/shard/reshard-transpose.mlir | FileCheck %s
// CHECK: 1 ranks match the reference
// CHECK: 2 ranks match the reference
// CHECK: 3 ranks match the reference
// CHECK: 4 ranks match the reference
// CHECK: 4 ranks match the reference (grid 2x2)
// RUN: sed 's/shape = 4/shape = 3/' %srcroot/samples/shard/reshard-transpose.mlir > %t/p3.mlir
// RUN: %distc %t/p3.mlir -o %t/p3 && %mpirun -n 3 %t/p3 | FileCheck --check-prefix=OUT %s
// OUT-COUNT-3: ( ( 1, 22, 43, 64, 85, 106, 127, 148, 169, 190 ), ( 4, 25, {{.*}} ), ( 19, 40, 61, 82, 103, 124, 145, 166, 187, 208 ) )
// OUT-NOT: errors {{[1-9]}}
