/* Partitions of the reshape benchmarks, shared by the IDTR program and the
 * bare MPI_Alltoallv baseline so that both move exactly the same elements.
 *
 * Input: the N x N matrix, A[i][j] = i * N + j (its flat index), split in
 * balanced row blocks ("rows") or balanced column blocks ("cols").
 * Output: reshape to (N/2) x (2N) in balanced row blocks ("half") or to the
 * vector of N^2 elements in balanced blocks ("flat"). Each output element
 * equals its flat index. */
#ifndef BENCH_COMMON_RESHAPE_GEOMETRY_H
#define BENCH_COMMON_RESHAPE_GEOMETRY_H

#include "bench.h"

typedef struct {
  int64_t r0, rows, c0, cols; /* input box */
} in_box;

static inline in_box reshape_in_box(int64_t n, int P, int p, int by_cols) {
  in_box b;
  if (by_cols) {
    b.r0 = 0; b.rows = n;
    b.c0 = bench_block_off(n, P, p); b.cols = bench_block_len(n, P, p);
  } else {
    b.r0 = bench_block_off(n, P, p); b.rows = bench_block_len(n, P, p);
    b.c0 = 0; b.cols = n;
  }
  return b;
}

/* Flat range [*lo, *hi) of output part q. */
static inline void reshape_out_range(int64_t n, int P, int q, int flat, int64_t *lo,
                                     int64_t *hi) {
  if (flat) {
    *lo = bench_block_off(n * n, P, q);
    *hi = *lo + bench_block_len(n * n, P, q);
  } else {
    *lo = bench_block_off(n / 2, P, q) * 2 * n;
    *hi = *lo + bench_block_len(n / 2, P, q) * 2 * n;
  }
}

/* Number of elements of box b whose flat index lies in [lo, hi). */
static inline int64_t reshape_count(int64_t n, in_box b, int64_t lo, int64_t hi) {
  int64_t cnt = 0;
  for (int64_t i = b.r0; i < b.r0 + b.rows; ++i) {
    int64_t s = i * n + b.c0, e = s + b.cols;
    s = s > lo ? s : lo;
    e = e < hi ? e : hi;
    if (e > s) cnt += e - s;
  }
  return cnt;
}

/* The "half" output needs an even N: ends the job otherwise. */
static inline void reshape_require_even(int64_t n, const char *prog) {
  if (n % 2) {
    fprintf(stderr, "%s: N must be even\n", prog);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
}

/* Fills the input box b (dense, b.rows x b.cols at A) with its flat indices. */
static inline void reshape_fill(int64_t n, in_box b, double *A) {
  for (int64_t i = 0; i < b.rows; ++i)
    for (int64_t j = 0; j < b.cols; ++j)
      A[i * b.cols + j] = bench_val(b.r0 + i, b.c0 + j, n);
}

#endif
