/* FFTW's MPI transpose (fftw_mpi_plan_transpose) of an N x N f64 matrix in
 * row blocks (FFTW's own block distribution, equal to ours when P divides N),
 * in every variant an expert would try, one method each:
 *   fftw                      out of place, input preserved, FFTW_MEASURE
 *                             (the variant FFTW's manual advises against)
 *   fftw_oop_destroy_measure  out of place, FFTW_DESTROY_INPUT, FFTW_MEASURE
 *   fftw_oop_destroy_patient  out of place, FFTW_DESTROY_INPUT, FFTW_PATIENT
 *   fftw_inplace_measure      in place, FFTW_MEASURE
 *   fftw_inplace_patient      in place, FFTW_PATIENT
 * FFTW's manual advises FFTW_DESTROY_INPUT or in place for the MPI transpose
 * (the input then serves as scratch space). Planning is excluded from the
 * timing (its time printed as INFO). The FFTW_PATIENT plans keep their wisdom
 * in the file named by $BENCH_FFTW_WISDOM (if set) so that later runs skip
 * the search; it is loaded just before the first FFTW_PATIENT plan, so the
 * FFTW_MEASURE plans are always measured afresh (in the same process they
 * would otherwise take the PATIENT plans from the wisdom). bench/run
 * takes the best of the variants as the FFTW baseline. --check plans every
 * variant with FFTW_ESTIMATE. `-c TEXT` runs the variants whose method is
 * TEXT or contains _TEXT (`-c measure`, `-c patient`, `-c fftw`).
 * bytes = 2 * N^2 * 8. */
#include <fftw3-mpi.h>

#include "../common/bench.h"

typedef struct {
  fftw_plan plan;
} ctx_t;

static void run(void *arg) { fftw_execute(((ctx_t *)arg)->plan); }

typedef struct {
  const char *method;
  int inplace;
  unsigned flags;
} variant;

static const variant variants[] = {
    {"fftw", 0, FFTW_MEASURE},
    {"fftw_oop_destroy_measure", 0, FFTW_MEASURE | FFTW_DESTROY_INPUT},
    {"fftw_inplace_measure", 1, FFTW_MEASURE},
    {"fftw_oop_destroy_patient", 0, FFTW_PATIENT | FFTW_DESTROY_INPUT},
    {"fftw_inplace_patient", 1, FFTW_PATIENT},
};

static void load_wisdom(const char *file) {
  if (file && bench_rank() == 0)
    fftw_import_wisdom_from_filename(file); /* absent on the first run: fine */
  if (file)
    fftw_mpi_broadcast_wisdom(MPI_COMM_WORLD);
}

static void save_wisdom(const char *file) {
  if (!file)
    return;
  fftw_mpi_gather_wisdom(MPI_COMM_WORLD);
  if (bench_rank() == 0)
    fftw_export_wisdom_to_filename(file);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  fftw_mpi_init();
  bench_opts o = bench_parse(argc, argv, 2048);
  const char *wisdom = getenv("BENCH_FFTW_WISDOM");
  if (o.check_only)
    wisdom = NULL;
  int loaded = 0;
  int64_t n = o.n;
  ptrdiff_t nn[2] = {(ptrdiff_t)n, (ptrdiff_t)n};
  ptrdiff_t ln0, l0s, ln1, l1s;
  ptrdiff_t alloc = fftw_mpi_local_size_many_transposed(
      2, nn, 1, FFTW_MPI_DEFAULT_BLOCK, FFTW_MPI_DEFAULT_BLOCK, MPI_COMM_WORLD, &ln0, &l0s,
      &ln1, &l1s);
  double *in = fftw_alloc_real(alloc > 0 ? alloc : 1);
  double *out = fftw_alloc_real(alloc > 0 ? alloc : 1);
  int bad = 0;
  for (size_t v = 0; v < sizeof variants / sizeof variants[0]; ++v) {
    const variant *var = &variants[v];
    char key[64];
    snprintf(key, sizeof key, "_%s", o.only ? o.only : "");
    if (o.only && strcmp(var->method, o.only) && !strstr(var->method, key))
      continue;
    double *dst = var->inplace ? in : out;
    if ((var->flags & FFTW_PATIENT) && !loaded) {
      load_wisdom(wisdom);
      loaded = 1;
    }
    unsigned flags = o.check_only ? (var->flags & ~(unsigned)(FFTW_MEASURE | FFTW_PATIENT)) |
                                        FFTW_ESTIMATE
                                  : var->flags;
    double t0 = MPI_Wtime();
    ctx_t c = {fftw_mpi_plan_transpose(n, n, in, dst, MPI_COMM_WORLD, flags)};
    double tplan = MPI_Wtime() - t0;
    if (!c.plan) {
      fprintf(stderr, "transpose_fftw: planning %s failed\n", var->method);
      MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (bench_rank() == 0)
      printf("INFO transpose_fftw method=%s n=%lld plan_seconds=%.3f\n", var->method,
             (long long)n, tplan);
    /* planning overwrites the arrays: initialise after it */
    for (ptrdiff_t i = 0; i < ln0; ++i)
      for (int64_t j = 0; j < n; ++j)
        in[i * n + j] = bench_val(l0s + i, j, n);
    run(&c);
    long long errs = 0;
    for (ptrdiff_t i = 0; i < ln1; ++i)
      for (int64_t j = 0; j < n; ++j)
        errs += dst[i * n + j] != bench_val(j, l1s + i, n);
    int b1 = bench_report_check(MPI_COMM_WORLD, "transpose", var->method, n, errs, "elements");
    bad |= b1;
    bench_count(MPI_COMM_WORLD, &o, run, &c);
    /* timing repeats the plan on whatever the arrays hold (destroyed input,
     * or the previous result in place): the values do not matter */
    if (!o.check_only && !b1)
      bench_time(MPI_COMM_WORLD, "transpose", var->method, &o, o.inner, 2.0 * n * n * 8, run,
                 &c);
    fftw_destroy_plan(c.plan);
  }
  if (loaded)
    save_wisdom(wisdom);
  fftw_free(in);
  fftw_free(out);
  fftw_mpi_cleanup();
  MPI_Finalize();
  return bad;
}
