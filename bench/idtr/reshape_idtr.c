/* copy_reshape of the N x N f64 matrix to (N/2) x (2N) ("half") and to N^2
 * ("flat"), from balanced row blocks ("rows") and balanced column blocks
 * ("cols") to balanced row blocks of the result (see
 * common/reshape_geometry.h). Methods are named idtr_<in>_<out>.
 * bytes = N^2 * 8 (the array). `-c rows_flat` runs one case only. Arrays are
 * program buffers (bench_program_alloc), as a compiled program's are. */
#include "../common/reshape_geometry.h"
#include "idtr_bench.h"

typedef struct {
  int flat;
  int64_t g[2], lo[2], ng[2], nlo[2];
  md2 in, out2;
  md1 out1;
} ctx_t;

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  int orank = c->flat ? 1 : 2;
  idtr_index_array_t g = idtr_index_array(c->g, 2), lo = idtr_index_array(c->lo, 2),
                     ng = idtr_index_array(c->ng, orank), nlo = idtr_index_array(c->nlo, orank);
  void *out = c->flat ? (void *)&c->out1 : (void *)&c->out2;
  int64_t h = _idtr_copy_reshape_f64(BENCH_TEAM, 1, &g, 1, &lo, 2, &c->in, 1, &ng, 1, &nlo,
                                     orank, out);
  _idtr_wait(h);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  int P = bench_size(), p = bench_rank(), bad = 0;
  int64_t n = o.n;
  reshape_require_even(n, "reshape_idtr");
  for (int by_cols = 0; by_cols < 2; ++by_cols) {
    in_box b = reshape_in_box(n, P, p, by_cols);
    double *A = bench_program_alloc((size_t)(b.rows * b.cols) * 8);
    reshape_fill(n, b, A);
    for (int flat = 0; flat < 2; ++flat) {
      int64_t lo, hi;
      reshape_out_range(n, P, p, flat, &lo, &hi);
      double *B = bench_program_alloc((size_t)(hi - lo) * 8);
      ctx_t c;
      c.flat = flat;
      c.g[0] = c.g[1] = n;
      c.lo[0] = b.r0;
      c.lo[1] = b.c0;
      c.in = md2_make(A, b.rows, b.cols);
      if (flat) {
        c.ng[0] = n * n;
        c.nlo[0] = lo;
        c.out1 = md1_make(B, hi - lo);
      } else {
        c.ng[0] = n / 2;
        c.ng[1] = 2 * n;
        c.nlo[0] = lo / (2 * n);
        c.nlo[1] = 0;
        c.out2 = md2_make(B, (hi - lo) / (2 * n), 2 * n);
      }
      char method[64];
      snprintf(method, sizeof method, "idtr_%s_%s", by_cols ? "cols" : "rows",
               flat ? "flat" : "half");
      if (o.only && strcmp(o.only, method + 5)) {
        bench_program_free(B);
        continue;
      }
      run(&c);
      long long errs = 0;
      for (int64_t f = lo; f < hi; ++f)
        errs += B[f - lo] != (double)f;
      int b1 = bench_report_check(MPI_COMM_WORLD, "reshape", method, n, errs, "elements");
      bad |= b1;
      bench_count(MPI_COMM_WORLD, &o, run, &c);
      if (!o.check_only && !b1)
        bench_time(MPI_COMM_WORLD, "reshape", method, &o, o.inner, (double)n * n * 8, run, &c);
      bench_program_free(B);
    }
    bench_program_free(A);
  }
  MPI_Finalize();
  return bad;
}
