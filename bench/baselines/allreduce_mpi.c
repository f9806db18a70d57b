/* MPI_Allreduce (sum) of a scalar (n = 1) and of a 1 KiB vector (n = 128),
 * out of place. Timed per call over -k calls (default 1000). bytes = n * 8. */
#include "../common/bench.h"

typedef struct {
  int64_t n;
  double *in, *out;
} ctx_t;

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  MPI_Allreduce(c->in, c->out, (int)c->n, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 1);
  int P = bench_size(), p = bench_rank(), bad = 0;
  static const int64_t lens[2] = {1, 128};
  for (int k = 0; k < 2; ++k) {
    int64_t n = lens[k];
    ctx_t c = {n, bench_alloc(n * 8), bench_alloc(n * 8)};
    for (int64_t i = 0; i < n; ++i)
      c.in[i] = p + 1 + i;
    run(&c);
    long long errs = 0;
    for (int64_t i = 0; i < n; ++i)
      errs += c.out[i] != 0.5 * P * (P + 1) + (double)P * i;
    bench_opts on = o;
    on.n = n;
    int b1 = bench_report_check(MPI_COMM_WORLD, "allreduce", "mpi_allreduce", n, errs,
                                "elements");
    bad |= b1;
    if (!o.check_only && !b1)
      bench_time(MPI_COMM_WORLD, "allreduce", "mpi_allreduce", &on, o.inner ? o.inner : 1000,
                 n * 8.0, run, &c);
    free(c.in);
    free(c.out);
  }
  MPI_Finalize();
  return bad;
}
