/* Hand-written C + MPI version of the PRK transpose kernel, the reference
 * for the distc-compiled samples/transpose.mlir:
 *   repeat: B += A^T; A += 1
 * on N x N f64 matrices in balanced row blocks (A[i][j] = i * N + j, B = 0
 * initially). One iteration: pack the transposed blocks per destination, one
 * MPI_Alltoallv, add the received blocks into B; the own block is added
 * straight from A. Reports seconds per iteration (-i iterations per timed
 * repetition); bytes = 2 * N^2 * 8 per iteration (the PRK convention).
 * Verified at the end: after k iterations B[i][j] = k (j N + i) + k (k - 1) / 2. */
#include "../common/bench.h"
#include "../common/transpose_exchange.h"
#include "../common/transpose_kernels.h"

typedef struct {
  int64_t n;
  int P, p;
  double *A, *B, *sbuf, *rbuf;
  bench_transpose_exchange x;
  long long done; /* iterations executed */
} ctx_t;

/* B[r][c] += A[c][r] for an m x m block (B row stride ldb, A row stride lda). */
static void transpose_add(double *B, int64_t ldb, const double *A, int64_t lda, int64_t m) {
  int64_t m4 = 0;
#ifdef __AVX2__
  m4 = m & ~(int64_t)3;
  for (int64_t c0 = 0; c0 < m4; c0 += 16)
    for (int64_t r = 0; r < m4; r += 4)
      for (int64_t c = c0; c < c0 + 16 && c < m4; c += 4) {
        __m256d t[4];
        bench_tile4x4(A + c * lda + r, lda, t);
        for (int j = 0; j < 4; ++j) {
          double *b = B + (r + j) * ldb + c;
          _mm256_storeu_pd(b, _mm256_add_pd(_mm256_loadu_pd(b), t[j]));
        }
      }
#endif
  for (int64_t r = 0; r < m; ++r)
    for (int64_t c = (r < m4 ? m4 : 0); c < m; ++c)
      B[r * ldb + c] += A[c * lda + r];
}

static void iteration(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  int64_t n = c->n, m = c->x.len[c->p], r0 = c->x.off[c->p];
  for (int q = 0; q < c->P; ++q)
    if (q != c->p)
      transpose_avx2(c->sbuf + c->x.displ[q], m, c->A + c->x.off[q], n, c->x.len[q], m);
  MPI_Request req;
  MPI_Ialltoallv(c->sbuf, c->x.count, c->x.displ, MPI_DOUBLE, c->rbuf, c->x.count, c->x.displ, MPI_DOUBLE,
                 MPI_COMM_WORLD, &req);
  transpose_add(c->B + r0, n, c->A + r0, n, m); /* own block while messages fly */
  MPI_Wait(&req, MPI_STATUS_IGNORE);
  for (int q = 0; q < c->P; ++q)
    if (q != c->p) {
      const double *src = c->rbuf + c->x.displ[q];
      int64_t w = c->x.len[q];
      for (int64_t i = 0; i < m; ++i) {
        double *dst = c->B + i * n + c->x.off[q];
        const double *s = src + i * w;
        for (int64_t j = 0; j < w; ++j)
          dst[j] += s[j];
      }
    }
  for (int64_t i = 0; i < m * n; ++i)
    c->A[i] += 1.0;
  c->done++;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  ctx_t c;
  c.n = o.n;
  c.P = bench_size();
  c.p = bench_rank();
  c.done = 0;
  int64_t n = c.n;
  c.x = bench_transpose_exchange_make(n, c.P, c.p, "prk_transpose");
  int64_t m = c.x.len[c.p], r0 = c.x.off[c.p];
  c.A = bench_alloc((size_t)(m * n) * 8);
  c.B = bench_alloc((size_t)(m * n) * 8);
  c.sbuf = bench_alloc((size_t)c.x.total * 8);
  c.rbuf = bench_alloc((size_t)c.x.total * 8);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      c.A[i * n + j] = bench_val(r0 + i, j, n);
  if (o.check_only || o.once) { /* --once: the untimed run of bench/run's e2e part */
    for (int k = 0; k < o.iters; ++k)
      iteration(&c);
  } else {
    bench_time(MPI_COMM_WORLD, "e2e_transpose", "c_mpi", &o, o.iters, 2.0 * n * n * 8,
               iteration, &c);
  }
  /* What the sample prints: the error count and the checksum of B (one pass). */
  double k = (double)c.done, checksum = 0;
  long long errs = 0;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double b = c.B[i * n + j];
      errs += b != k * bench_val(j, r0 + i, n) + 0.5 * k * (k - 1);
      checksum += b;
    }
  MPI_Allreduce(MPI_IN_PLACE, &checksum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (o.once && c.p == 0)
    printf("INFO e2e_transpose n=%lld iterations=%d checksum=%g\n", (long long)n, o.iters,
           checksum);
  int bad = bench_report_check(MPI_COMM_WORLD, "e2e_transpose", "c_mpi", n, errs, "elements");
  MPI_Finalize();
  return bad;
}
