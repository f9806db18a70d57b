/* Single-core limits for the N x N f64 transpose (run on 1 rank):
 * memcpy of the matrix (read + write bandwidth), the naive loop, scalar cache
 * blocking and the tuned AVX2 kernel (8x4 tiles, non-temporal stores).
 * bytes = 2 * N^2 * 8 (read + write) for every method. */
#include "../common/bench.h"
#include "../common/transpose_kernels.h"

typedef struct {
  double *A, *B;
  int64_t n;
  int method;
} ctx_t;

enum { M_MEMCPY, M_NAIVE, M_BLOCKED, M_AVX2, M_COUNT };
static const char *names[M_COUNT] = {"serial_memcpy", "serial_naive", "serial_blocked",
                                     "serial_avx2"};

static void run(void *p) {
  ctx_t *c = (ctx_t *)p;
  int64_t n = c->n;
  switch (c->method) {
  case M_MEMCPY: memcpy(c->B, c->A, (size_t)(n * n) * sizeof(double)); break;
  case M_NAIVE: transpose_naive(c->B, n, c->A, n, n, n); break;
  case M_BLOCKED: transpose_blocked(c->B, n, c->A, n, n, n); break;
  case M_AVX2: transpose_avx2(c->B, n, c->A, n, n, n); break;
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  int64_t n = o.n;
  ctx_t c = {bench_alloc((size_t)(n * n) * 8), bench_alloc((size_t)(n * n) * 8), n, 0};
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j)
      c.A[i * n + j] = bench_val(i, j, n);
  int bad = 0;
  for (int m = 0; m < M_COUNT; ++m) {
    /* the naive loop is only a reference point: skip it for large N in quick runs */
    c.method = m;
    memset(c.B, 0, (size_t)(n * n) * 8);
    run(&c);
    long long errs = 0;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j)
        errs += c.B[i * n + j] != (m == M_MEMCPY ? bench_val(i, j, n) : bench_val(j, i, n));
    bad |= bench_report_check(MPI_COMM_SELF, "transpose", names[m], n, errs, "elements");
    if (!o.check_only)
      bench_time(MPI_COMM_SELF, "transpose", names[m], &o, o.inner, 2.0 * n * n * 8, run, &c);
  }
  MPI_Finalize();
  return bad;
}
