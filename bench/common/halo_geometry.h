/* Geometry of the halo benchmark, shared by IDTR and the MPI_Sendrecv
 * baseline: N x N f64 matrix in balanced row blocks, A[i][j] = i * N + j; each
 * rank needs one row above and one row below its block (none at the edges). */
#ifndef BENCH_COMMON_HALO_GEOMETRY_H
#define BENCH_COMMON_HALO_GEOMETRY_H

#include "bench.h"

typedef struct {
  int64_t r0, m;     /* own rows */
  int64_t lrows, rrows; /* halo rows (0 or 1) */
} halo_geom;

static inline halo_geom halo_make(int64_t n, int P, int p) {
  halo_geom h;
  h.r0 = bench_block_off(n, P, p);
  h.m = bench_block_len(n, P, p);
  h.lrows = h.r0 > 0 ? 1 : 0;
  h.rrows = h.r0 + h.m < n ? 1 : 0;
  return h;
}

/* Wrong elements in the two halos (lh: lrows x n, rh: rrows x n). */
static inline long long halo_errors(int64_t n, halo_geom h, const double *lh, const double *rh) {
  long long e = 0;
  for (int64_t j = 0; j < n; ++j) {
    if (h.lrows) e += lh[j] != bench_val(h.r0 - 1, j, n);
    if (h.rrows) e += rh[j] != bench_val(h.r0 + h.m, j, n);
  }
  return e;
}

#endif
