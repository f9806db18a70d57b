// ScaLAPACK pdgemm baseline for dist.matmul: C = A B of n x n f64 on a
// 1 x P process grid (the 1-D layout dist.matmul uses today), for the block
// sizes given on the command line; prints the best rate. Debian's
// libscalapack-openmpi over OpenBLAS, one thread per rank. With -r R each
// block size runs R times on the same matrices and keeps its best time
// (the first call also pays for the first touch of C and of pdgemm's work
// buffers), as samples/matmul.mlir --reps R does.
//
//   mpicc -O2 pdgemm.c -o pdgemm -lscalapack-openmpi -lopenblas
//   OPENBLAS_NUM_THREADS=1 mpirun -n 2 ./pdgemm [-r R] 4096 64 128 256
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void Cblacs_pinfo(int *me, int *np);
void Cblacs_get(int ctx, int what, int *val);
void Cblacs_gridinit(int *ctx, const char *order, int rows, int cols);
void Cblacs_gridinfo(int ctx, int *rows, int *cols, int *row, int *col);
void Cblacs_gridexit(int ctx);
int numroc_(const int *n, const int *nb, const int *iproc, const int *isrc,
            const int *nprocs);
void descinit_(int *desc, const int *m, const int *n, const int *mb,
               const int *nb, const int *irsrc, const int *icsrc,
               const int *ctx, const int *lld, int *info);
void pdgemm_(const char *ta, const char *tb, const int *m, const int *n,
             const int *k, const double *alpha, const double *a, const int *ia,
             const int *ja, const int *desca, const double *b, const int *ib,
             const int *jb, const int *descb, const double *beta, double *c,
             const int *ic, const int *jc, const int *descc);

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int reps = 1;
  if (argc > 2 && strcmp(argv[1], "-r") == 0) {
    reps = atoi(argv[2]) > 0 ? atoi(argv[2]) : 1;
    argc -= 2;
    argv += 2;
  }
  int n = argc > 1 ? atoi(argv[1]) : 1024;
  int me, np, ctx, rows, cols, row, col;
  Cblacs_pinfo(&me, &np);
  Cblacs_get(-1, 0, &ctx);
  Cblacs_gridinit(&ctx, "Row", 1, np);
  Cblacs_gridinfo(ctx, &rows, &cols, &row, &col);
  double best = 0;
  int bestNb = 0;
  for (int arg = 2; arg < (argc > 2 ? argc : 3); ++arg) {
    int nb = argc > 2 ? atoi(argv[arg]) : 64;
    int zero = 0, one = 1, info;
    int lr = numroc_(&n, &nb, &row, &zero, &rows);
    int lc = numroc_(&n, &nb, &col, &zero, &cols);
    int lld = lr > 1 ? lr : 1;
    int desc[9];
    descinit_(desc, &n, &n, &nb, &nb, &zero, &zero, &ctx, &lld, &info);
    size_t count = (size_t)lld * (lc > 0 ? lc : 1);
    double *a = malloc(count * sizeof(double));
    double *b = malloc(count * sizeof(double));
    double *c = malloc(count * sizeof(double));
    for (size_t i = 0; i < count; ++i) {
      a[i] = (double)(i % 7) - 3;
      b[i] = (double)(i % 5) - 2;
    }
    double alpha = 1, beta = 0;
    double slowest = 1e30;
    for (int r = 0; r < reps; ++r) {
      MPI_Barrier(MPI_COMM_WORLD);
      double t0 = MPI_Wtime();
      pdgemm_("N", "N", &n, &n, &n, &alpha, a, &one, &one, desc, b, &one,
              &one, desc, &beta, c, &one, &one, desc);
      double dt = MPI_Wtime() - t0, max;
      MPI_Allreduce(&dt, &max, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
      if (max < slowest)
        slowest = max;
    }
    double gflops = 2.0 * n * (double)n * n / slowest * 1e-9;
    if (me == 0)
      printf("pdgemm n %d nb %d grid 1x%d seconds %.3f gflops %.2f\n", n, nb,
             np, slowest, gflops);
    if (gflops > best) {
      best = gflops;
      bestNb = nb;
    }
    free(a);
    free(b);
    free(c);
  }
  if (me == 0)
    printf("pdgemm best nb %d gflops %.2f\n", bestNb, best);
  Cblacs_gridexit(ctx);
  MPI_Finalize();
  return 0;
}
