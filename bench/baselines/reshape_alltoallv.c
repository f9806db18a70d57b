/* The lower bound for the reshape benchmarks: one bare MPI_Alltoallv moving
 * exactly the elements that copy_reshape moves (per-peer counts from
 * common/reshape_geometry.h, self part included as a bare call does), from a
 * contiguous buffer into a contiguous buffer, no packing or unpacking.
 * Methods mpi_alltoallv_<in>_<out>; bytes = N^2 * 8. Verified by the element
 * count received (the data layout is not that of the reshaped array). */
#include "../common/reshape_geometry.h"

typedef struct {
  double *A, *B;
  int *sc, *sd, *rc, *rd;
} ctx_t;

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  MPI_Alltoallv(c->A, c->sc, c->sd, MPI_DOUBLE, c->B, c->rc, c->rd, MPI_DOUBLE, MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  int P = bench_size(), p = bench_rank(), bad = 0;
  int64_t n = o.n;
  ctx_t c;
  c.sc = malloc(sizeof(int) * P);
  c.sd = malloc(sizeof(int) * P);
  c.rc = malloc(sizeof(int) * P);
  c.rd = malloc(sizeof(int) * P);
  for (int by_cols = 0; by_cols < 2; ++by_cols)
    for (int flat = 0; flat < 2; ++flat) {
      in_box mine = reshape_in_box(n, P, p, by_cols);
      int64_t mylo, myhi, s = 0, r = 0;
      reshape_out_range(n, P, p, flat, &mylo, &myhi);
      for (int q = 0; q < P; ++q) {
        int64_t lo, hi;
        reshape_out_range(n, P, q, flat, &lo, &hi);
        int64_t sc = reshape_count(n, mine, lo, hi);
        int64_t rc = reshape_count(n, reshape_in_box(n, P, q, by_cols), mylo, myhi);
        if (s + sc > INT32_MAX || r + rc > INT32_MAX) {
          fprintf(stderr, "reshape_alltoallv: too large for int counts\n");
          MPI_Abort(MPI_COMM_WORLD, 2);
        }
        c.sc[q] = (int)sc; c.sd[q] = (int)s; s += sc;
        c.rc[q] = (int)rc; c.rd[q] = (int)r; r += rc;
      }
      char method[64];
      snprintf(method, sizeof method, "mpi_alltoallv_%s_%s", by_cols ? "cols" : "rows",
               flat ? "flat" : "half");
      if (o.only && strcmp(o.only, method + 14))
        continue;
      c.A = bench_alloc((size_t)s * 8);
      c.B = bench_alloc((size_t)r * 8);
      for (int64_t i = 0; i < s; ++i)
        c.A[i] = 1.0;
      run(&c);
      long long errs = (r != myhi - mylo) ? 1 : 0;
      for (int64_t i = 0; i < r; ++i)
        errs += c.B[i] != 1.0;
      int b1 = bench_report_check(MPI_COMM_WORLD, "reshape", method, n, errs, "elements");
      bad |= b1;
      bench_count(MPI_COMM_WORLD, &o, run, &c);
      if (!o.check_only && !b1)
        bench_time(MPI_COMM_WORLD, "reshape", method, &o, o.inner, (double)n * n * 8, run, &c);
      free(c.A);
      free(c.B);
    }
  MPI_Finalize();
  return bad;
}
