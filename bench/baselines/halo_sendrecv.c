/* The plain-MPI halo exchange: two MPI_Sendrecv of one row each (first row up,
 * last row down; MPI_PROC_NULL at the edges), received straight into the halo
 * buffers. Same geometry as idtr/halo_idtr.c. bytes = 2 * N * 8. */
#include "../common/halo_geometry.h"

typedef struct {
  int64_t n;
  int up, down;
  halo_geom g;
  double *A, *L, *R;
} ctx_t;

static void run(void *arg) {
  ctx_t *c = (ctx_t *)arg;
  int n = (int)c->n;
  /* my first row goes up, the row below me arrives from down */
  MPI_Sendrecv(c->A, c->g.lrows ? n : 0, MPI_DOUBLE, c->up, 0, c->R, c->g.rrows ? n : 0,
               MPI_DOUBLE, c->down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(c->A + (c->g.m - 1) * c->n, c->g.rrows ? n : 0, MPI_DOUBLE, c->down, 1, c->L,
               c->g.lrows ? n : 0, MPI_DOUBLE, c->up, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  bench_opts o = bench_parse(argc, argv, 2048);
  int P = bench_size(), p = bench_rank();
  ctx_t c;
  c.n = o.n;
  int64_t n = c.n;
  c.g = halo_make(n, P, p);
  c.up = c.g.lrows ? p - 1 : MPI_PROC_NULL;
  c.down = c.g.rrows ? p + 1 : MPI_PROC_NULL;
  c.A = bench_alloc((size_t)(c.g.m * n) * 8);
  c.L = bench_alloc((size_t)n * 8);
  c.R = bench_alloc((size_t)n * 8);
  for (int64_t i = 0; i < c.g.m; ++i)
    for (int64_t j = 0; j < n; ++j)
      c.A[i * n + j] = bench_val(c.g.r0 + i, j, n);
  run(&c);
  int bad = bench_report_check(MPI_COMM_WORLD, "halo", "mpi_sendrecv", n,
                               halo_errors(n, c.g, c.L, c.R), "elements");
  bench_count(MPI_COMM_WORLD, &o, run, &c);
  if (!o.check_only && !bad)
    bench_time(MPI_COMM_WORLD, "halo", "mpi_sendrecv", &o, o.inner ? o.inner : 100,
               2.0 * n * 8, run, &c);
  MPI_Finalize();
  return bad;
}
