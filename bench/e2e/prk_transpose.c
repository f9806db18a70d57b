/* Hand-written C + MPI version of the PRK transpose kernel, the reference
 * for the distc-compiled samples/transpose.mlir:
 *   repeat: B += A^T; A += 1
 * on N x N f64 matrices in balanced row blocks (A[i][j] = i * N + j, B = 0
 * initially), in the structure of the PRK MPI reference: `A += 1`
 * is fused into the loops that read A for the transpose, so A is read and
 * written once per iteration, not twice. One iteration: pack the transposed
 * blocks per destination (incrementing A as it is read; 8x4 AVX2 tiles,
 * non-temporal stores into the send buffer), one MPI_Ialltoallv, the own
 * block added straight from A into B while the messages fly (incrementing
 * A), then the received blocks added into B. Buffers follow the runtime's
 * huge-page policy (bench_alloc_raw) and are first touched by their
 * initialisation, not by a memset.
 * Two cases (-c): `fused` (method c_mpi) is the PRK reference above;
 * `split` (method c_mpi_split) adds the own block with the faster adding
 * walk (bands of 64 destination columns, as the runtime's) and increments
 * A's own block in a separate sweep: on an AMD EPYC (Zen 5) guest the
 * fused own block with wide bands was 1.7x slower, and the split form
 * 0-15 % faster than the reference. Without -c both are timed; --once runs
 * `fused` unless -c says otherwise. Reports seconds per iteration (-i
 * iterations per timed repetition); bytes = 2 * N^2 * 8 per iteration (the
 * PRK convention). Verified at the end: after k iterations
 * B[i][j] = k (j N + i) + k (k - 1) / 2. */
#include "../common/bench.h"
#include "../common/transpose_exchange.h"
#include "../common/transpose_kernels.h"

typedef struct {
  int64_t n;
  int P, p;
  double *A, *B, *sbuf, *rbuf;
  int split; /* the own block: 0 fused (PRK reference), 1 add then increment */
  bench_transpose_exchange x;
  long long done; /* iterations executed */
} ctx_t;

#ifdef __AVX2__
/* Loads the 4 x 4 block at A (row stride lda), stores it back + 1 and
 * returns its transpose in out[0..3]. */
static inline void tile4x4_inc(double *A, int64_t lda, __m256d out[4]) {
  const __m256d one = _mm256_set1_pd(1.0);
  __m256d a[4];
  for (int k = 0; k < 4; ++k) {
    a[k] = _mm256_loadu_pd(A + k * lda);
    _mm256_storeu_pd(A + k * lda, _mm256_add_pd(a[k], one));
  }
  __m256d t0 = _mm256_unpacklo_pd(a[0], a[1]), t1 = _mm256_unpackhi_pd(a[0], a[1]);
  __m256d t2 = _mm256_unpacklo_pd(a[2], a[3]), t3 = _mm256_unpackhi_pd(a[2], a[3]);
  out[0] = _mm256_permute2f128_pd(t0, t2, 0x20);
  out[1] = _mm256_permute2f128_pd(t1, t3, 0x20);
  out[2] = _mm256_permute2f128_pd(t0, t2, 0x31);
  out[3] = _mm256_permute2f128_pd(t1, t3, 0x31);
}
#endif

/* B[r][c] = A[c][r]; A[c][r] += 1 (B rows x cols, A cols x rows): the pack
 * of the PRK reference, with the loop order and stores of transpose_avx2. */
static void transpose_inc(double *B, int64_t ldb, double *A, int64_t lda, int64_t rows,
                          int64_t cols) {
  int64_t rows4 = 0, cols8 = 0;
#ifdef __AVX2__
  int stream = ((uintptr_t)B % 32 == 0) && (ldb % 4 == 0) &&
               rows * cols * (int64_t)sizeof(double) >= ((int64_t)1 << 21);
  rows4 = rows & ~(int64_t)3;
  cols8 = cols & ~(int64_t)7;
  for (int64_t c0 = 0; c0 < cols8; c0 += BENCH_TB) {
    int64_t c1 = c0 + BENCH_TB < cols8 ? c0 + BENCH_TB : cols8;
    for (int64_t r = 0; r < rows4; r += 4)
      for (int64_t c = c0; c < c1; c += 8) {
        __m256d lo[4], hi[4];
        tile4x4_inc(A + c * lda + r, lda, lo);
        tile4x4_inc(A + (c + 4) * lda + r, lda, hi);
        double *b = B + r * ldb + c;
        for (int j = 0; j < 4; ++j) {
          if (stream) {
            _mm256_stream_pd(b + j * ldb, lo[j]);
            _mm256_stream_pd(b + j * ldb + 4, hi[j]);
          } else {
            _mm256_storeu_pd(b + j * ldb, lo[j]);
            _mm256_storeu_pd(b + j * ldb + 4, hi[j]);
          }
        }
      }
  }
  if (stream)
    _mm_sfence();
#endif
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = (r < rows4 ? cols8 : 0); c < cols; ++c)
      B[r * ldb + c] = A[c * lda + r]++;
}

/* B[r][c] += A[c][r]; A[c][r] += 1 for an m x m block (B row stride ldb, A
 * row stride lda): the own block. `fused` (the PRK reference) increments
 * each 4 x 4 tile of A as it reads it, in bands of 16 destination columns;
 * otherwise (`split`) the add walks bands of 64 (its destination reads are
 * strided; 512 contiguous bytes per row let the hardware prefetcher follow
 * them) and the increment runs afterwards along A's rows. Inlined with a
 * constant `fused` at both calls. */
static inline void own_block(double *B, int64_t ldb, double *A, int64_t lda, int64_t m,
                             int fused) {
  const int64_t band = fused ? 16 : 64;
  int64_t m4 = 0;
#ifdef __AVX2__
  m4 = m & ~(int64_t)3;
  for (int64_t c0 = 0; c0 < m4; c0 += band)
    for (int64_t r = 0; r < m4; r += 4)
      for (int64_t c = c0; c < c0 + band && c < m4; c += 4) {
        __m256d t[4];
        if (fused)
          tile4x4_inc(A + c * lda + r, lda, t);
        else
          bench_tile4x4(A + c * lda + r, lda, t);
        for (int j = 0; j < 4; ++j) {
          double *b = B + (r + j) * ldb + c;
          _mm256_storeu_pd(b, _mm256_add_pd(_mm256_loadu_pd(b), t[j]));
        }
      }
#endif
  for (int64_t r = 0; r < m; ++r)
    for (int64_t c = (r < m4 ? m4 : 0); c < m; ++c)
      B[r * ldb + c] += fused ? A[c * lda + r]++ : A[c * lda + r];
  if (!fused)
    for (int64_t c = 0; c < m; ++c)
      for (int64_t r = 0; r < m; ++r)
        A[c * lda + r] += 1;
}

static void iteration(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  int64_t n = c->n, m = c->x.len[c->p], r0 = c->x.off[c->p];
  for (int q = 0; q < c->P; ++q)
    if (q != c->p)
      transpose_inc(c->sbuf + c->x.displ[q], m, c->A + c->x.off[q], n, c->x.len[q], m);
  MPI_Request req;
  MPI_Ialltoallv(c->sbuf, c->x.count, c->x.displ, MPI_DOUBLE, c->rbuf, c->x.count, c->x.displ, MPI_DOUBLE,
                 MPI_COMM_WORLD, &req);
  /* own block while messages fly */
  if (c->split)
    own_block(c->B + r0, n, c->A + r0, n, m, 0);
  else
    own_block(c->B + r0, n, c->A + r0, n, m, 1);
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
  c->done++;
}

/* A[i][j] = i N + j, B = 0 on this rank's rows; no iteration done. */
static void init(ctx_t *c) {
  int64_t n = c->n, m = c->x.len[c->p], r0 = c->x.off[c->p];
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      c->A[i * n + j] = bench_val(r0 + i, j, n);
      c->B[i * n + j] = 0.0;
    }
  c->done = 0;
}

/* What the sample prints (with --once): the checksum of B; and the check of
 * every element against the closed form. Returns nonzero on a wrong one. */
static int check(ctx_t *c, const bench_opts *o, const char *method) {
  int64_t n = c->n, m = c->x.len[c->p], r0 = c->x.off[c->p];
  double k = (double)c->done, checksum = 0;
  long long errs = 0;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double b = c->B[i * n + j];
      errs += b != k * bench_val(j, r0 + i, n) + 0.5 * k * (k - 1);
      checksum += b;
    }
  MPI_Allreduce(MPI_IN_PLACE, &checksum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (o->once && c->p == 0)
    printf("INFO e2e_transpose n=%lld iterations=%d checksum=%g\n", (long long)n, o->iters,
           checksum);
  return bench_report_check(MPI_COMM_WORLD, "e2e_transpose", method, n, errs, "elements");
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  ctx_t c;
  c.n = o.n;
  c.P = bench_size();
  c.p = bench_rank();
  int64_t n = c.n;
  c.x = bench_transpose_exchange_make(n, c.P, c.p, "prk_transpose");
  int64_t m = c.x.len[c.p];
  /* no memset: A and B are first touched by their initialisation, the
   * exchange buffers by the first iteration (as the runtime's are) */
  c.A = bench_alloc_raw((size_t)(m * n) * 8);
  c.B = bench_alloc_raw((size_t)(m * n) * 8);
  c.sbuf = bench_alloc_raw((size_t)c.x.total * 8);
  c.rbuf = bench_alloc_raw((size_t)c.x.total * 8);
  static const struct {
    const char *name, *method;
    int split;
  } cases[] = {{"fused", "c_mpi", 0}, {"split", "c_mpi_split", 1}};
  const char *only = o.only ? o.only : (o.once ? "fused" : NULL);
  int bad = 0, ran = 0;
  for (size_t v = 0; v < sizeof cases / sizeof cases[0]; ++v) {
    if (only && strcmp(only, cases[v].name))
      continue;
    ++ran;
    c.split = cases[v].split;
    init(&c);
    if (o.check_only || o.once) { /* --once: the untimed run of bench/run's e2e part */
      for (int k = 0; k < o.iters; ++k)
        iteration(&c);
    } else {
      bench_time(MPI_COMM_WORLD, "e2e_transpose", cases[v].method, &o, o.iters,
                 2.0 * n * n * 8, iteration, &c);
    }
    bad |= check(&c, &o, cases[v].method);
  }
  if (!ran) {
    if (c.p == 0)
      fprintf(stderr, "prk_transpose: unknown case '%s' (fused, split)\n", only);
    bad = 1;
  }
  MPI_Finalize();
  return bad;
}
