// End-to-end: the PRK transpose (samples/transpose.mlir, N = 256, which 3
// and 5 do not divide) with every transfer read directly out of the
// sender's input (IDTR_DIRECT_MIN_BYTES=1; docs/runtime.md, "Direct
// transfers"): the receiver reads the peer's rows into a cached tile and
// transposes it into its output, within the call on both ends, and the
// sender returns only once every reader acknowledged. On 1 to 5 ranks the
// result is the closed form's, and the statistics show that the direct
// path was taken (acknowledgements are control messages).
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %srcroot/samples/transpose.mlir -o %t
// RUN: env IDTR_DIRECT_MIN_BYTES=1 %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: env IDTR_DIRECT_MIN_BYTES=1 %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: env IDTR_DIRECT_MIN_BYTES=1 %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: env IDTR_DIRECT_MIN_BYTES=1 %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: env IDTR_DIRECT_MIN_BYTES=1 %mpirun -n 5 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: env IDTR_DIRECT_MIN_BYTES=1 IDTR_STATS=1 %mpirun -n 3 %t 2>&1 | FileCheck %s --check-prefix=STATS
// RUN: env IDTR_DIRECT=0 %mpirun -n 5 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:errors 0
// CHECK-NEXT: [1,0]<stdout>:checksum 1.07379e+10

// STATS-DAG: errors 0
// STATS-DAG: idtr-stats: rank 0 {{.*}} control_messages={{[1-9][0-9]*}}
// STATS-DAG: idtr-stats: rank 2 {{.*}} control_messages={{[1-9][0-9]*}}
