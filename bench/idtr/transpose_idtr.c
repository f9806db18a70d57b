/* B = A^T of an N x N f64 matrix in balanced row blocks (in and out) through
 * _idtr_copy_permute_f64 + _idtr_wait. On 1 rank this times the runtime's
 * local transposition kernel alone. A and B are program buffers
 * (bench_program_alloc), as a compiled program's are: from the second call
 * on, each rank transposes its peers' blocks straight out of their shared
 * buffers. `-c user`: A and B allocated by the program itself (bench_alloc),
 * which the runtime reads with process_vm_readv (method idtr_user_buffers).
 * bytes = 2 * N^2 * 8. */
#include "idtr_bench.h"

typedef struct {
  int64_t g[2], lo[2], nlo[2], axes[2];
  md2 in, out;
} ctx_t;

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  idtr_index_array_t g = idtr_index_array(c->g, 2), lo = idtr_index_array(c->lo, 2),
                     nlo = idtr_index_array(c->nlo, 2), ax = idtr_index_array(c->axes, 2);
  int64_t h = _idtr_copy_permute_f64(BENCH_TEAM, 1, &g, 1, &lo, 2, &c->in, 1, &nlo, 2, &c->out,
                                     1, &ax);
  _idtr_wait(h);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  int P = bench_size(), p = bench_rank();
  int64_t n = o.n, m = bench_block_len(n, P, p), r0 = bench_block_off(n, P, p);
  int user = o.only && strcmp(o.only, "user") == 0;
  const char *method = user ? "idtr_user_buffers" : "idtr";
  size_t bytes = (size_t)(m * n) * 8;
  double *A = user ? bench_alloc(bytes) : bench_program_alloc(bytes);
  double *B = user ? bench_alloc(bytes) : bench_program_alloc(bytes);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      A[i * n + j] = bench_val(r0 + i, j, n);
  ctx_t c = {{n, n}, {r0, 0}, {r0, 0}, {1, 0}, md2_make(A, m, n), md2_make(B, m, n)};
  run(&c);
  long long errs = 0;
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j)
      errs += B[i * n + j] != bench_val(j, r0 + i, n);
  int bad = bench_report_check(MPI_COMM_WORLD, "transpose", method, n, errs, "elements");
  bench_count(MPI_COMM_WORLD, &o, run, &c);
  if (!o.check_only && !bad)
    bench_time(MPI_COMM_WORLD, "transpose", method, &o, o.inner, 2.0 * n * n * 8, run, &c);
  MPI_Finalize();
  return bad;
}
