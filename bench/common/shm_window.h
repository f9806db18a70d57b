/* MPI-3 shared-memory windows for the single-copy baselines: every rank of
 * the node allocates its block in one MPI_Win_allocate_shared window on the
 * node communicator and reads its peers' blocks straight out of their memory
 * (one copy, no MPI message). The benchmarks need all ranks on one node: the
 * window spans the node communicator, and the programs check that it is
 * MPI_COMM_WORLD.
 *
 * Synchronisation (MPI-3 unified model, passive target): the window is
 * locked once (MPI_Win_lock_all, MPI_MODE_NOCHECK) and every operation is
 *   MPI_Win_sync; MPI_Barrier   -- the peers' blocks are written and visible
 *   ... loads from the peers' blocks ...
 *   MPI_Barrier                 -- nobody rewrites its block while a peer reads
 * (shm_window_begin / shm_window_end), the "two barriers". */
#ifndef BENCH_COMMON_SHM_WINDOW_H
#define BENCH_COMMON_SHM_WINDOW_H

#include "bench.h"

typedef struct {
  MPI_Comm node;
  MPI_Win win;
  double *mine;
  double **peer; /* peer[q]: rank q's block (q in MPI_COMM_WORLD == node) */
} shm_window;

/* Collective over MPI_COMM_WORLD; aborts (status 4, with a message) when the
 * ranks are not all on one node. */
static inline shm_window shm_window_make(size_t bytes, const char *who) {
  shm_window w;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &w.node);
  int nsize, wsize;
  MPI_Comm_size(w.node, &nsize);
  MPI_Comm_size(MPI_COMM_WORLD, &wsize);
  if (nsize != wsize) {
    fprintf(stderr, "%s: the shared-window baseline needs all %d ranks on one node (%d here)\n",
            who, wsize, nsize);
    MPI_Abort(MPI_COMM_WORLD, 4);
  }
  MPI_Info info;
  MPI_Info_create(&info);
  /* each rank's block at its own page-aligned address (faster first touch
   * by its owner, no false sharing at block boundaries) */
  MPI_Info_set(info, "alloc_shared_noncontig", "true");
  size_t sz = bytes ? (bytes + 63) / 64 * 64 : 64;
  MPI_Win_allocate_shared((MPI_Aint)sz, sizeof(double), info, w.node, &w.mine, &w.win);
  MPI_Info_free(&info);
  w.peer = (double **)malloc(sizeof(double *) * (size_t)nsize);
  for (int q = 0; q < nsize; ++q) {
    MPI_Aint qsz;
    int disp;
    MPI_Win_shared_query(w.win, q, &qsz, &disp, &w.peer[q]);
  }
  MPI_Win_lock_all(MPI_MODE_NOCHECK, w.win);
  return w;
}

static inline void shm_window_begin(shm_window *w) {
  MPI_Win_sync(w->win);
  MPI_Barrier(w->node);
}

static inline void shm_window_end(shm_window *w) {
  MPI_Barrier(w->node);
}

static inline void shm_window_free(shm_window *w) {
  MPI_Win_unlock_all(w->win);
  MPI_Win_free(&w->win);
  MPI_Comm_free(&w->node);
  free(w->peer);
}

#endif
