// samples/shard/halo.mlir: hand-written SPMD code with update_halo,
// all_gather and the index queries on 4 ranks (it cannot be stripped: the
// expected output is spelled out). On another number of ranks every rank
// stops with the grid's error.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/shard/halo.mlir -o %t
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines
// RUN: not %mpirun -n 3 %t > %t.out 2>&1
// RUN: FileCheck %s --check-prefix=MISMATCH < %t.out

// CHECK-DAG: [1,0]<stdout>:( ( 9, 11 ), ( 30, 33 ), ( 60, 63 ), ( 90, 93 ), ( 120, 123 ), ( 150, 153 ), ( 180, 183 ), ( 210, 213 ), ( 240, 243 ), ( 270, 273 ), ( 300, 303 ), ( 209, 211 ) )
// CHECK-DAG: [1,3]<stdout>:( ( 9, 11 ), ( 30, 33 ), ( 60, 63 ), ( 90, 93 ), ( 120, 123 ), ( 150, 153 ), ( 180, 183 ), ( 210, 213 ), ( 240, 243 ), ( 270, 273 ), ( 300, 303 ), ( 209, 211 ) )
// CHECK-DAG: [1,0]<stdout>:( -1, 1, 4 )
// CHECK-DAG: [1,1]<stdout>:( 0, 2, 4 )
// CHECK-DAG: [1,2]<stdout>:( 1, 3, 4 )
// CHECK-DAG: [1,3]<stdout>:( 2, -1, 4 )

// One message, from the first rank, with the rank count.
// MISMATCH: halo.mlir:{{[0-9]+}}:1: error: shard grid @grid0 has shape 4 and needs exactly 4 ranks, but the program runs on another number (needed vs ranks): 4 vs 3
// MISMATCH-NOT: needs exactly
