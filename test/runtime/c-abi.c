// A plain C program that uses the runtime through idtr.h and libidtr.a only:
// a 2-D transpose, a reshape and an allreduce on 2 and 3 ranks.
//
// UNSUPPORTED: sanitizers
// RUN: %mpicc -std=c11 -I%idtr_include %s %libdir/libidtr.a -lstdc++ -lm -o %t
// RUN: timeout -k 5 60 %mpirun -n 2 %t | FileCheck %s
// RUN: timeout -k 5 60 %mpirun -n 3 %t | FileCheck %s
// CHECK: c-abi: permute ok
// CHECK: c-abi: reshape ok
// CHECK: c-abi: allreduce ok
#include "idtr/idtr.h"

#include <stdio.h>
#include <stdlib.h>

enum { N = 6, M = 5 };

static int64_t lo(int64_t n, int64_t r, int64_t p) { return n * r / p; }

int main(void) {
  int64_t me = _idtr_prank(0), P = _idtr_nprocs(0);
  int bad = 0;

  // Input: rows [r0, r1) of an N x M array with a[i][j] = 10 i + j.
  int64_t r0 = lo(N, me, P), r1 = lo(N, me + 1, P);
  int64_t inSizes[2] = {r1 - r0, M};
  double *a = malloc(sizeof(double) * N * M);
  for (int64_t i = r0; i < r1; ++i)
    for (int64_t j = 0; j < M; ++j)
      a[(i - r0) * M + j] = 10.0 * i + j;
  IDTR_MEMREF(double, 2) in;
  idtr_init_contiguous(&in, a, 2, inSizes);

  // copy_permute: output rows [c0, c1) of the M x N transpose.
  int64_t c0 = lo(M, me, P), c1 = lo(M, me + 1, P);
  int64_t outSizes[2] = {c1 - c0, N};
  double *t = malloc(sizeof(double) * N * M);
  IDTR_MEMREF(double, 2) out;
  idtr_init_contiguous(&out, t, 2, outSizes);
  int64_t gShape[2] = {N, M}, lOffs[2] = {r0, 0}, nOffs[2] = {c0, 0}, axes[2] = {1, 0};
  idtr_index_array_t g = idtr_index_array(gShape, 2), o = idtr_index_array(lOffs, 2),
                     no = idtr_index_array(nOffs, 2), ax = idtr_index_array(axes, 2);
  int64_t h = _idtr_copy_permute_f64(0, 1, &g, 1, &o, 2, &in, 1, &no, 2, &out, 1, &ax);
  _idtr_wait(h);
  for (int64_t i = c0; i < c1; ++i)
    for (int64_t j = 0; j < N; ++j)
      bad += t[(i - c0) * N + j] != 10.0 * j + i;
  if (!bad && me == 0)
    printf("c-abi: permute ok\n");

  // copy_reshape to a flat vector of N*M, split evenly.
  int64_t f0 = lo(N * M, me, P), f1 = lo(N * M, me + 1, P);
  int64_t flatSize = f1 - f0, ng[1] = {N * M}, nOff[1] = {f0};
  double *f = malloc(sizeof(double) * N * M);
  IDTR_MEMREF(double, 1) flat;
  idtr_init_contiguous(&flat, f, 1, &flatSize);
  idtr_index_array_t ngd = idtr_index_array(ng, 1), nod = idtr_index_array(nOff, 1);
  h = _idtr_copy_reshape_f64(0, 1, &g, 1, &o, 2, &in, 1, &ngd, 1, &nod, 1, &flat);
  _idtr_wait(h);
  for (int64_t k = f0; k < f1; ++k)
    bad += f[k - f0] != 10.0 * (k / M) + (k % M);
  if (!bad && me == 0)
    printf("c-abi: reshape ok\n");

  // allreduce (in place) of a 0-D i64 and a 1-D i1.
  int64_t v = me + 1, one = 1, three = 3;
  IDTR_MEMREF(int64_t, 1) vd;
  vd.allocated = &v; vd.aligned = &v; vd.offset = 0;
  _idtr_wait(_idtr_allreduce_i64(0, 0, &vd, 0, &vd, IDTR_SUM));
  bad += v != P * (P + 1) / 2;
  unsigned char flags[3] = {me == 0, 1, 0};
  IDTR_MEMREF(unsigned char, 1) fd;
  idtr_init_contiguous(&fd, flags, 1, &three);
  _idtr_wait(_idtr_allreduce_i1(0, 1, &fd, 1, &fd, IDTR_MAX));
  bad += flags[0] != 1 || flags[1] != 1 || flags[2] != 0;
  (void)one;
  if (!bad && me == 0)
    printf("c-abi: allreduce ok\n");
  if (bad)
    fprintf(stderr, "c-abi: rank %lld: %d wrong values\n", (long long)me, bad);
  free(a);
  free(t);
  free(f);
  return bad != 0;
}
