/* ScaLAPACK pdtran: C = A^T for an N x N f64 matrix on a P x 1 BLACS grid,
 * block-row distribution through the descriptors (MB = ceil(N/P), NB = N), so
 * each rank holds one block of rows (column-major locally, as ScaLAPACK
 * requires). bytes = 2 * N^2 * 8. */
#include "../common/bench.h"

void Cblacs_pinfo(int *mypnum, int *nprocs);
void Cblacs_get(int context, int request, int *value);
void Cblacs_gridinit(int *context, const char *order, int nprow, int npcol);
void Cblacs_gridinfo(int context, int *nprow, int *npcol, int *myrow, int *mycol);
void Cblacs_gridexit(int context);
int numroc_(const int *n, const int *nb, const int *iproc, const int *isrcproc,
            const int *nprocs);
void descinit_(int *desc, const int *m, const int *n, const int *mb, const int *nb,
               const int *irsrc, const int *icsrc, const int *ictxt, const int *lld,
               int *info);
void pdtran_(const int *m, const int *n, const double *alpha, const double *a, const int *ia,
             const int *ja, const int *desca, const double *beta, double *c, const int *ic,
             const int *jc, const int *descc);

typedef struct {
  int n;
  double *A, *C;
  int descA[9], descC[9];
} ctx_t;

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  const int one = 1;
  const double alpha = 1.0, beta = 0.0;
  pdtran_(&c->n, &c->n, &alpha, c->A, &one, &one, c->descA, &beta, c->C, &one, &one, c->descC);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  int P = bench_size();
  int ctxt, nprow, npcol, myrow, mycol, info;
  Cblacs_get(-1, 0, &ctxt);
  Cblacs_gridinit(&ctxt, "R", P, 1);
  Cblacs_gridinfo(ctxt, &nprow, &npcol, &myrow, &mycol);
  ctx_t c;
  c.n = (int)o.n;
  int n = c.n, mb = (n + P - 1) / P, nb = n, zero = 0;
  int mloc = numroc_(&n, &mb, &myrow, &zero, &nprow);
  int lld = mloc > 1 ? mloc : 1;
  descinit_(c.descA, &n, &n, &mb, &nb, &zero, &zero, &ctxt, &lld, &info);
  descinit_(c.descC, &n, &n, &mb, &nb, &zero, &zero, &ctxt, &lld, &info);
  if (info != 0) {
    fprintf(stderr, "transpose_pdtran: descinit info=%d\n", info);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  c.A = bench_alloc((size_t)lld * n * 8);
  c.C = bench_alloc((size_t)lld * n * 8);
  int64_t r0 = (int64_t)myrow * mb;
  for (int64_t j = 0; j < n; ++j)
    for (int64_t i = 0; i < mloc; ++i)
      c.A[i + j * lld] = bench_val(r0 + i, j, n);
  run(&c);
  long long errs = 0;
  for (int64_t j = 0; j < n; ++j)
    for (int64_t i = 0; i < mloc; ++i)
      errs += c.C[i + j * lld] != bench_val(j, r0 + i, n);
  int bad = bench_report_check(MPI_COMM_WORLD, "transpose", "scalapack_pdtran", n, errs,
                               "elements");
  if (!o.check_only && !bad)
    bench_time(MPI_COMM_WORLD, "transpose", "scalapack_pdtran", &o, o.inner, 2.0 * n * n * 8, run,
               &c);
  Cblacs_gridexit(ctxt);
  MPI_Finalize();
  return bad;
}
