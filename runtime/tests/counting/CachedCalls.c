/* Cached calls between balanced partitions, counted by the PMPI counter of
 * bench/pmpi/mpicount.c (LD_PRELOAD): after one call that builds the plan,
 * K more inside MPI_Pcontrol(1) ... MPI_Pcontrol(0), the region the counter
 * reports as scope=region. test/runtime/message-counts.test checks that they
 * call no collective and send only their peers' messages.
 *
 *   idtr-cached-calls halo|halo-keyed|halo-keyed-shard|reshape K
 *
 * halo:    1-row halos of a [4 P + 3, 16] f64 array in balanced rows
 * halo-keyed: the same with the key that promises the widths (idtr.h,
 *          idtr_halo_key), as distc passes it
 * halo-keyed-shard: the same in the shard dialect's blocks (the extra rows
 *          on the last ranks)
 * reshape: [4 P + 3, 4] -> [2 (4 P + 3), 2], balanced rows on both sides
 * Every call's result is checked; prints "cached-calls: ok" on rank 0. */
#include "idtr/idtr.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int extraLast; /* the shard convention */

static int64_t blockOff(int64_t n, int64_t P, int64_t r) {
  if (extraLast)
    return r * (n / P) + (r > P - n % P ? r - (P - n % P) : 0);
  return r * (n / P) + (r < n % P ? r : n % P);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int me, P;
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &P);
  const char *kind = argc > 1 ? argv[1] : "halo";
  int K = argc > 2 ? atoi(argv[2]) : 10;
  extraLast = !strcmp(kind, "halo-keyed-shard");
  int64_t n = 4 * P + 3, lo = blockOff(n, P, me), rows = blockOff(n, P, me + 1) - lo;
  long long bad = 0;
  if (!strcmp(kind, "halo") || !strcmp(kind, "halo-keyed") || extraLast) {
    int64_t key = strcmp(kind, "halo") ? idtr_halo_key(1, 1, 1) : -1;
    int64_t cols = 16, gshape[2] = {n, cols}, offs[2] = {lo, 0};
    int64_t bbo[2] = {lo > 0 ? lo - 1 : 0, 0};
    int64_t bbEnd = lo + rows < n ? lo + rows + 1 : n;
    int64_t bbs[2] = {bbEnd - bbo[0], cols};
    int64_t in[2] = {rows, cols}, left[2] = {lo - bbo[0], cols}, right[2] = {bbEnd - lo - rows, cols};
    double *a = malloc(sizeof(double) * (rows * cols + 1)), l[16], r[16];
    for (int64_t i = 0; i < rows * cols; ++i)
      a[i] = (double)(lo * cols + i);
    IDTR_MEMREF(double, 2) aD, lD, rD;
    idtr_init_contiguous(&aD, a, 2, in);
    idtr_init_contiguous(&lD, l, 2, left);
    idtr_init_contiguous(&rD, r, 2, right);
    idtr_index_array_t g = idtr_index_array(gshape, 2), o = idtr_index_array(offs, 2),
                       bo = idtr_index_array(bbo, 2), bs = idtr_index_array(bbs, 2);
    for (int k = 0; k <= K; ++k) {
      if (k == 1)
        MPI_Pcontrol(1);
      memset(l, 0, sizeof l);
      memset(r, 0, sizeof r);
      _idtr_wait(_idtr_update_halo_f64(0, 1, &g, 1, &o, 2, &aD, 1, &bo, 1, &bs, 2, &lD, 2, &rD, key));
      for (int64_t j = 0; j < cols; ++j) {
        if (left[0]) bad += l[j] != (double)((lo - 1) * cols + j);
        if (right[0]) bad += r[j] != (double)((lo + rows) * cols + j);
      }
    }
    MPI_Pcontrol(0);
    free(a);
  } else {
    int64_t m = 2 * n, olo = blockOff(m, P, me), orows = blockOff(m, P, me + 1) - olo;
    int64_t gin[2] = {n, 4}, gout[2] = {m, 2}, ioffs[2] = {lo, 0}, ooffs[2] = {olo, 0};
    int64_t in[2] = {rows, 4}, out[2] = {orows, 2};
    double *a = malloc(sizeof(double) * (rows * 4 + 1)), *b = malloc(sizeof(double) * (orows * 2 + 1));
    for (int64_t i = 0; i < rows * 4; ++i)
      a[i] = (double)(lo * 4 + i);
    IDTR_MEMREF(double, 2) aD, bD;
    idtr_init_contiguous(&aD, a, 2, in);
    idtr_init_contiguous(&bD, b, 2, out);
    idtr_index_array_t gi = idtr_index_array(gin, 2), go = idtr_index_array(gout, 2),
                       io = idtr_index_array(ioffs, 2), oo = idtr_index_array(ooffs, 2);
    for (int k = 0; k <= K; ++k) {
      if (k == 1)
        MPI_Pcontrol(1);
      memset(b, 0, sizeof(double) * orows * 2);
      _idtr_wait(_idtr_copy_reshape_f64(0, 1, &gi, 1, &io, 2, &aD, 1, &go, 1, &oo, 2, &bD));
      for (int64_t i = 0; i < orows * 2; ++i)
        bad += b[i] != (double)(olo * 2 + i);
    }
    MPI_Pcontrol(0);
    free(a);
    free(b);
  }
  MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_LONG_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (me == 0)
    printf(bad ? "cached-calls: %lld wrong elements\n" : "cached-calls: ok\n", bad);
  MPI_Finalize();
  return bad != 0;
}
