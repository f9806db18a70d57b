/* More than 2^31 bytes in one copy: rank 0 holds a 1-D i8 array of
 * 2^31 + 2^20 + 7 elements, copy_reshape moves all of it to rank 1 (one
 * transfer above INT_MAX bytes: the runtime must split it into chunks), and
 * rank 1 checks every byte. Run on 2 ranks; needs about 9 GB of memory. */
#include "idtr/idtr.h"

#include <stdio.h>
#include <stdlib.h>

static int8_t value(int64_t i) { return (int8_t)((i * 7 + (i >> 20)) % 251); }

int main(void) {
  const int64_t G = (INT64_C(1) << 31) + (INT64_C(1) << 20) + 7;
  int64_t me = _idtr_prank(0), P = _idtr_nprocs(0);
  if (P != 2) {
    fprintf(stderr, "run on 2 ranks\n");
    return 2;
  }
  int64_t inPart = me == 0 ? G : 0, outPart = me == 1 ? G : 0;
  int8_t *in = malloc(inPart ? inPart : 1), *out = malloc(outPart ? outPart : 1);
  if (!in || !out) {
    fprintf(stderr, "rank %d: out of memory\n", (int)me);
    return 1;
  }
  for (int64_t i = 0; i < inPart; ++i)
    in[i] = value(i);
  int64_t gShape[1] = {G}, lOffs[1] = {me == 0 ? 0 : G}, nlOffs[1] = {me == 1 ? 0 : G};
  IDTR_MEMREF(int8_t, 1) inD, outD;
  idtr_init_contiguous(&inD, in, 1, &inPart);
  idtr_init_contiguous(&outD, out, 1, &outPart);
  idtr_index_array_t g = idtr_index_array(gShape, 1), o = idtr_index_array(lOffs, 1),
                     no = idtr_index_array(nlOffs, 1);
  _idtr_wait(_idtr_copy_reshape_i8(0, 1, &g, 1, &o, 1, &inD, 1, &g, 1, &no, 1, &outD));
  if (me == 1) {
    int64_t bad = 0;
    for (int64_t i = 0; i < G; ++i)
      if (out[i] != value(i) && bad++ < 5)
        fprintf(stderr, "rank 1: element %lld is %d, expected %d\n", (long long)i, out[i],
                value(i));
    printf("large copy: %lld bytes received, %lld wrong\n", (long long)G, (long long)bad);
  }
  free(in);
  free(out);
  return 0;
}
