/* Sum-allreduce through _idtr_allreduce_f64 + _idtr_wait of a scalar (a 0-D
 * array, n = 1) and of a 1 KiB vector (n = 128). Timed per call over -k calls
 * (default 1000). bytes = n * 8. The -n option is ignored. */
#include "idtr_bench.h"

typedef struct {
  int rank0;
  md0 in0, out0;
  md1 in1, out1;
} ctx_t;

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  int64_t h = c->rank0 ? _idtr_allreduce_f64(BENCH_TEAM, 0, &c->in0, 0, &c->out0, IDTR_SUM)
                       : _idtr_allreduce_f64(BENCH_TEAM, 1, &c->in1, 1, &c->out1, IDTR_SUM);
  _idtr_wait(h);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 1);
  int P = bench_size(), p = bench_rank(), bad = 0;
  static const int64_t lens[2] = {1, 128};
  for (int k = 0; k < 2; ++k) {
    int64_t n = lens[k];
    double *in = bench_alloc(n * 8), *out = bench_alloc(n * 8);
    for (int64_t i = 0; i < n; ++i)
      in[i] = p + 1 + i;
    ctx_t c = {k == 0, md0_make(in), md0_make(out), md1_make(in, n), md1_make(out, n)};
    run(&c);
    long long errs = 0;
    for (int64_t i = 0; i < n; ++i)
      errs += out[i] != 0.5 * P * (P + 1) + (double)P * i;
    bench_opts on = o;
    on.n = n;
    int b1 = bench_report_check(MPI_COMM_WORLD, "allreduce", "idtr", n, errs, "elements");
    bad |= b1;
    if (!o.check_only && !b1)
      bench_time(MPI_COMM_WORLD, "allreduce", "idtr", &on, o.inner ? o.inner : 1000, n * 8.0,
                 run, &c);
    free(in);
    free(out);
  }
  MPI_Finalize();
  return bad;
}
