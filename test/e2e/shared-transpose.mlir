// End-to-end: the PRK transpose (samples/transpose.mlir) at N = 1700 (which
// 3 and 5 do not divide), large enough that every rank's blocks of A and B
// come from the allocator's huge-page blocks (4 MiB and more up to 5 ranks):
// from the second iteration on, A is a shared program buffer and every rank
// transposes its peers' parts straight out of their memory (docs/runtime.md,
// "Shared program buffers"). The result is the closed form's (errors 0) and
// the same checksum on 1, 2, 3 and 5 ranks, with sharing on and off; the
// statistics show the mapped reads (peers x (iterations - 1) per rank).
// REQUIRES: compiler, idtr-runtime
// RUN: sed -e 's/%n = arith.constant [0-9]* : index/%n = arith.constant 1700 : index/' -e 's/%iterations = arith.constant [0-9]* : index/%iterations = arith.constant 4 : index/' %srcroot/samples/transpose.mlir > %t.mlir
// RUN: %distc %t.mlir -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s
// RUN: env IDTR_STATS=1 %mpirun -n 2 %t > %t.2.out 2> %t.2.err
// RUN: FileCheck %s < %t.2.out
// RUN: FileCheck %s --check-prefix=P2 < %t.2.err
// RUN: env IDTR_STATS=1 %mpirun -n 3 %t > %t.3.out 2> %t.3.err
// RUN: FileCheck %s < %t.3.out
// RUN: FileCheck %s --check-prefix=P3 < %t.3.err
// RUN: env IDTR_STATS=1 %mpirun -n 5 %t > %t.5.out 2> %t.5.err
// RUN: FileCheck %s < %t.5.out
// RUN: FileCheck %s --check-prefix=P5 < %t.5.err
// RUN: env IDTR_SHARED_BUFFERS=0 IDTR_STATS=1 %mpirun -n 3 %t > %t.off.out 2> %t.off.err
// RUN: FileCheck %s < %t.off.out
// RUN: FileCheck %s --check-prefix=OFF < %t.off.err

// CHECK: errors 0
// CHECK-NEXT: checksum 1.67042e+13

// P2-DAG: idtr-stats: rank 0 {{.*}} control_messages=4 mapped_reads=3 {{.*}}
// P2-DAG: idtr-stats: rank 1 {{.*}} control_messages=4 mapped_reads=3 {{.*}}
// P3-DAG: idtr-stats: rank 0 {{.*}} control_messages=8 mapped_reads=6 {{.*}}
// P3-DAG: idtr-stats: rank 2 {{.*}} control_messages=8 mapped_reads=6 {{.*}}
// P5-DAG: idtr-stats: rank 4 {{.*}} control_messages=16 mapped_reads=12 {{.*}}
// OFF-DAG: idtr-stats: rank 0 {{.*}} control_messages=8 mapped_reads=0 {{.*}}
// OFF-DAG: idtr-stats: rank 1 {{.*}} control_messages=8 mapped_reads=0 {{.*}}
