/* Parallel Research Kernels: Nstream, C + MPI in the structure of the PRK
 * MPI1 reference (MPI1/Nstream/nstream.c), the baseline of
 * samples/prk/nstream.mlir:
 *
 *   repeat iterations + 1 times: A[j] += B[j] + s C[j]   (A = 0, B = C = 2, s = 3)
 *
 * Each rank owns a balanced block of the `length` elements (as the distc
 * program's layout), allocated with the compiled programs' huge-page policy
 * (bench_alloc_raw) and first touched by the initialisation loop; no
 * communication in the loop. Iteration 0 is untimed: the timer starts after
 * an MPI_Barrier before iteration 1, and the time is the slowest rank's
 * (MPI_Reduce MAX). Validation and rate as PRK: sum |A| against length times
 * the scalar recurrence (relative error < 1e-8); MB/s = 1e-6 * 4 * 8 *
 * length / seconds per iteration.
 *
 *   mpicc -O3 -march=native bench/prk/nstream.c -o nstream
 *   mpirun -n 2 ./nstream <iterations> <length>
 */
#include "../common/bench.h"
#include "prk.h"

#include <math.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int P = bench_size(), me = bench_rank();
  if (argc != 3) {
    if (me == 0)
      fprintf(stderr, "usage: %s <iterations> <vector length>\n", argv[0]);
    MPI_Finalize();
    return 1;
  }
  long iterations = atol(argv[1]);
  int64_t length = atoll(argv[2]);
  if (iterations < 1 || length < P) {
    if (me == 0)
      fprintf(stderr, "nstream: need iterations >= 1 and length >= ranks\n");
    MPI_Finalize();
    return 1;
  }
  int64_t n = bench_block_len(length, P, me);
  double *restrict a = bench_alloc_raw((size_t)n * sizeof(double));
  double *restrict b = bench_alloc_raw((size_t)n * sizeof(double));
  double *restrict c = bench_alloc_raw((size_t)n * sizeof(double));
  const double scalar = 3.0;
  for (int64_t j = 0; j < n; ++j) {
    a[j] = 0.0;
    b[j] = 2.0;
    c[j] = 2.0;
  }

  double start = 0.0;
  for (long iter = 0; iter <= iterations; ++iter) {
    if (iter == 1) {
      MPI_Barrier(MPI_COMM_WORLD);
      start = MPI_Wtime();
    }
    for (int64_t j = 0; j < n; ++j)
      a[j] += b[j] + scalar * c[j];
  }
  double local = MPI_Wtime() - start, time = 0.0;
  MPI_Reduce(&local, &time, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

  double asum = 0.0, total = 0.0;
  for (int64_t j = 0; j < n; ++j)
    asum += fabs(a[j]);
  MPI_Reduce(&asum, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  int status = 0;
  if (me == 0) {
    double aj = 0.0;
    for (long iter = 0; iter <= iterations; ++iter)
      aj += 2.0 + scalar * 2.0;
    double expected = aj * (double)length;
    status = prk_report("sum of |A|", fabs(expected - total) / total, 4.0 * 8.0 * (double)length,
                        "MB/s", time, iterations);
  }
  free(a);
  free(b);
  free(c);
  MPI_Finalize();
  return status;
}
