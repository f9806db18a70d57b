// The programs of bench/shard/ compute what they claim, on small sizes:
// the transpose by resharding (N = 64 on 2 and 3 ranks: uneven blocks on
// 3) and its dist equivalent find no wrong element of A^T; the shard and
// dist feed-forward layers print the same sum of Y (that of ff_mpi.c); the
// transformer layer, at its benchmark size on 2 ranks (about a second),
// the sum of squares of transformer_mpi.c.
// REQUIRES: compiler, idtr-runtime
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed -e 's/2048/64/g' %srcroot/bench/shard/transpose-shard.mlir > %t/t2.mlir
// RUN: sed -e 's/2048/64/g' -e 's/shape = 2)/shape = 3)/' %srcroot/bench/shard/transpose-shard.mlir > %t/t3.mlir
// RUN: %distc -O2 %t/t2.mlir -o %t/t2 && %mpirun -n 2 %t/t2 --reps 2 | FileCheck %s --check-prefix=T
// RUN: %distc -O2 %t/t3.mlir -o %t/t3 && %mpirun -n 3 %t/t3 --reps 2 | FileCheck %s --check-prefix=T
// RUN: %distc -O2 %srcroot/bench/shard/transpose-dist.mlir -o %t/td && %mpirun -n 3 %t/td --n 64 --reps 2 | FileCheck %s --check-prefix=T
// T: errors 0
// T-NEXT: seconds
// RUN: %distc -O2 %srcroot/bench/shard/ff-shard.mlir -o %t/fs && %mpirun -n 2 %t/fs --reps 1 | FileCheck %s --check-prefix=FF
// RUN: %distc -O2 %srcroot/bench/shard/ff-dist.mlir -o %t/fd && %mpirun -n 2 %t/fd --reps 1 | FileCheck %s --check-prefix=FF
// FF: sum 8.0169e+07
// FF-NEXT: seconds
// RUN: %distc -O2 %srcroot/bench/shard/transformer-shard.mlir -o %t/tf && %mpirun -n 2 %t/tf --reps 1 | FileCheck %s --check-prefix=TF
// TF: sum 266.5
// TF-NEXT: sumsq 4.1516e+06
// TF-NEXT: seconds
