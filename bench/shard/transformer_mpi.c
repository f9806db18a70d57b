/* bench/shard: the hand-written C + MPI tensor-parallel transformer layer
 * that transformer-shard.mlir is compared with (the layer of
 * samples/shard/transformer.mlir: S x H activations, NH heads of DH = H / NH,
 * an MLP of F hidden units, f32, the same inputs).
 *
 * Megatron's decomposition over P ranks, as the shard program's annotations
 * ask for: rank p holds its balanced block of the heads (the shard dialect's
 * partition: NH / P, one more on the last NH % P ranks), i.e. those columns
 * of Wq, Wk, Wv and the same rows of Wo, and its balanced block of the F
 * hidden units (columns of W1, rows of W2). One operation is
 *
 *   Q, K, V = X Wq_p, X Wk_p, X Wv_p                  3 cblas_sgemm
 *   per local head h: P_h = softmax(Q_h K_h^T / sqrt(DH)) along the keys,
 *                     O_h = P_h V_h                   2 cblas_sgemm per head
 *   A = O Wo_p; MPI_Allreduce(A) (in place); H1 = X + A
 *   U = gelu_tanh(H1 W1_p); Y = U W2_p; MPI_Allreduce(Y) (in place); out = H1 + Y
 *
 * Q_h, K_h, V_h and O_h are column blocks of Q, K, V and O, read and written
 * in place through the leading dimension (no transposes), the scale is
 * sgemm's alpha, and one S x S score buffer serves every head. Every
 * intermediate has a buffer of its own, allocated and touched once before
 * the timing: the compiled program's allocator hands out warm recycled
 * blocks (bench/shard/README.md, "Memory"), and fresh pages for each
 * operation cost this program a tenth of its time in page clearing.
 * OpenBLAS with one thread (OPENBLAS_NUM_THREADS=1; bench/shard/run.sh
 * sets it).
 *
 *   transformer_mpi [-r reps] [--seq S] [--hidden H] [--heads NH] [--mlp F]
 *                   (default 1024 1024 16 4096)
 *
 * Prints the sum and the sum of squares of the output (the same inputs as
 * the MLIR programs: the same numbers up to rounding) and a RESULT line.
 * flops = 2 S H (4 H + 2 F) + 4 S^2 H. */
#include "../common/bench.h"

#include <cblas.h>
#include <math.h>

typedef struct {
  int64_t S, H, NH, DH, F;
  int64_t hc, fc;   /* this rank's columns of Q, K, V (heads x DH) and of U */
  float *X, *Wq, *Wk, *Wv, *Wo, *W1, *W2; /* local blocks; X whole */
  float *q, *k, *v, *o, *p, *h1, *u, *out;  /* intermediates and the result */
} ctx_t;

/* The MLIR programs' @input: ((7 i + 3 j + seed) mod 11 - 5) * scale. */
static float input(int64_t i, int64_t j, int64_t seed, float scale) {
  return (float)((i * 7 + j * 3 + seed) % 11 - 5) * scale;
}

/* Columns [c0, c0 + nc) of the rows x cols input `seed`. */
static float *columns(int64_t rows, int64_t c0, int64_t nc, int64_t seed, float scale) {
  float *a = bench_alloc_raw((size_t)(rows * nc) * sizeof(float));
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < nc; ++j)
      a[i * nc + j] = input(i, c0 + j, seed, scale);
  return a;
}

/* Rows [r0, r0 + nr) of the ? x cols input `seed`. */
static float *rows(int64_t r0, int64_t nr, int64_t cols, int64_t seed, float scale) {
  float *a = bench_alloc_raw((size_t)(nr * cols) * sizeof(float));
  for (int64_t i = 0; i < nr; ++i)
    for (int64_t j = 0; j < cols; ++j)
      a[i * cols + j] = input(r0 + i, j, seed, scale);
  return a;
}

/* c[m x n] = alpha op(a) op(b), row-major with leading dimensions. */
static void gemm(int transb, int64_t m, int64_t n, int64_t k, float alpha, const float *a,
                 int64_t lda, const float *b, int64_t ldb, float *c, int64_t ldc) {
  cblas_sgemm(CblasRowMajor, CblasNoTrans, transb ? CblasTrans : CblasNoTrans, (int)m, (int)n,
              (int)k, alpha, a, (int)lda, b, (int)ldb, 0.0f, c, (int)ldc);
}

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  const int64_t S = c->S, H = c->H, DH = c->DH, hc = c->hc, fc = c->fc;
  float *q = c->q, *k = c->k, *v = c->v, *o = c->o, *p = c->p, *h1 = c->h1, *u = c->u,
        *out = c->out;
  gemm(0, S, hc, H, 1.0f, c->X, H, c->Wq, hc, q, hc);
  gemm(0, S, hc, H, 1.0f, c->X, H, c->Wk, hc, k, hc);
  gemm(0, S, hc, H, 1.0f, c->X, H, c->Wv, hc, v, hc);
  const float scale = 1.0f / sqrtf((float)DH);
  for (int64_t h = 0; h < hc / DH; ++h) {
    gemm(1, S, S, DH, scale, q + h * DH, hc, k + h * DH, hc, p, S);
    for (int64_t i = 0; i < S; ++i) {
      float *row = p + i * S;
      float mx = -INFINITY;
      for (int64_t j = 0; j < S; ++j)
        mx = row[j] > mx ? row[j] : mx;
      float sum = 0.0f;
      for (int64_t j = 0; j < S; ++j) {
        row[j] = expf(row[j] - mx);
        sum += row[j];
      }
      float inv = 1.0f / sum;
      for (int64_t j = 0; j < S; ++j)
        row[j] *= inv;
    }
    gemm(0, S, DH, S, 1.0f, p, S, v + h * DH, hc, o + h * DH, hc);
  }
  /* row-parallel output projection: partial sums over this rank's heads */
  gemm(0, S, H, hc, 1.0f, o, hc, c->Wo, H, h1, H);
  MPI_Allreduce(MPI_IN_PLACE, h1, (int)(S * H), MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
  for (int64_t i = 0; i < S * H; ++i)
    h1[i] += c->X[i];
  /* MLP: column-parallel up projection and GELU, row-parallel down */
  gemm(0, S, fc, H, 1.0f, h1, H, c->W1, fc, u, fc);
  for (int64_t i = 0; i < S * fc; ++i) {
    float x = u[i];
    u[i] = 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
  }
  gemm(0, S, H, fc, 1.0f, u, fc, c->W2, H, out, H);
  MPI_Allreduce(MPI_IN_PLACE, out, (int)(S * H), MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
  for (int64_t i = 0; i < S * H; ++i)
    out[i] += h1[i];
}

/* The shard dialect's balanced block of n over P: n / P, one more on the
 * last n % P parts (bench_block_* gives the extra ones to the first). */
static int64_t shard_len(int64_t n, int P, int p) { return n / P + (p >= P - n % P); }
static int64_t shard_off(int64_t n, int P, int p) {
  int64_t r = n % P;
  return p * (n / P) + (p > P - r ? p - (P - r) : 0);
}

/* Takes `--name value` out of argv (bench_parse refuses unknown options). */
static int64_t take(int *argc, char **argv, const char *name, int64_t dflt) {
  for (int i = 1; i + 1 < *argc; ++i)
    if (!strcmp(argv[i], name)) {
      int64_t v = atoll(argv[i + 1]);
      for (int j = i; j + 2 <= *argc; ++j)
        argv[j] = argv[j + 2];
      *argc -= 2;
      return v;
    }
  return dflt;
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  ctx_t c;
  c.S = take(&argc, argv, "--seq", 1024);
  c.H = take(&argc, argv, "--hidden", 1024);
  c.NH = take(&argc, argv, "--heads", 16);
  c.F = take(&argc, argv, "--mlp", 4096);
  bench_opts o = bench_parse(argc, argv, c.S);
  int P = bench_size(), p = bench_rank();
  if (c.H % c.NH) {
    if (p == 0)
      fprintf(stderr, "transformer_mpi: --heads must divide --hidden\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  const int64_t S = c.S, H = c.H, F = c.F;
  c.DH = H / c.NH;
  c.hc = shard_len(c.NH, P, p) * c.DH;
  int64_t h0 = shard_off(c.NH, P, p) * c.DH;
  c.fc = shard_len(F, P, p);
  int64_t f0 = shard_off(F, P, p);
  /* the MLIR programs' scales: 2^-round(log2(fan-in)) */
  float sw = ldexpf(1.0f, -(int)lround(log2((double)H)));
  float sf = ldexpf(1.0f, -(int)lround(log2((double)F)));
  c.X = rows(0, S, H, 0, 0.5f);
  c.Wq = columns(H, h0, c.hc, 1, sw);
  c.Wk = columns(H, h0, c.hc, 2, sw);
  c.Wv = columns(H, h0, c.hc, 3, sw);
  c.Wo = rows(h0, c.hc, H, 4, sw);
  c.W1 = columns(H, f0, c.fc, 5, sw);
  c.W2 = rows(f0, c.fc, H, 6, sf);
  const size_t f = sizeof(float);
  c.q = bench_alloc((size_t)(S * c.hc) * f);
  c.k = bench_alloc((size_t)(S * c.hc) * f);
  c.v = bench_alloc((size_t)(S * c.hc) * f);
  c.o = bench_alloc((size_t)(S * c.hc) * f);
  c.p = bench_alloc((size_t)(S * S) * f);
  c.h1 = bench_alloc((size_t)(S * H) * f);
  c.u = bench_alloc((size_t)(S * c.fc) * f);
  c.out = bench_alloc((size_t)(S * H) * f);
  run(&c);
  double sum = 0.0, sumsq = 0.0;
  for (int64_t i = 0; i < S * H; ++i) {
    sum += c.out[i];
    sumsq += (double)c.out[i] * c.out[i];
  }
  if (p == 0)
    printf("INFO bench=shard_transformer method=c_mpi_blas sum=%.6g sumsq=%.6g\n", sum, sumsq);
  if (!o.check_only)
    bench_time(MPI_COMM_WORLD, "shard_transformer", "c_mpi_blas", &o, 1,
               2.0 * S * H * (4.0 * H + 2.0 * F) + 4.0 * S * S * H, run, &c);
  MPI_Finalize();
  return 0;
}
