/* FFTW's MPI transpose (fftw_mpi_plan_transpose, out of place, FFTW_MEASURE)
 * of an N x N f64 matrix in row blocks (FFTW's own block distribution, equal
 * to ours when P divides N). Planning is excluded from the timing.
 * bytes = 2 * N^2 * 8. */
#include <fftw3-mpi.h>

#include "../common/bench.h"

typedef struct {
  fftw_plan plan;
} ctx_t;

static void run(void *arg) { fftw_execute(((ctx_t *)arg)->plan); }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  fftw_mpi_init();
  bench_opts o = bench_parse(argc, argv, 2048);
  int64_t n = o.n;
  ptrdiff_t nn[2] = {(ptrdiff_t)n, (ptrdiff_t)n};
  ptrdiff_t ln0, l0s, ln1, l1s;
  ptrdiff_t alloc = fftw_mpi_local_size_many_transposed(
      2, nn, 1, FFTW_MPI_DEFAULT_BLOCK, FFTW_MPI_DEFAULT_BLOCK, MPI_COMM_WORLD, &ln0, &l0s,
      &ln1, &l1s);
  double *in = fftw_alloc_real(alloc > 0 ? alloc : 1);
  double *out = fftw_alloc_real(alloc > 0 ? alloc : 1);
  double t0 = MPI_Wtime();
  ctx_t c = {fftw_mpi_plan_transpose(n, n, in, out, MPI_COMM_WORLD,
                                     o.check_only ? FFTW_ESTIMATE : FFTW_MEASURE)};
  double tplan = MPI_Wtime() - t0;
  if (!c.plan) {
    fprintf(stderr, "transpose_fftw: planning failed\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  if (bench_rank() == 0)
    printf("INFO transpose_fftw n=%lld plan_seconds=%.3f\n", (long long)n, tplan);
  /* FFTW_MEASURE overwrites the arrays: initialise after planning */
  for (ptrdiff_t i = 0; i < ln0; ++i)
    for (int64_t j = 0; j < n; ++j)
      in[i * n + j] = bench_val(l0s + i, j, n);
  run(&c);
  long long errs = 0;
  for (ptrdiff_t i = 0; i < ln1; ++i)
    for (int64_t j = 0; j < n; ++j)
      errs += out[i * n + j] != bench_val(j, l1s + i, n);
  int bad = bench_report_check(MPI_COMM_WORLD, "transpose", "fftw", n, errs, "elements");
  if (!o.check_only && !bad)
    bench_time(MPI_COMM_WORLD, "transpose", "fftw", &o, o.inner, 2.0 * n * n * 8, run, &c);
  fftw_destroy_plan(c.plan);
  fftw_free(in);
  fftw_free(out);
  fftw_mpi_cleanup();
  MPI_Finalize();
  return bad;
}
