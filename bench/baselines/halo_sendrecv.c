/* The plain-MPI halo exchange: two MPI_Sendrecv of one row each (first row up,
 * last row down; MPI_PROC_NULL at the edges), received straight into the halo
 * buffers. Same geometry as idtr/halo_idtr.c. bytes = 2 * N * 8. */
#include "../common/halo_geometry.h"

static void run(void *arg) {
  halo_mpi_ctx *c = (halo_mpi_ctx *)arg;
  int n = (int)c->n;
  const halo_geom *g = &c->g;
  /* my first row goes up, the row below me arrives from down */
  MPI_Sendrecv(c->d.A, g->lrows ? n : 0, MPI_DOUBLE, g->up, 0, c->d.R, g->rrows ? n : 0,
               MPI_DOUBLE, g->down, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(c->d.A + (g->m - 1) * c->n, g->rrows ? n : 0, MPI_DOUBLE, g->down, 1, c->d.L,
               g->lrows ? n : 0, MPI_DOUBLE, g->up, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

int main(int argc, char **argv) { return halo_mpi_main(argc, argv, "mpi_sendrecv", run); }
