/* The expert baseline for the distributed transpose B = A^T of an
 * N x N f64 matrix in balanced row blocks: A lives in an MPI-3 shared-memory
 * window (common/shm_window.h), and every rank transposes each peer's block
 * straight out of the peer's memory into its own rows of B with the tuned
 * AVX2 kernel (common/transpose_kernels.h: 8x4 register tiles, non-temporal
 * stores) -- one copy per element, no packing, no message. Two barriers per
 * operation (A ready; A no longer read). Starts with the rank's own block and
 * walks the peers from p + 1 so that the ranks do not all read one block at
 * once. bytes = 2 * N^2 * 8. Method mpi_shm_window. */
#include "../common/shm_window.h"
#include "../common/transpose_kernels.h"

typedef struct {
  int64_t n;
  int P, p;
  double *B;
  shm_window w;
} ctx_t;

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  int64_t n = c->n, m = bench_block_len(n, c->P, c->p), r0 = bench_block_off(n, c->P, c->p);
  shm_window_begin(&c->w);
  for (int k = 0; k < c->P; ++k) {
    int q = (c->p + k) % c->P;
    /* B[i][off_q + j] = A_q[j][r0 + i]: my rows x q's columns */
    transpose_avx2(c->B + bench_block_off(n, c->P, q), n, c->w.peer[q] + r0, n, m,
                   bench_block_len(n, c->P, q));
  }
  shm_window_end(&c->w);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  ctx_t c;
  c.n = o.n;
  c.P = bench_size();
  c.p = bench_rank();
  int64_t n = c.n, m = bench_block_len(n, c.P, c.p), r0 = bench_block_off(n, c.P, c.p);
  c.w = shm_window_make((size_t)(m * n) * 8, "transpose_shm");
  c.B = bench_alloc((size_t)(m * n) * 8);
  double *A = c.w.mine;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      A[i * n + j] = bench_val(r0 + i, j, n);
  run(&c);
  long long errs = 0;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      errs += c.B[i * n + j] != bench_val(j, r0 + i, n);
  int bad = bench_report_check(MPI_COMM_WORLD, "transpose", "mpi_shm_window", n, errs,
                               "elements");
  bench_count(MPI_COMM_WORLD, &o, run, &c);
  if (!o.check_only && !bad)
    bench_time(MPI_COMM_WORLD, "transpose", "mpi_shm_window", &o, o.inner, 2.0 * n * n * 8, run,
               &c);
  shm_window_free(&c.w);
  MPI_Finalize();
  return bad;
}
