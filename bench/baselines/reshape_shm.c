/* The single-copy reshape baseline: every rank's input block (common/
 * reshape_geometry.h: balanced row or column blocks of the N x N matrix,
 * row-major) lives in an MPI-3 shared-memory window (common/shm_window.h),
 * and every rank fills its output range [lo, hi) of the flat order by
 * memcpy of the row pieces of each peer's block that fall in it, straight out
 * of the peer's memory: the real reshape, one copy per element, no message.
 * Methods mpi_shm_window_<in>_<out>; bytes = N^2 * 8; verified element by
 * element (output element f equals f) like idtr/reshape_idtr.c. */
#include "../common/reshape_geometry.h"
#include "../common/shm_window.h"

typedef struct {
  int64_t n, lo, hi;
  int P, by_cols;
  double *B;
  shm_window w;
} ctx_t;

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  int64_t n = c->n, lo = c->lo, hi = c->hi;
  int p;
  MPI_Comm_rank(MPI_COMM_WORLD, &p);
  shm_window_begin(&c->w);
  for (int k = 0; k < c->P; ++k) {
    int q = (p + k) % c->P;
    in_box b = reshape_in_box(n, c->P, q, c->by_cols);
    const double *src = c->w.peer[q];
    /* rows of q's box whose flat range [i n + c0, i n + c0 + cols) meets [lo, hi) */
    int64_t i0 = lo / n, i1 = (hi + n - 1) / n;
    if (i0 < b.r0) i0 = b.r0;
    if (i1 > b.r0 + b.rows) i1 = b.r0 + b.rows;
    for (int64_t i = i0; i < i1; ++i) {
      int64_t s = i * n + b.c0, e = s + b.cols;
      int64_t s2 = s > lo ? s : lo, e2 = e < hi ? e : hi;
      if (e2 > s2)
        memcpy(c->B + (s2 - lo), src + (i - b.r0) * b.cols + (s2 - s), (size_t)(e2 - s2) * 8);
    }
  }
  shm_window_end(&c->w);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  int P = bench_size(), p = bench_rank(), bad = 0;
  int64_t n = o.n;
  reshape_require_even(n, "reshape_shm");
  for (int by_cols = 0; by_cols < 2; ++by_cols) {
    in_box b = reshape_in_box(n, P, p, by_cols);
    ctx_t c;
    c.n = n;
    c.P = P;
    c.by_cols = by_cols;
    c.w = shm_window_make((size_t)(b.rows * b.cols) * 8, "reshape_shm");
    reshape_fill(n, b, c.w.mine);
    for (int flat = 0; flat < 2; ++flat) {
      char method[64];
      snprintf(method, sizeof method, "mpi_shm_window_%s_%s", by_cols ? "cols" : "rows",
               flat ? "flat" : "half");
      if (o.only && strcmp(o.only, method + 15))
        continue;
      reshape_out_range(n, P, p, flat, &c.lo, &c.hi);
      c.B = bench_alloc((size_t)(c.hi - c.lo) * 8);
      run(&c);
      long long errs = 0;
      for (int64_t f = c.lo; f < c.hi; ++f)
        errs += c.B[f - c.lo] != (double)f;
      int b1 = bench_report_check(MPI_COMM_WORLD, "reshape", method, n, errs, "elements");
      bad |= b1;
      bench_count(MPI_COMM_WORLD, &o, run, &c);
      if (!o.check_only && !b1)
        bench_time(MPI_COMM_WORLD, "reshape", method, &o, o.inner, (double)n * n * 8, run, &c);
      free(c.B);
    }
    shm_window_free(&c.w);
  }
  MPI_Finalize();
  return bad;
}
