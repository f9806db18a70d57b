/* C + MPI PRK Stencil, the baseline of samples/prk/stencil.mlir, structured
 * as the Parallel Research Kernels' MPI1 Stencil with its expanded loop
 * body: an n x n grid of doubles on a 2-D process grid (MPI_Dims_create, the
 * rows split over grid axis 0 as `grid = [?, ?], split = [0, 1]` does), a
 * star stencil of radius 2 with the PRK weights, in[i][j] = i + j, out = 0.
 * Each iteration exchanges the ghost zones of `in` (non-blocking: MPI_Irecv
 * and MPI_Isend of the packed faces, one message per neighbour, no
 * corners), adds the stencil into `out` on the active points
 * 2 <= i, j < n - 2 with the eight weighted neighbours written out (PRK's
 * LOOPGEN body), then adds 1 to every own point of `in`. Iteration 0 is
 * untimed; the slowest rank's time over iterations 1..I gives PRK's rate,
 * (2 * (4R + 1) + 1) flops per active point. Validation as PRK's: the mean
 * of |out| over the active points is (I + 1) * 2 to 1e-8.
 *
 *   stencil -n 8192 -i 20        prints `Solution validates`,
 *                                `Rate (MFlops/s) X`, `Avg time (s) T`
 *
 * `in` carries ghost zones of width R on every side (row stride w + 2R),
 * `out` is the bare block, as in PRK; both come from the runtime's
 * huge-page policy (bench_alloc_raw) and are first touched by their
 * initialisation. */
#include "../common/bench.h"

#include <math.h>

#define R 2

typedef struct {
  int64_t n, r0, c0, h, w; /* global size; first row, column; rows, columns */
  int64_t ld;              /* row stride of in */
  double *in, *out;
  int up, down, left, right; /* neighbours or MPI_PROC_NULL */
  double *send[4], *recv[4];
} grid_t;

#define IN(g, i, j) ((g)->in[((i) + R) * (g)->ld + (j) + R])

/* The ghost exchange of `in`: faces of width R, packed, all posted at once. */
static void exchange(grid_t *g) {
  MPI_Request req[8];
  int nreq = 0;
  int64_t rowv = R * g->w, colv = R * g->h;
  int peer[4] = {g->up, g->down, g->left, g->right};
  int64_t count[4] = {rowv, rowv, colv, colv};
  for (int k = 0; k < 4; ++k)
    if (peer[k] != MPI_PROC_NULL)
      MPI_Irecv(g->recv[k], (int)count[k], MPI_DOUBLE, peer[k], k ^ 1, MPI_COMM_WORLD,
                &req[nreq++]);
  /* up: my first R rows; down: my last R rows; left/right: R columns */
  if (g->up != MPI_PROC_NULL)
    for (int64_t r = 0; r < R; ++r)
      memcpy(g->send[0] + r * g->w, &IN(g, r, 0), g->w * sizeof(double));
  if (g->down != MPI_PROC_NULL)
    for (int64_t r = 0; r < R; ++r)
      memcpy(g->send[1] + r * g->w, &IN(g, g->h - R + r, 0), g->w * sizeof(double));
  if (g->left != MPI_PROC_NULL)
    for (int64_t i = 0; i < g->h; ++i)
      for (int64_t c = 0; c < R; ++c)
        g->send[2][i * R + c] = IN(g, i, c);
  if (g->right != MPI_PROC_NULL)
    for (int64_t i = 0; i < g->h; ++i)
      for (int64_t c = 0; c < R; ++c)
        g->send[3][i * R + c] = IN(g, i, g->w - R + c);
  for (int k = 0; k < 4; ++k)
    if (peer[k] != MPI_PROC_NULL)
      MPI_Isend(g->send[k], (int)count[k], MPI_DOUBLE, peer[k], k, MPI_COMM_WORLD,
                &req[nreq++]);
  MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
  if (g->up != MPI_PROC_NULL)
    for (int64_t r = 0; r < R; ++r)
      memcpy(&IN(g, r - R, 0), g->recv[0] + r * g->w, g->w * sizeof(double));
  if (g->down != MPI_PROC_NULL)
    for (int64_t r = 0; r < R; ++r)
      memcpy(&IN(g, g->h + r, 0), g->recv[1] + r * g->w, g->w * sizeof(double));
  if (g->left != MPI_PROC_NULL)
    for (int64_t i = 0; i < g->h; ++i)
      for (int64_t c = 0; c < R; ++c)
        IN(g, i, c - R) = g->recv[2][i * R + c];
  if (g->right != MPI_PROC_NULL)
    for (int64_t i = 0; i < g->h; ++i)
      for (int64_t c = 0; c < R; ++c)
        IN(g, i, g->w + c) = g->recv[3][i * R + c];
}

/* One PRK iteration on this rank's block. */
static void iterate(grid_t *g) {
  exchange(g);
  int64_t ib = g->r0 < R ? R - g->r0 : 0;
  int64_t ie = g->r0 + g->h > g->n - R ? g->n - R - g->r0 : g->h;
  int64_t jb = g->c0 < R ? R - g->c0 : 0;
  int64_t je = g->c0 + g->w > g->n - R ? g->n - R - g->c0 : g->w;
  const int64_t ld = g->ld;
  for (int64_t i = ib; i < ie; ++i) {
    const double *restrict p = &IN(g, i, 0);
    double *restrict o = g->out + i * g->w;
    for (int64_t j = jb; j < je; ++j)
      o[j] += -0.125 * p[j - 2 * ld] + -0.25 * p[j - ld] + -0.125 * p[j - 2] +
              -0.25 * p[j - 1] + 0.25 * p[j + 1] + 0.125 * p[j + 2] + 0.25 * p[j + ld] +
              0.125 * p[j + 2 * ld];
  }
  for (int64_t i = 0; i < g->h; ++i) {
    double *restrict p = &IN(g, i, 0);
    for (int64_t j = 0; j < g->w; ++j)
      p[j] += 1.0;
  }
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int64_t n = 1000, iterations = 10;
  for (int a = 1; a + 1 < argc; a += 2) {
    if (!strcmp(argv[a], "-n"))
      n = atoll(argv[a + 1]);
    else if (!strcmp(argv[a], "-i"))
      iterations = atoll(argv[a + 1]);
  }
  int P = bench_size(), me = bench_rank();
  int dims[2] = {0, 0};
  MPI_Dims_create(P, 2, dims);
  int cy = me / dims[1], cx = me % dims[1]; /* row-major grid coordinates */
  grid_t g = {.n = n};
  g.r0 = bench_block_off(n, dims[0], cy);
  g.h = bench_block_len(n, dims[0], cy);
  g.c0 = bench_block_off(n, dims[1], cx);
  g.w = bench_block_len(n, dims[1], cx);
  if (g.h < R || g.w < R) {
    if (me == 0)
      fprintf(stderr, "stencil: blocks of %lld x %lld are thinner than the radius\n",
              (long long)g.h, (long long)g.w);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  g.ld = g.w + 2 * R;
  g.up = cy > 0 ? me - dims[1] : MPI_PROC_NULL;
  g.down = cy + 1 < dims[0] ? me + dims[1] : MPI_PROC_NULL;
  g.left = cx > 0 ? me - 1 : MPI_PROC_NULL;
  g.right = cx + 1 < dims[1] ? me + 1 : MPI_PROC_NULL;
  g.in = bench_alloc_raw((size_t)(g.h + 2 * R) * g.ld * sizeof(double));
  g.out = bench_alloc_raw((size_t)g.h * g.w * sizeof(double));
  for (int k = 0; k < 4; ++k) {
    size_t len = (size_t)R * (k < 2 ? g.w : g.h);
    g.send[k] = malloc(len * sizeof(double));
    g.recv[k] = malloc(len * sizeof(double));
  }
  for (int64_t i = -R; i < g.h + R; ++i)
    for (int64_t j = -R; j < g.w + R; ++j)
      IN(&g, i, j) = (i >= 0 && i < g.h && j >= 0 && j < g.w)
                         ? (double)(g.r0 + i) + (double)(g.c0 + j)
                         : 0.0;
  for (int64_t k = 0; k < g.h * g.w; ++k)
    g.out[k] = 0.0;

  double start = 0.0;
  for (int64_t it = 0; it <= iterations; ++it) {
    if (it == 1) { /* iteration 0 is a warm-up, as PRK's */
      MPI_Barrier(MPI_COMM_WORLD);
      start = MPI_Wtime();
    }
    iterate(&g);
  }
  double local = MPI_Wtime() - start, elapsed;
  MPI_Reduce(&local, &elapsed, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);

  double norm = 0.0, total;
  for (int64_t i = 0; i < g.h; ++i)
    for (int64_t j = 0; j < g.w; ++j) {
      int64_t gi = g.r0 + i, gj = g.c0 + j;
      if (gi >= R && gi < n - R && gj >= R && gj < n - R)
        norm += fabs(g.out[i * g.w + j]);
    }
  MPI_Reduce(&norm, &total, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
  int status = 0;
  if (me == 0) {
    double points = (double)(n - 2 * R) * (double)(n - 2 * R);
    double l1 = total / points, reference = (double)(iterations + 1) * 2.0;
    if (fabs(l1 - reference) > 1e-8) {
      printf("ERROR: L1 norm = %.17g, Reference L1 norm = %.17g\n", l1, reference);
      status = 1;
    } else {
      double avg = elapsed / (double)iterations;
      printf("Solution validates\n");
      printf("Rate (MFlops/s) %g\nAvg time (s) %g\n",
             1.0e-6 * (2.0 * (4 * R + 1) + 1.0) * points / avg, avg);
    }
  }
  MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return status;
}
