/* The expert halo exchange: both directions posted at once -- two MPI_Irecv
 * straight into the halo buffers, two MPI_Isend of the boundary rows, one
 * MPI_Waitall (MPI_PROC_NULL at the edges) -- so the two transfers overlap
 * instead of running one after the other as in halo_sendrecv.c. Same
 * geometry, check and byte count as idtr/halo_idtr.c. bytes = 2 * N * 8.
 * Method mpi_nonblocking. */
#include "../common/halo_geometry.h"

static void run(void *arg) {
  halo_mpi_ctx *c = (halo_mpi_ctx *)arg;
  int n = (int)c->n;
  const halo_geom *g = &c->g;
  MPI_Request rq[4];
  MPI_Irecv(c->d.L, g->lrows ? n : 0, MPI_DOUBLE, g->up, 1, MPI_COMM_WORLD, &rq[0]);
  MPI_Irecv(c->d.R, g->rrows ? n : 0, MPI_DOUBLE, g->down, 0, MPI_COMM_WORLD, &rq[1]);
  MPI_Isend(c->d.A, g->lrows ? n : 0, MPI_DOUBLE, g->up, 0, MPI_COMM_WORLD, &rq[2]);
  MPI_Isend(c->d.A + (g->m - 1) * c->n, g->rrows ? n : 0, MPI_DOUBLE, g->down, 1,
            MPI_COMM_WORLD, &rq[3]);
  MPI_Waitall(4, rq, MPI_STATUSES_IGNORE);
}

int main(int argc, char **argv) { return halo_mpi_main(argc, argv, "mpi_nonblocking", run); }
