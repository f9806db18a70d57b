/* The MPI_Alltoallv layout of a distributed transpose of an N x N matrix in
 * balanced row blocks, shared by the pack + Alltoallv baseline and the
 * hand-written PRK transpose: rank p sends rank q the m_p x m_q block that
 * becomes q's columns [off_p, off_p + m_p) (nothing to itself: the own
 * block is transposed locally), each block at a 64-byte-aligned
 * displacement in the send and receive buffers (same layout on both sides).
 */
#ifndef BENCH_TRANSPOSE_EXCHANGE_H
#define BENCH_TRANSPOSE_EXCHANGE_H

#include "bench.h"

typedef struct {
  int64_t *off, *len; /* row block of every rank */
  int *count, *displ; /* per peer, in doubles */
  int64_t total;      /* doubles in the send (and receive) buffer */
} bench_transpose_exchange;

static inline bench_transpose_exchange bench_transpose_exchange_make(int64_t n, int P, int p,
                                                                     const char *who) {
  bench_transpose_exchange x;
  x.off = malloc(sizeof(int64_t) * P);
  x.len = malloc(sizeof(int64_t) * P);
  x.count = malloc(sizeof(int) * P);
  x.displ = malloc(sizeof(int) * P);
  for (int q = 0; q < P; ++q) {
    x.off[q] = bench_block_off(n, P, q);
    x.len[q] = bench_block_len(n, P, q);
  }
  int64_t m = x.len[p], d = 0;
  for (int q = 0; q < P; ++q) {
    int64_t cnt = q == p ? 0 : m * x.len[q];
    if (cnt > INT32_MAX || d > INT32_MAX) {
      fprintf(stderr, "%s: block too large for int counts\n", who);
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
    x.count[q] = (int)cnt;
    x.displ[q] = (int)d;
    /* keep each block 64-byte aligned so the packer can stream */
    d += (cnt + 7) / 8 * 8;
  }
  x.total = d;
  return x;
}

#endif
