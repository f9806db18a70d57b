// _idtr_alloc / _idtr_free through the C API (idtr.h, libidtr.a only): the
// transpose B = A^T of a 900 x 1300 f64 matrix in row blocks that 3 ranks
// do not divide, four times with A rewritten in between, with arrays from
// _idtr_alloc (blocks of at least 4 MiB): from the second call on, A is
// moved into memory the node's ranks share and every rank transposes its
// peers' parts straight out of their memory (docs/runtime.md, "Shared
// program buffers"), which the statistics show (mapped_reads); with arrays
// from malloc, and with IDTR_SHARED_BUFFERS=0, the same result without.
//
// UNSUPPORTED: sanitizers
// RUN: %mpicc -std=c11 -I%idtr_include %s %libdir/libidtr.a -lstdc++ -lm -o %t
// RUN: env IDTR_STATS=1 timeout -k 5 120 %mpirun -n 2 %t > %t.2.out 2> %t.2.err
// RUN: FileCheck %s --input-file %t.2.out
// RUN: FileCheck %s --check-prefix=MAPPED --input-file %t.2.err
// RUN: env IDTR_STATS=1 timeout -k 5 120 %mpirun -n 3 %t > %t.3.out 2> %t.3.err
// RUN: FileCheck %s --input-file %t.3.out
// RUN: FileCheck %s --check-prefix=MAPPED3 --input-file %t.3.err
// RUN: env IDTR_STATS=1 timeout -k 5 120 %mpirun -n 3 %t malloc > %t.m.out 2> %t.m.err
// RUN: FileCheck %s --input-file %t.m.out
// RUN: FileCheck %s --check-prefix=NONE --input-file %t.m.err
// RUN: env IDTR_SHARED_BUFFERS=0 IDTR_STATS=1 timeout -k 5 120 %mpirun -n 2 %t > %t.off.out 2> %t.off.err
// RUN: FileCheck %s --input-file %t.off.out
// RUN: FileCheck %s --check-prefix=NONE --input-file %t.off.err
// CHECK: shared-alloc: 4 transposes ok
// MAPPED-DAG: idtr-stats: rank 0 {{.*}} control_messages=4 mapped_reads=3 {{.*}}
// MAPPED-DAG: idtr-stats: rank 1 {{.*}} control_messages=4 mapped_reads=3 {{.*}}
// MAPPED3-DAG: idtr-stats: rank 0 {{.*}} control_messages=8 mapped_reads=6 {{.*}}
// MAPPED3-DAG: idtr-stats: rank 2 {{.*}} control_messages=8 mapped_reads=6 {{.*}}
// NONE-DAG: idtr-stats: rank 0 {{.*}} control_messages={{[1-9][0-9]*}} mapped_reads=0 {{.*}}
// NONE-DAG: idtr-stats: rank 1 {{.*}} control_messages={{[1-9][0-9]*}} mapped_reads=0 {{.*}}

#include <idtr/idtr.h>
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef IDTR_MEMREF(double, 2) desc2;

static int64_t off(int64_t n, int P, int r) { return n * r / P; }

static double value(int64_t i, int64_t j, int it) { return (double)(i * 4099 + j) + 0.25 * it; }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int P, p;
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  MPI_Comm_rank(MPI_COMM_WORLD, &p);
  const int use_malloc = argc > 1 && strcmp(argv[1], "malloc") == 0;
  const int64_t n0 = 900, n1 = 1300;
  int64_t r0 = off(n0, P, p), m0 = off(n0, P, p + 1) - r0;
  int64_t r1 = off(n1, P, p), m1 = off(n1, P, p + 1) - r1;
  // At least 4 MiB: the blocks the allocator puts on huge pages, which it
  // can share.
  size_t abytes = (size_t)(m0 * n1) * 8, bbytes = (size_t)(m1 * n0) * 8;
  if (abytes < (4u << 20)) abytes = 4u << 20;
  if (bbytes < (4u << 20)) bbytes = 4u << 20;
  double *A = use_malloc ? malloc(abytes) : _idtr_alloc(64, abytes);
  double *B = use_malloc ? malloc(bbytes) : _idtr_alloc(64, bbytes);
  int64_t g[2] = {n0, n1}, lo[2] = {r0, 0}, nlo[2] = {r1, 0}, axes[2] = {1, 0};
  int64_t as[2] = {m0, n1}, bs[2] = {m1, n0};
  idtr_index_array_t G = idtr_index_array(g, 2), L = idtr_index_array(lo, 2),
                     N = idtr_index_array(nlo, 2), X = idtr_index_array(axes, 2);
  desc2 in, out;
  idtr_init_contiguous(&in, A, 2, as);
  idtr_init_contiguous(&out, B, 2, bs);
  long long bad = 0;
  for (int it = 0; it < 4; ++it) {
    for (int64_t i = 0; i < m0; ++i)
      for (int64_t j = 0; j < n1; ++j)
        A[i * n1 + j] = value(r0 + i, j, it);
    _idtr_wait(_idtr_copy_permute_f64(0, 1, &G, 1, &L, 2, &in, 1, &N, 2, &out, 1, &X));
    for (int64_t i = 0; i < m1; ++i)
      for (int64_t j = 0; j < n0; ++j)
        bad += B[i * n0 + j] != value(j, r1 + i, it);
  }
  long long all = 0;
  MPI_Allreduce(&bad, &all, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (p == 0) {
    if (all == 0)
      printf("shared-alloc: 4 transposes ok\n");
    else
      printf("shared-alloc: %lld wrong elements\n", all);
    fflush(stdout);
  }
  if (use_malloc) {
    free(A);
    free(B);
  } else {
    _idtr_free(A);
    _idtr_free(B);
  }
  MPI_Finalize();
  return all != 0;
}
