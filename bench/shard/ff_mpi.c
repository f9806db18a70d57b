/* bench/shard: the hand-written C + MPI weight-stationary feed-forward layer
 * Y = sigmoid(A @ B) @ C that ff-shard.mlir and ff-dist.mlir are compared
 * with (M x K @ K x H @ H x O f64, the same inputs). Every rank holds all of A,
 * its balanced block of B's columns and the same rows of C (the shard
 * dialect's balanced partition); one operation is the local product
 * A @ B_loc, the sigmoid, the partial product with C_loc and one
 * MPI_Allreduce of the M x O partial sums (in place). The hidden layer and
 * the partial product are allocated for each operation (bench_alloc_raw) and
 * freed after it, as the compiled programs allocate theirs (1 MiB and less:
 * glibc recycles them after the first free, as the runtime's allocator
 * recycles the compiled programs' blocks).
 *
 * Two local kernels, both timed in one run (-c blas or -c loops for one):
 *   method=c_mpi_blas   cblas_dgemm (OpenBLAS, one thread: run with
 *                       OPENBLAS_NUM_THREADS=1);
 *   method=c_mpi_loops  the plain i-k-j loop nest, vectorized by the C
 *                       compiler (-O3 -march=native): no packing, no register
 *                       tiling, so weaker than distc's tiled kernel.
 * Prints the sum of Y (CHECK: the closed-form inputs as in ff-shard.mlir).
 * flops = 2 M K H + 2 M H O. */
#include "../common/bench.h"

#include <cblas.h>
#include <math.h>

enum { M = 256, K = 512, H = 1024, O = 256 };

typedef struct {
  int blas;
  int64_t h0, hp; /* this rank's columns of B (rows of C) */
  double *A, *B, *C, *Y;
} ctx_t;

static double input(int64_t i, int64_t j, double scale) {
  return (double)((i * 7 + j * 3) % 11) * scale;
}

/* c[m x n] = a[m x k] @ b[k x n], row-major with leading dimensions. */
static void gemm(int blas, int64_t m, int64_t n, int64_t k, const double *a, int64_t lda,
                 const double *b, int64_t ldb, double *c, int64_t ldc) {
  if (blas) {
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)m, (int)n, (int)k, 1.0, a,
                (int)lda, b, (int)ldb, 0.0, c, (int)ldc);
    return;
  }
  for (int64_t i = 0; i < m; ++i) {
    double *ci = c + i * ldc;
    for (int64_t j = 0; j < n; ++j)
      ci[j] = 0.0;
    for (int64_t p = 0; p < k; ++p) {
      double aip = a[i * lda + p];
      const double *bp = b + p * ldb;
      for (int64_t j = 0; j < n; ++j)
        ci[j] += aip * bp[j];
    }
  }
}

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  int64_t hp = c->hp;
  double *hid = bench_alloc_raw((size_t)(M * hp) * 8);
  gemm(c->blas, M, hp, K, c->A, K, c->B, hp, hid, hp);
  for (int64_t i = 0; i < M * hp; ++i)
    hid[i] = 1.0 / (1.0 + exp(-hid[i]));
  free(c->Y);
  c->Y = bench_alloc_raw((size_t)M * O * 8);
  gemm(c->blas, M, O, hp, hid, hp, c->C, O, c->Y, O);
  MPI_Allreduce(MPI_IN_PLACE, c->Y, M * O, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  free(hid);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, M);
  int P = bench_size(), p = bench_rank();
  ctx_t c;
  /* the shard dialect's balanced block: size / P, one more on the last
   * size % P shards */
  int64_t q = H / P, r = H % P;
  c.hp = q + (p >= P - r);
  c.h0 = p * q + (p > P - r ? p - (P - r) : 0);
  c.A = bench_alloc_raw((size_t)M * K * 8);
  c.B = bench_alloc_raw((size_t)(K * c.hp) * 8);
  c.C = bench_alloc_raw((size_t)(c.hp * O) * 8);
  c.Y = bench_alloc_raw((size_t)M * O * 8);
  for (int64_t i = 0; i < M; ++i)
    for (int64_t j = 0; j < K; ++j)
      c.A[i * K + j] = input(i, j, 0.125);
  for (int64_t i = 0; i < K; ++i)
    for (int64_t j = 0; j < c.hp; ++j)
      c.B[i * c.hp + j] = input(i, c.h0 + j, 0.001953125);
  for (int64_t i = 0; i < c.hp; ++i)
    for (int64_t j = 0; j < O; ++j)
      c.C[i * O + j] = input(c.h0 + i, j, 0.25);
  int bad = 0;
  for (int blas = 1; blas >= 0; --blas) {
    const char *method = blas ? "c_mpi_blas" : "c_mpi_loops";
    if (o.only && strcmp(o.only, blas ? "blas" : "loops"))
      continue;
    c.blas = blas;
    run(&c);
    double sum = 0.0;
    for (int64_t i = 0; i < M * O; ++i)
      sum += c.Y[i];
    if (p == 0)
      printf("INFO bench=shard_ff method=%s sum=%.6g\n", method, sum);
    if (!o.check_only)
      bench_time(MPI_COMM_WORLD, "shard_ff", method, &o, 1,
                 2.0 * M * K * H + 2.0 * M * H * O, run, &c);
  }
  MPI_Finalize();
  return bad;
}
