/* Parallel Research Kernels: DGEMM, C + MPI + OpenBLAS in the structure of
 * the PRK MPI1 reference (MPI1/DGEMM/dgemm.c, SUMMA), the baseline of
 * samples/prk/dgemm.mlir:
 *
 *   repeat iterations + 1 times: C += A B    (A[i][j] = B[i][j] = j, C = 0)
 *
 * The n x n matrices are in the balanced 2-D blocks of an MPI_Dims_create
 * grid (the factoring distc's `grid = [?, ?]` makes for 2..6 ranks). For
 * each panel of K (at most `block` wide, cut where a block of A's columns
 * or B's rows ends) the owners broadcast A's panel along their grid row and
 * B's along their grid column (MPI_Bcast, as PRK), and every rank adds the
 * panel product into its block of C with one cblas_dgemm (single-threaded
 * OpenBLAS). Iteration 0 is untimed (barrier, then the timer); the time is
 * the slowest rank's. Validation and rate as PRK: sum(C) against
 * 0.25 n^3 (n - 1)^2 (iterations + 1), relative error < 1e-8; MFlop/s =
 * 1e-6 * 2 n^3 / seconds per iteration.
 *
 *   mpicc -O3 -march=native bench/prk/dgemm.c -o dgemm -lopenblas
 *   OPENBLAS_NUM_THREADS=1 mpirun -n 2 ./dgemm <iterations> <n> [block]
 */
#include "../common/bench.h"
#include "prk.h"

#include <cblas.h>
#include <math.h>

typedef struct {
  int64_t n, block;
  int Pr, Pc, pr, pc;
  MPI_Comm row, col; /* ranks of my grid row / grid column */
  int64_t mr, nc;    /* my block of C: mr rows, nc columns */
  int64_t r0, c0;    /* its first global row, column */
  double *A, *B, *C; /* mr x kc (A's columns = my grid column's), kr x nc, mr x nc */
  int64_t kc, kr, k0c, k0r;
  double *Apanel, *Bpanel;
} summa_t;

/* The grid part that owns global index k of an extent n cut into P blocks. */
static int owner(int64_t n, int P, int64_t k) {
  int p = (int)(k / (n / P + 1));
  while (p + 1 < P && bench_block_off(n, P, p + 1) <= k)
    ++p;
  while (p > 0 && bench_block_off(n, P, p) > k)
    --p;
  return p;
}

static void summa(summa_t *s) {
  for (int64_t k = 0; k < s->n;) {
    /* The panel [k, k + w): within one block of A's columns and B's rows. */
    int oc = owner(s->n, s->Pc, k), orr = owner(s->n, s->Pr, k);
    int64_t endc = bench_block_off(s->n, s->Pc, oc) + bench_block_len(s->n, s->Pc, oc);
    int64_t endr = bench_block_off(s->n, s->Pr, orr) + bench_block_len(s->n, s->Pr, orr);
    int64_t w = s->block;
    if (k + w > endc) w = endc - k;
    if (k + w > endr) w = endr - k;
    /* A's panel: mr x w, packed by its owner in the grid row. */
    if (s->pc == oc)
      for (int64_t i = 0; i < s->mr; ++i)
        memcpy(s->Apanel + i * w, s->A + i * s->kc + (k - s->k0c), (size_t)w * sizeof(double));
    MPI_Bcast(s->Apanel, (int)(s->mr * w), MPI_DOUBLE, oc, s->row);
    /* B's panel: w x nc, rows of the owner in the grid column (contiguous). */
    double *bp = s->pr == orr ? s->B + (k - s->k0r) * s->nc : s->Bpanel;
    MPI_Bcast(bp, (int)(w * s->nc), MPI_DOUBLE, orr, s->col);
    if (s->mr > 0 && s->nc > 0)
      cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)s->mr, (int)s->nc, (int)w, 1.0,
                  s->Apanel, (int)w, bp, (int)s->nc, 1.0, s->C, (int)s->nc);
    k += w;
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int P = bench_size(), me = bench_rank();
  if (argc < 3) {
    if (me == 0)
      fprintf(stderr, "usage: %s <iterations> <n> [block]\n", argv[0]);
    MPI_Finalize();
    return 1;
  }
  summa_t s = {0};
  long iterations = atol(argv[1]);
  s.n = atoll(argv[2]);
  s.block = argc > 3 ? atoll(argv[3]) : 256;
  int dims[2] = {0, 0};
  MPI_Dims_create(P, 2, dims);
  s.Pr = dims[0];
  s.Pc = dims[1];
  if (iterations < 1 || s.n < s.Pr || s.n < s.Pc || s.block < 1 || s.block > 1024 || s.n > (1 << 20)) {
    if (me == 0)
      fprintf(stderr, "dgemm: need iterations >= 1, grid extents <= n <= 2^20, 1 <= block <= 1024\n");
    MPI_Finalize();
    return 1;
  }
  s.pr = me / s.Pc;
  s.pc = me % s.Pc;
  MPI_Comm_split(MPI_COMM_WORLD, s.pr, s.pc, &s.row);
  MPI_Comm_split(MPI_COMM_WORLD, s.pc, s.pr, &s.col);
  s.mr = bench_block_len(s.n, s.Pr, s.pr);
  s.r0 = bench_block_off(s.n, s.Pr, s.pr);
  s.nc = bench_block_len(s.n, s.Pc, s.pc);
  s.c0 = bench_block_off(s.n, s.Pc, s.pc);
  /* A in the grid's blocks: my rows x my grid column's columns; B: my grid
   * row's rows x my columns (the same 2-D blocks as C). */
  s.kc = s.nc;
  s.k0c = s.c0;
  s.kr = s.mr;
  s.k0r = s.r0;
  s.A = bench_alloc_raw((size_t)(s.mr * s.kc + 1) * sizeof(double));
  s.B = bench_alloc_raw((size_t)(s.kr * s.nc + 1) * sizeof(double));
  s.C = bench_alloc_raw((size_t)(s.mr * s.nc + 1) * sizeof(double));
  s.Apanel = bench_alloc_raw((size_t)(s.mr * s.block + 1) * sizeof(double));
  s.Bpanel = bench_alloc_raw((size_t)(s.block * s.nc + 1) * sizeof(double));
  for (int64_t i = 0; i < s.mr; ++i)
    for (int64_t j = 0; j < s.kc; ++j)
      s.A[i * s.kc + j] = (double)(s.k0c + j);
  for (int64_t i = 0; i < s.kr; ++i)
    for (int64_t j = 0; j < s.nc; ++j)
      s.B[i * s.nc + j] = (double)(s.c0 + j);
  for (int64_t i = 0; i < s.mr * s.nc; ++i)
    s.C[i] = 0.0;

  double start = 0.0;
  for (long iter = 0; iter <= iterations; ++iter) {
    if (iter == 1) {
      MPI_Barrier(MPI_COMM_WORLD);
      start = MPI_Wtime();
    }
    summa(&s);
  }
  double local = MPI_Wtime() - start, time = 0.0;
  MPI_Reduce(&local, &time, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

  double sum = 0.0, checksum = 0.0;
  for (int64_t i = 0; i < s.mr * s.nc; ++i)
    sum += s.C[i];
  MPI_Reduce(&sum, &checksum, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  int status = 0;
  if (me == 0) {
    double n = (double)s.n;
    double reference = 0.25 * n * n * n * (n - 1.0) * (n - 1.0) * (double)(iterations + 1);
    status = prk_report("the checksum", fabs(checksum - reference) / reference, 2.0 * n * n * n,
                        "MFlops/s", time, iterations);
  }
  MPI_Comm_free(&s.row);
  MPI_Comm_free(&s.col);
  MPI_Finalize();
  return status;
}
