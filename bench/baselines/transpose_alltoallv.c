/* Plain-MPI distributed transpose B = A^T of an N x N f64 matrix in row blocks
 * (in and out): pack one block per destination (already transposed, with the
 * tuned AVX2 kernel), one MPI_Alltoallv, unpack by contiguous row pieces; the
 * rank's own block is transposed straight into the output, never sent.
 * bytes = 2 * N^2 * 8. */
#include "../common/bench.h"
#include "../common/transpose_exchange.h"
#include "../common/transpose_kernels.h"

typedef struct {
  int64_t n;
  int P, p;
  double *A, *B, *sbuf, *rbuf;
  bench_transpose_exchange x;
} ctx_t;

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  int64_t n = c->n, m = c->x.len[c->p], r0 = c->x.off[c->p];
  for (int q = 0; q < c->P; ++q) /* pack: block (my rows) x (q's columns), transposed */
    if (q != c->p)
      transpose_avx2(c->sbuf + c->x.displ[q], m, c->A + c->x.off[q], n, c->x.len[q], m);
  transpose_avx2(c->B + r0, n, c->A + r0, n, m, m); /* own block, local */
  MPI_Alltoallv(c->sbuf, c->x.count, c->x.displ, MPI_DOUBLE, c->rbuf, c->x.count, c->x.displ,
                MPI_DOUBLE, MPI_COMM_WORLD);
  for (int q = 0; q < c->P; ++q) /* unpack: m rows of len[q] values at column off[q] */
    if (q != c->p) {
      const double *src = c->rbuf + c->x.displ[q];
      for (int64_t i = 0; i < m; ++i)
        memcpy(c->B + i * n + c->x.off[q], src + i * c->x.len[q], (size_t)c->x.len[q] * 8);
    }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  ctx_t c;
  c.n = o.n;
  c.P = bench_size();
  c.p = bench_rank();
  int64_t n = c.n;
  c.x = bench_transpose_exchange_make(n, c.P, c.p, "transpose_alltoallv");
  int64_t m = c.x.len[c.p], r0 = c.x.off[c.p];
  c.A = bench_alloc((size_t)(m * n) * 8);
  c.B = bench_alloc((size_t)(m * n) * 8);
  c.sbuf = bench_alloc((size_t)c.x.total * 8);
  c.rbuf = bench_alloc((size_t)c.x.total * 8);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      c.A[i * n + j] = bench_val(r0 + i, j, n);
  run(&c);
  long long errs = 0;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      errs += c.B[i * n + j] != bench_val(j, r0 + i, n);
  int bad = bench_report_check(MPI_COMM_WORLD, "transpose", "mpi_alltoallv", n, errs, "elements");
  bench_count(MPI_COMM_WORLD, &o, run, &c);
  if (!o.check_only && !bad)
    bench_time(MPI_COMM_WORLD, "transpose", "mpi_alltoallv", &o, o.inner, 2.0 * n * n * 8, run, &c);
  MPI_Finalize();
  return bad;
}
