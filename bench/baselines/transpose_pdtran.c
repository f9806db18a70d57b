/* ScaLAPACK routes to C = A^T for an N x N f64 matrix, one method each:
 *   scalapack_pdtran              pdtran on a P x 1 grid with one block of rows
 *                                 per rank (MB = ceil(N/P), NB = N): pdtran's
 *                                 worst case
 *   scalapack_pdtran_<g>_b<B>     pdtran with square B x B blocks (B = 64, 256,
 *                                 block-cyclic) on a P x 1 (g = px1) or 1 x P
 *                                 (g = 1xp) grid
 *   scalapack_pdgemr2d_t          pdgemr2d from row blocks (P x 1) to column
 *                                 blocks (1 x P, NB = ceil(N/P)), then each rank
 *                                 transposes its N x (N/P) column block locally
 *                                 (tuned AVX2 kernel) into its row block of C
 * Local arrays are column-major, as ScaLAPACK requires; init and check map
 * local to global indices through the block-cyclic distribution.
 * `-c TEXT` runs the methods whose name is TEXT or contains _TEXT.
 * bytes = 2 * N^2 * 8. */
#include "../common/bench.h"
#include "../common/transpose_kernels.h"

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
void pdgemr2d_(const int *m, const int *n, const double *a, const int *ia, const int *ja,
               const int *desca, double *b, const int *ib, const int *jb, const int *descb,
               const int *ictxt);

/* One block-cyclic distribution of the N x N matrix on one grid. */
typedef struct {
  int ctxt, nprow, npcol, myrow, mycol, mb, nb, mloc, nloc, lld;
  int desc[9];
} dist_t;

static dist_t dist_make(int ctxt, int n, int mb, int nb) {
  dist_t d;
  int zero = 0, info;
  d.ctxt = ctxt;
  d.mb = mb;
  d.nb = nb;
  Cblacs_gridinfo(ctxt, &d.nprow, &d.npcol, &d.myrow, &d.mycol);
  d.mloc = numroc_(&n, &mb, &d.myrow, &zero, &d.nprow);
  d.nloc = numroc_(&n, &nb, &d.mycol, &zero, &d.npcol);
  d.lld = d.mloc > 1 ? d.mloc : 1;
  descinit_(d.desc, &n, &n, &mb, &nb, &zero, &zero, &ctxt, &d.lld, &info);
  if (info != 0) {
    fprintf(stderr, "transpose_pdtran: descinit info=%d\n", info);
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  return d;
}

/* global index of local index l (block size b, my coordinate me of np) */
static inline int64_t glob(int64_t l, int b, int me, int np) {
  return (l / b * np + me) * b + l % b;
}

static double *dist_alloc(const dist_t *d) {
  return bench_alloc((size_t)d->lld * (d->nloc > 0 ? d->nloc : 1) * 8);
}

static void dist_fill(const dist_t *d, double *X, int64_t n) {
  for (int64_t lj = 0; lj < d->nloc; ++lj)
    for (int64_t li = 0; li < d->mloc; ++li)
      X[li + lj * d->lld] = bench_val(glob(li, d->mb, d->myrow, d->nprow),
                                      glob(lj, d->nb, d->mycol, d->npcol), n);
}

/* wrong elements of C = A^T */
static long long dist_check_transposed(const dist_t *d, const double *C, int64_t n) {
  long long e = 0;
  for (int64_t lj = 0; lj < d->nloc; ++lj)
    for (int64_t li = 0; li < d->mloc; ++li)
      e += C[li + lj * d->lld] != bench_val(glob(lj, d->nb, d->mycol, d->npcol),
                                            glob(li, d->mb, d->myrow, d->nprow), n);
  return e;
}

typedef struct {
  int n, route; /* 0: pdtran, 1: pdgemr2d + local transpose */
  dist_t a, c, col;
  double *A, *C, *W;
} ctx_t;

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  const int one = 1;
  if (c->route == 0) {
    const double alpha = 1.0, beta = 0.0;
    pdtran_(&c->n, &c->n, &alpha, c->A, &one, &one, c->a.desc, &beta, c->C, &one, &one,
            c->c.desc);
  } else {
    /* rows -> columns: W holds the N x nloc column block, column-major */
    pdgemr2d_(&c->n, &c->n, c->A, &one, &one, c->a.desc, c->W, &one, &one, c->col.desc,
              &c->a.ctxt);
    /* C(jl, i) = W(i, jl): C is nloc x N column-major with lld = c.lld */
    transpose_avx2(c->C, c->c.lld, c->W, c->col.lld, c->n, c->col.nloc);
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  int P = bench_size(), n = (int)o.n, bad = 0;
  int sys, cpx1, c1xp;
  Cblacs_get(-1, 0, &sys);
  cpx1 = sys;
  Cblacs_gridinit(&cpx1, "R", P, 1);
  Cblacs_get(-1, 0, &sys);
  c1xp = sys;
  Cblacs_gridinit(&c1xp, "R", 1, P);
  int rowb = (n + P - 1) / P;
  struct {
    const char *method;
    int route, ctxt, mb, nb;
  } variants[] = {
      {"scalapack_pdtran", 0, cpx1, rowb, n},
      {"scalapack_pdtran_px1_b64", 0, cpx1, 64, 64},
      {"scalapack_pdtran_px1_b256", 0, cpx1, 256, 256},
      {"scalapack_pdtran_1xp_b64", 0, c1xp, 64, 64},
      {"scalapack_pdtran_1xp_b256", 0, c1xp, 256, 256},
      {"scalapack_pdgemr2d_t", 1, cpx1, rowb, n},
  };
  for (size_t v = 0; v < sizeof variants / sizeof variants[0]; ++v) {
    char key[64];
    snprintf(key, sizeof key, "_%s", o.only ? o.only : "");
    if (o.only && strcmp(variants[v].method, o.only) && !strstr(variants[v].method, key))
      continue;
    ctx_t c;
    c.n = n;
    c.route = variants[v].route;
    c.a = dist_make(variants[v].ctxt, n, variants[v].mb, variants[v].nb);
    c.c = c.a; /* C = A^T has the same (square) distribution */
    c.A = dist_alloc(&c.a);
    c.C = dist_alloc(&c.c);
    c.W = NULL;
    if (c.route == 1) {
      c.col = dist_make(c1xp, n, n, rowb);
      c.W = dist_alloc(&c.col);
    }
    dist_fill(&c.a, c.A, n);
    run(&c);
    int b1 = bench_report_check(MPI_COMM_WORLD, "transpose", variants[v].method, n,
                                dist_check_transposed(&c.c, c.C, n), "elements");
    bad |= b1;
    bench_count(MPI_COMM_WORLD, &o, run, &c);
    if (!o.check_only && !b1)
      bench_time(MPI_COMM_WORLD, "transpose", variants[v].method, &o, o.inner,
                 2.0 * n * n * 8, run, &c);
    free(c.A);
    free(c.C);
    free(c.W);
  }
  Cblacs_gridexit(cpx1);
  Cblacs_gridexit(c1xp);
  MPI_Finalize();
  return bad;
}
