// The tensor-parallel transformer layer (samples/shard/transformer.mlir)
// against itself without shard ops on one rank, on 1-D grids of 1, 2, 3 and
// 4 (12 heads: whole heads on each) and on a 2x2 grid (the weights split
// along grid axis 0, replicated along axis 1: the all_reduces run on the
// sub-grid teams of axis 0), at -O0 and -O2.
// REQUIRES: compiler, idtr-runtime
// RUN: python3 %srcroot/scripts/shard-differential.py --distc %distc --mpirun "%mpirun" --ranks 1,2,3,4,2x2 --levels 0,2 --work %t %srcroot/samples/shard/transformer.mlir | FileCheck %s
// CHECK: 1 ranks match the reference at -O0
// CHECK-NEXT: 1 ranks match the reference at -O2
// CHECK: 2 ranks match the reference at -O0
// CHECK-NEXT: 2 ranks match the reference at -O2
// CHECK: 3 ranks match the reference at -O0
// CHECK-NEXT: 3 ranks match the reference at -O2
// CHECK: 4 ranks match the reference at -O0
// CHECK-NEXT: 4 ranks match the reference at -O2
// CHECK: 4 ranks match the reference (grid 2x2) at -O0
// CHECK-NEXT: 4 ranks match the reference (grid 2x2) at -O2
//
// The layer communicates exactly twice, the all_reduces of the two
// row-parallel products, and gathers nothing: after the shard stage the
// layer holds two distruntime.allreduce ops and no other communication, on
// 4, 3 and 2x2 grids alike; the program linked holds two calls of the
// runtime's reduction and none of its redistributions.
// RUN: %distc --emit=mlir --pipeline=distc-shard-to-distruntime %srcroot/samples/shard/transformer.mlir -o - | FileCheck %s --check-prefix=IR
// RUN: mkdir -p %t
// RUN: sed -e 's/shape = 4)/shape = 3)/' %srcroot/samples/shard/transformer.mlir > %t/p3.mlir
// RUN: %distc --emit=mlir --pipeline=distc-shard-to-distruntime %t/p3.mlir -o - | FileCheck %s --check-prefix=IR
// RUN: sed -e 's/shape = 4)/shape = 2x2)/' %srcroot/samples/shard/transformer.mlir > %t/p2x2.mlir
// RUN: %distc --emit=mlir --pipeline=distc-shard-to-distruntime %t/p2x2.mlir -o - | FileCheck %s --check-prefix=IR
// IR-LABEL: func.func @layer(
// IR-NOT: distruntime.{{copy|allreduce|reduce|send|recv|update_halo}}
// IR: distruntime.allreduce
// IR-NOT: distruntime.{{copy|allreduce|reduce|send|recv|update_halo}}
// IR: distruntime.allreduce
// IR-NOT: distruntime.{{copy|allreduce|reduce|send|recv|update_halo}}
// IR-LABEL: func.func @input(
// RUN: %distc -O2 --emit=mlir %srcroot/samples/shard/transformer.mlir -o - | FileCheck %s --check-prefix=LOWERED
// LOWERED-NOT: llvm.call @_idtr_{{copy|allreduce|reduce|send|recv|update_halo}}
// LOWERED: llvm.call @_idtr_allreduce_f32(
// LOWERED-NOT: llvm.call @_idtr_{{copy|allreduce|reduce|send|recv|update_halo}}
// LOWERED: llvm.call @_idtr_allreduce_f32(
// LOWERED-NOT: llvm.call @_idtr_{{copy|allreduce|reduce|send|recv|update_halo}}
//
// At run time (IDTR_STATS) every rank makes two runtime calls, both
// reductions, and sends no message of its own.
// RUN: %distc -O2 %srcroot/samples/shard/transformer.mlir -o %t/tf4
// RUN: env IDTR_STATS=1 %mpirun -n 4 %t/tf4 > %t/tf4.out 2> %t/tf4.err
// RUN: FileCheck %s --check-prefix=STATS < %t/tf4.err
// STATS-DAG: idtr-stats: rank 0 calls=2 waits=2 messages_sent=0 {{.*}} reductions=2 control_messages=0
// STATS-DAG: idtr-stats: rank 1 calls=2 waits=2 messages_sent=0 {{.*}} reductions=2 control_messages=0
// STATS-DAG: idtr-stats: rank 2 calls=2 waits=2 messages_sent=0 {{.*}} reductions=2 control_messages=0
// STATS-DAG: idtr-stats: rank 3 calls=2 waits=2 messages_sent=0 {{.*}} reductions=2 control_messages=0
