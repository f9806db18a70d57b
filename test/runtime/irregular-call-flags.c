// IDTR_CALL_IRREGULAR (idtr.h): blocks that the program chose at run time.
// One call site moves 9 elements from the program's blocks to balanced
// ones, three times: the blocks are the balanced ones (3, 3, 3) in the
// first and third call and (3, 2, 4) in the second, so rank 0's arguments
// repeat while ranks 1 and 2 change theirs. Without the flag rank 0 reused
// the balanced plan without asking and went on, while ranks 1 and 2 waited
// in the agreement (until IDTR_TIMEOUT). With it, every call agrees.
//
// UNSUPPORTED: sanitizers
// RUN: %mpicc -std=c11 -I%idtr_include %s %libdir/libidtr.a -lstdc++ -lm -o %t
// RUN: env IDTR_TIMEOUT=30 timeout -k 5 60 %mpirun -n 3 %t | FileCheck %s
// CHECK: irregular-call-flags: ok
#include "idtr/idtr.h"

#include <stdio.h>

enum { N = 9 };

int main(void) {
  int64_t me = _idtr_prank(0);
  if (_idtr_nprocs(0) != 3)
    return 2;
  int bad = 0;
  for (int k = 0; k < 3; ++k) {
    // The program's blocks: rank 1 gives its last element to rank 2 in the
    // second call.
    int moved = k == 1;
    int64_t in0 = 3 * me - (me == 2 ? moved : 0);
    int64_t inSize = 3 + (me == 2 ? moved : 0) - (me == 1 ? moved : 0);
    double a[4], b[3];
    for (int64_t i = 0; i < inSize; ++i)
      a[i] = (double)(10 * k + in0 + i);
    int64_t outSize = 3, out0 = 3 * me;
    IDTR_MEMREF(double, 1) inD, outD;
    idtr_init_contiguous(&inD, a, 1, &inSize);
    idtr_init_contiguous(&outD, b, 1, &outSize);
    int64_t g[1] = {N}, lo[1] = {in0}, no[1] = {out0};
    idtr_index_array_t gd = idtr_index_array(g, 1), lod = idtr_index_array(lo, 1),
                       nod = idtr_index_array(no, 1);
    _idtr_set_location("irregular-call-flags.c: the site");
    _idtr_set_call_flags(IDTR_CALL_IRREGULAR);
    _idtr_wait(_idtr_copy_reshape_f64(0, 1, &gd, 1, &lod, 1, &inD, 1, &gd, 1, &nod, 1,
                                      &outD));
    for (int64_t i = 0; i < outSize; ++i)
      bad += b[i] != (double)(10 * k + out0 + i);
  }
  if (bad)
    fprintf(stderr, "irregular-call-flags: rank %lld: %d wrong values\n", (long long)me,
            bad);
  else if (me == 0)
    printf("irregular-call-flags: ok\n");
  return bad != 0;
}
