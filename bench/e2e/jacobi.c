/* Hand-written C + MPI Jacobi 5-point stencil, the reference for the
 * distc-compiled samples/stencil.mlir and the same computation: an N x N
 * f64 grid in balanced row blocks with one halo row on each side, u = 0
 * outside the grid (Dirichlet) and at the start, a source h^2 f = 1 on the
 * square [N/2 - N/8, N/2 + N/8)^2, and a fixed number of iterations of
 *   v[i][j] = 0.25 * (u[i-1][j] + u[i+1][j] + u[i][j-1] + u[i][j+1] + f[i][j])
 * then u <-> v. One iteration: the halo rows exchanged with both
 * directions posted at once (MPI_Irecv x2, MPI_Isend x2, MPI_Waitall), then
 * the sweep. u and v are allocated with the runtime's huge-page policy
 * (bench_alloc_raw) and zeroed once, by init(). Reports seconds per iteration (-i
 * iterations per timed repetition); bytes = 2 * N^2 * 8 per iteration.
 * --once prints what the sample prints with %report = %iterations: the
 * residual ||u_new - u||_2 of the last step (accumulated inside that
 * sweep, while the rows are in cache), then the sum and the maximum of u
 * (one pass for both).
 * --check compares the result with a serial sweep on rank 0 (bitwise). */
#include "../common/bench.h"

#include <math.h>

typedef struct {
  int64_t n, r0, m;
  int up, down;
  double *u, *v; /* (m + 2) x n, row 0 and row m + 1 are halos */
} ctx_t;

/* One sweep; returns the sum of (v - u)^2 over the block if `residual`. */
static double sweep(double *restrict v, const double *restrict u, int64_t n, int64_t grow0,
                    int64_t m, int64_t nglobal, int residual) {
  int64_t lo = nglobal / 2 - nglobal / 8, hi = nglobal / 2 + nglobal / 8;
  double acc = 0;
  for (int64_t i = 1; i <= m; ++i) {
    int64_t gi = grow0 + i - 1;
    /* Rows outside the grid are halo rows that stay 0 (MPI_PROC_NULL). */
    const double *a = u + (i - 1) * n, *b = u + i * n, *c = u + (i + 1) * n;
    double *o = v + i * n;
    if (n == 1) {
      o[0] = 0.25 * (a[0] + c[0]);
    } else {
      o[0] = 0.25 * (a[0] + c[0] + b[1]);
      for (int64_t j = 1; j < n - 1; ++j)
        o[j] = 0.25 * (a[j] + c[j] + b[j - 1] + b[j + 1]);
      o[n - 1] = 0.25 * (a[n - 1] + c[n - 1] + b[n - 2]);
    }
    if (gi >= lo && gi < hi)
      for (int64_t j = lo; j < hi; ++j)
        o[j] += 0.25;
    if (residual)
      for (int64_t j = 0; j < n; ++j) {
        double d = o[j] - b[j];
        acc += d * d;
      }
  }
  return acc;
}

/* One iteration; returns the local part of the residual if `residual`. */
static double step(ctx_t *c, int residual) {
  int64_t n = c->n, m = c->m;
  int cnt = (int)n;
  MPI_Request rq[4];
  MPI_Irecv(c->u + (m + 1) * n, cnt, MPI_DOUBLE, c->down, 0, MPI_COMM_WORLD, &rq[0]);
  MPI_Irecv(c->u, cnt, MPI_DOUBLE, c->up, 1, MPI_COMM_WORLD, &rq[1]);
  MPI_Isend(c->u + n, cnt, MPI_DOUBLE, c->up, 0, MPI_COMM_WORLD, &rq[2]);
  MPI_Isend(c->u + m * n, cnt, MPI_DOUBLE, c->down, 1, MPI_COMM_WORLD, &rq[3]);
  MPI_Waitall(4, rq, MPI_STATUSES_IGNORE);
  double acc = sweep(c->v, c->u, n, c->r0, m, n, residual);
  double *t = c->u;
  c->u = c->v;
  c->v = t;
  return acc;
}

static void iteration(void *arg) { step((ctx_t *)arg, 0); }

static void init(double *u, int64_t n, int64_t r0, int64_t m) {
  (void)r0;
  memset(u, 0, (size_t)((m + 2) * n) * 8);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  int P = bench_size(), p = bench_rank();
  ctx_t c;
  c.n = o.n;
  int64_t n = c.n;
  c.r0 = bench_block_off(n, P, p);
  c.m = bench_block_len(n, P, p);
  c.up = p > 0 ? p - 1 : MPI_PROC_NULL;
  c.down = p < P - 1 ? p + 1 : MPI_PROC_NULL;
  /* initialised once by init(), on the runtime's huge-page policy */
  c.u = bench_alloc_raw((size_t)((c.m + 2) * n) * 8);
  c.v = bench_alloc_raw((size_t)((c.m + 2) * n) * 8);
  init(c.u, n, c.r0, c.m);
  init(c.v, n, c.r0, c.m);
  int bad = 0;
  if (o.once) { /* the untimed run of bench/run's e2e part: what the sample prints */
    double res = 0;
    for (int k = 0; k < o.iters; ++k)
      res = step(&c, k == o.iters - 1);
    double sum = 0, max = -INFINITY;
    for (int64_t i = 0; i < c.m * n; ++i) {
      double x = c.u[n + i];
      sum += x;
      max = x > max ? x : max;
    }
    MPI_Allreduce(MPI_IN_PLACE, &res, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, &max, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (p == 0)
      printf("INFO e2e_jacobi n=%lld iterations=%d residual=%g sum=%.17g max=%g\n",
             (long long)n, o.iters, sqrt(res), sum, max);
  } else if (!o.check_only) {
    bench_time(MPI_COMM_WORLD, "e2e_jacobi", "c_mpi", &o, o.iters, 2.0 * n * n * 8, iteration,
               &c);
  } else {
    for (int k = 0; k < o.iters; ++k)
      iteration(&c);
    /* gather the interiors on rank 0 and compare with a serial run */
    int *counts = malloc(sizeof(int) * P), *displs = malloc(sizeof(int) * P);
    for (int q = 0; q < P; ++q) {
      counts[q] = (int)(bench_block_len(n, P, q) * n);
      displs[q] = (int)(bench_block_off(n, P, q) * n);
    }
    double *all = p == 0 ? bench_alloc((size_t)(n * n) * 8) : NULL;
    MPI_Gatherv(c.u + n, (int)(c.m * n), MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, 0,
                MPI_COMM_WORLD);
    long long errs = 0;
    if (p == 0) {
      double *su = bench_alloc((size_t)((n + 2) * n) * 8), *sv = bench_alloc((size_t)((n + 2) * n) * 8);
      init(su, n, 0, n);
      init(sv, n, 0, n);
      for (int k = 0; k < o.iters; ++k) {
        sweep(sv, su, n, 0, n, n, 0);
        double *t = su; su = sv; sv = t;
      }
      for (int64_t i = 0; i < n * n; ++i)
        errs += all[i] != su[n + i];
      /* the check is only meaningful if heat reached the grid's centre */
      if (o.iters >= 1 && su[n + (n / 2) * n + n / 2] == 0.0 && n >= 8)
        errs++;
    }
    bad = bench_report_check(MPI_COMM_WORLD, "e2e_jacobi", "c_mpi", n, errs, "elements");
  }
  MPI_Finalize();
  return bad;
}
