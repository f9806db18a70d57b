/* Plain-MPI distributed transpose B = A^T of an N x N f64 matrix in row blocks
 * (in and out): pack one block per destination (already transposed, with the
 * tuned AVX2 kernel), one MPI_Alltoallv, unpack by contiguous row pieces; the
 * rank's own block is transposed straight into the output, never sent.
 * bytes = 2 * N^2 * 8. */
#include "../common/bench.h"
#include "../common/transpose_kernels.h"

typedef struct {
  int64_t n;
  int P, p;
  double *A, *B, *sbuf, *rbuf;
  int64_t *off, *len;
  int *scount, *sdispl, *rcount, *rdispl;
} ctx_t;

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  int64_t n = c->n, m = c->len[c->p], r0 = c->off[c->p];
  for (int q = 0; q < c->P; ++q) /* pack: block (my rows) x (q's columns), transposed */
    if (q != c->p)
      transpose_avx2(c->sbuf + c->sdispl[q], m, c->A + c->off[q], n, c->len[q], m);
  transpose_avx2(c->B + r0, n, c->A + r0, n, m, m); /* own block, local */
  MPI_Alltoallv(c->sbuf, c->scount, c->sdispl, MPI_DOUBLE, c->rbuf, c->rcount, c->rdispl,
                MPI_DOUBLE, MPI_COMM_WORLD);
  for (int q = 0; q < c->P; ++q) /* unpack: m rows of len[q] values at column off[q] */
    if (q != c->p) {
      const double *src = c->rbuf + c->rdispl[q];
      for (int64_t i = 0; i < m; ++i)
        memcpy(c->B + i * n + c->off[q], src + i * c->len[q], (size_t)c->len[q] * 8);
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
  c.off = malloc(sizeof(int64_t) * c.P);
  c.len = malloc(sizeof(int64_t) * c.P);
  c.scount = malloc(sizeof(int) * c.P);
  c.sdispl = malloc(sizeof(int) * c.P);
  c.rcount = malloc(sizeof(int) * c.P);
  c.rdispl = malloc(sizeof(int) * c.P);
  for (int q = 0; q < c.P; ++q) {
    c.off[q] = bench_block_off(n, c.P, q);
    c.len[q] = bench_block_len(n, c.P, q);
  }
  int64_t m = c.len[c.p], r0 = c.off[c.p], sd = 0, rd = 0;
  for (int q = 0; q < c.P; ++q) {
    int64_t cnt = q == c.p ? 0 : m * c.len[q];
    if (cnt > INT32_MAX || sd > INT32_MAX) {
      fprintf(stderr, "transpose_alltoallv: block too large for int counts\n");
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
    c.scount[q] = c.rcount[q] = (int)cnt;
    c.sdispl[q] = (int)sd;
    c.rdispl[q] = (int)rd;
    /* keep each block 64-byte aligned so the packer can stream */
    sd += (cnt + 7) / 8 * 8;
    rd += (cnt + 7) / 8 * 8;
  }
  c.A = bench_alloc((size_t)(m * n) * 8);
  c.B = bench_alloc((size_t)(m * n) * 8);
  c.sbuf = bench_alloc((size_t)sd * 8);
  c.rbuf = bench_alloc((size_t)rd * 8);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      c.A[i * n + j] = bench_val(r0 + i, j, n);
  run(&c);
  long long errs = 0;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      errs += c.B[i * n + j] != bench_val(j, r0 + i, n);
  int bad = bench_report_check(MPI_COMM_WORLD, "transpose", "mpi_alltoallv", n, errs, "elements");
  if (!o.check_only && !bad)
    bench_time(MPI_COMM_WORLD, "transpose", "mpi_alltoallv", &o, o.inner, 2.0 * n * n * 8, run, &c);
  MPI_Finalize();
  return bad;
}
