/* Geometry of the halo benchmark, shared by IDTR and the MPI_Sendrecv
 * baseline: N x N f64 matrix in balanced row blocks, A[i][j] = i * N + j; each
 * rank needs one row above and one row below its block (none at the edges). */
#ifndef BENCH_COMMON_HALO_GEOMETRY_H
#define BENCH_COMMON_HALO_GEOMETRY_H

#include "bench.h"

typedef struct {
  int64_t r0, m;     /* own rows */
  int64_t lrows, rrows; /* halo rows (0 or 1) */
  int up, down;         /* the neighbour ranks (MPI_PROC_NULL at the edges) */
} halo_geom;

static inline halo_geom halo_make(int64_t n, int P, int p) {
  halo_geom h;
  h.r0 = bench_block_off(n, P, p);
  h.m = bench_block_len(n, P, p);
  h.lrows = h.r0 > 0 ? 1 : 0;
  h.rrows = h.r0 + h.m < n ? 1 : 0;
  h.up = h.lrows ? p - 1 : MPI_PROC_NULL;
  h.down = h.rrows ? p + 1 : MPI_PROC_NULL;
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

/* The data of every halo program: A (the own rows, filled with bench_val),
 * L and R (one halo row each, zeroed). */
typedef struct {
  double *A, *L, *R;
} halo_data;

static inline halo_data halo_alloc(int64_t n, halo_geom g) {
  halo_data d;
  d.A = bench_alloc((size_t)(g.m * n) * 8);
  d.L = bench_alloc((size_t)n * 8);
  d.R = bench_alloc((size_t)n * 8);
  for (int64_t i = 0; i < g.m; ++i)
    for (int64_t j = 0; j < n; ++j)
      d.A[i * n + j] = bench_val(g.r0 + i, j, n);
  return d;
}

/* After one call of `run` has filled the halos: the check, the counted
 * calls (--count) and the timing, as every halo program does them. Returns
 * non-zero on a wrong result. */
static inline int halo_finish(const bench_opts *o, const char *method, int64_t n, halo_geom g,
                              halo_data d, bench_fn run, void *ctx) {
  int bad = bench_report_check(MPI_COMM_WORLD, "halo", method, n, halo_errors(n, g, d.L, d.R),
                               "elements");
  bench_count(MPI_COMM_WORLD, o, run, ctx);
  if (!o->check_only && !bad)
    bench_time(MPI_COMM_WORLD, "halo", method, o, o->inner ? o->inner : 100, 2.0 * n * 8, run,
               ctx);
  return bad;
}

/* The two plain-MPI halo programs: geometry, data and one exchange per call
 * of `run` on a halo_mpi_ctx. */
typedef struct {
  int64_t n;
  halo_geom g;
  halo_data d;
} halo_mpi_ctx;

static inline int halo_mpi_main(int argc, char **argv, const char *method, bench_fn run) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  halo_mpi_ctx c;
  c.n = o.n;
  c.g = halo_make(c.n, bench_size(), bench_rank());
  c.d = halo_alloc(c.n, c.g);
  run(&c);
  int bad = halo_finish(&o, method, c.n, c.g, c.d, run, &c);
  MPI_Finalize();
  return bad;
}

#endif
