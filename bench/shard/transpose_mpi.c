/* bench/shard: the hand-written C + MPI transpose B = A^T that
 * transpose-shard.mlir and transpose-dist.mlir are compared with: N x N f64
 * in balanced row blocks in and out; pack one block per destination (already
 * transposed, with the tuned AVX2 kernel of common/transpose_kernels.h), one
 * MPI_Alltoallv, unpack by contiguous row pieces; the rank's own block is
 * transposed straight into the output (the expert structure of
 * baselines/transpose_alltoallv.c).
 *
 * Two memory policies, both timed in one run:
 *   method=c_mpi_kept   every buffer allocated once (what an expert writes).
 *                       The compiled programs allocate their result inside
 *                       the timed region, but the runtime's allocator
 *                       (runtime/lib/BufferAllocator.cpp) hands the block
 *                       freed by the previous operation out again, warm: the
 *                       same policy in effect;
 *   method=c_mpi_fresh  B from aligned_alloc for each operation and freed
 *                       after it (bench_alloc_raw: glibc returns such blocks
 *                       to the system, so every operation pays the page
 *                       faults): what the compiled programs would pay
 *                       without that cache, for scale.
 * bytes = 2 * N^2 * 8. */
#include "../common/bench.h"
#include "../common/transpose_exchange.h"
#include "../common/transpose_kernels.h"

typedef struct {
  int64_t n;
  int P, p, fresh;
  double *A, *B, *sbuf, *rbuf;
  bench_transpose_exchange x;
} ctx_t;

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  int64_t n = c->n, m = c->x.len[c->p], r0 = c->x.off[c->p];
  if (c->fresh) {
    free(c->B);
    c->B = bench_alloc_raw((size_t)(m * n) * 8);
  }
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
  c.fresh = 0;
  int64_t n = c.n;
  c.x = bench_transpose_exchange_make(n, c.P, c.p, "shard_transpose_mpi");
  int64_t m = c.x.len[c.p], r0 = c.x.off[c.p];
  c.A = bench_alloc((size_t)(m * n) * 8);
  c.B = bench_alloc((size_t)(m * n) * 8);
  c.sbuf = bench_alloc((size_t)c.x.total * 8);
  c.rbuf = bench_alloc((size_t)c.x.total * 8);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      c.A[i * n + j] = bench_val(r0 + i, j, n);
  int bad = 0;
  for (int fresh = 1; fresh >= 0; --fresh) {
    const char *method = fresh ? "c_mpi_fresh" : "c_mpi_kept";
    c.fresh = fresh;
    run(&c);
    long long errs = 0;
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j)
        errs += c.B[i * n + j] != bench_val(j, r0 + i, n);
    bad |= bench_report_check(MPI_COMM_WORLD, "shard_transpose", method, n, errs, "elements");
    if (!o.check_only && !bad)
      bench_time(MPI_COMM_WORLD, "shard_transpose", method, &o, 1, 2.0 * n * n * 8, run, &c);
  }
  MPI_Finalize();
  return bad;
}
