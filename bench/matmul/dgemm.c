// Single-core OpenBLAS dgemm rate for one local block size: the reference
// of distc-tile-matmul (docs/dist.md, "Matrix products").
//
//   cc -O2 dgemm.c -o dgemm -I/usr/include/x86_64-linux-gnu/openblas-pthread -lopenblas
//   OPENBLAS_NUM_THREADS=1 ./dgemm M K N [reps]
#include <cblas.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s M K N [reps]\n", argv[0]);
    return 1;
  }
  long m = atol(argv[1]), k = atol(argv[2]), n = atol(argv[3]);
  int reps = argc > 4 ? atoi(argv[4]) : 1;
  double *a = malloc(m * k * sizeof(double)), *b = malloc(k * n * sizeof(double));
  double *c = malloc(m * n * sizeof(double));
  for (long i = 0; i < m * k; ++i)
    a[i] = (double)(i % 7) - 3;
  for (long i = 0; i < k * n; ++i)
    b[i] = (double)(i % 5) - 2;
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    double t = now();
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, n, k, 1.0, a, k,
                b, n, 0.0, c, n);
    t = now() - t;
    if (t < best)
      best = t;
  }
  printf("dgemm M %ld K %ld N %ld seconds %.3f gflops %.2f\n", m, k, n, best,
         2.0 * m * n * k / best * 1e-9);
  return 0;
}
