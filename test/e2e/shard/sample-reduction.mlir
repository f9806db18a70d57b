// The sharded-reduction sample (samples/shard/reduction.mlir): against
// itself without shard ops on one rank, on grids of 1, 2, 3, 4 and 2x2 (10
// rows: uneven blocks on 3 and 4), and its values on 3 ranks (computed by
// hand from A[i][j] = (5 i + 3 j) mod 17 - 8).
// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 1,2,3,4,2x2 --work %t %srcroot/samples/shard/reduction.mlir | FileCheck %s
// CHECK: 1 ranks match the reference
// CHECK: 2 ranks match the reference
// CHECK: 3 ranks match the reference
// CHECK: 4 ranks match the reference
// CHECK: 4 ranks match the reference (grid 2x2)
// RUN: sed 's/shape = 4/shape = 3/' %srcroot/samples/shard/reduction.mlir > %t/p3.mlir
// RUN: %distc %t/p3.mlir -o %t/p3 && %mpirun -n 3 --tag-output %t/p3 | sort | FileCheck --check-prefix=OUT %s
// OUT: [1,0]<stdout>:column sums ( -8, 5, 1, -3, -7, 6, 2 )
// OUT-NEXT: [1,0]<stdout>:max 8
// OUT-NEXT: [1,0]<stdout>:row sums ( -10, -9, 9, 10, -6, -5, 13, -3, -2, -1 )
// OUT-NEXT: [1,0]<stdout>:sum -4
// OUT: [1,2]<stdout>:sum -4
