// A rank reuses a balanced plan without asking the others only at the call
// site that built it. Here rank 0's arguments at site B are those of its
// balanced call at site A, while rank 1's output box at site B is not its
// balanced block (as with a slice whose block on one rank happens to be
// that rank's balanced block). Keyed by arguments alone, rank 0 reused the
// plan of site A, skipped the agreement that rank 1 waited in, and never
// sent rank 1 the element it needs: the job hung until IDTR_TIMEOUT.
//
// UNSUPPORTED: sanitizers
// RUN: %mpicc -std=c11 -I%idtr_include %s %libdir/libidtr.a -lstdc++ -lm -o %t
// RUN: env IDTR_TIMEOUT=30 timeout -k 5 60 %mpirun -n 2 %t | FileCheck %s
// CHECK: plan-reuse-sites: ok
#include "idtr/idtr.h"

#include <stdio.h>

enum { N = 6 };

static int64_t copy(int64_t in0, int64_t inSize, double *in, int64_t out0,
                    int64_t outSize, double *out) {
  IDTR_MEMREF(double, 1) inD, outD;
  idtr_init_contiguous(&inD, in, 1, &inSize);
  idtr_init_contiguous(&outD, out, 1, &outSize);
  int64_t g[1] = {N}, lo[1] = {in0}, no[1] = {out0};
  idtr_index_array_t gd = idtr_index_array(g, 1), lod = idtr_index_array(lo, 1),
                     nod = idtr_index_array(no, 1);
  return _idtr_copy_reshape_f64(0, 1, &gd, 1, &lod, 1, &inD, 1, &gd, 1, &nod, 1,
                                &outD);
}

int main(void) {
  int64_t me = _idtr_prank(0);
  if (_idtr_nprocs(0) != 2)
    return 2;
  // Balanced blocks of 6 on 2 ranks: [0, 3) and [3, 6); a[i] = i.
  int64_t own0 = 3 * me;
  double a[3], b[4];
  for (int i = 0; i < 3; ++i)
    a[i] = (double)(own0 + i);
  // Site A, twice: balanced to balanced, then reused without agreement.
  for (int k = 0; k < 2; ++k) {
    _idtr_set_location("plan-reuse-sites.c: site A");
    _idtr_wait(copy(own0, 3, a, own0, 3, b));
  }
  // Site B: rank 0 as at site A, rank 1 wants [2, 6).
  int64_t out0 = me == 0 ? 0 : 2, outSize = me == 0 ? 3 : 4;
  _idtr_set_location("plan-reuse-sites.c: site B");
  _idtr_wait(copy(own0, 3, a, out0, outSize, b));
  int bad = 0;
  for (int64_t i = 0; i < outSize; ++i)
    bad += b[i] != (double)(out0 + i);
  if (bad)
    fprintf(stderr, "plan-reuse-sites: rank %lld: %d wrong values\n",
            (long long)me, bad);
  else if (me == 0)
    printf("plan-reuse-sites: ok\n");
  return bad != 0;
}
