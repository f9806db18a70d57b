/* A long-running IDTR program for the killed-rank test: every rank repeats a
 * small allreduce (and a copy_reshape) for up to `seconds` (argv[1]), printing
 * "ready" once all ranks took part. argv[2] is ignored: the test passes a
 * unique token there to find exactly these processes with pgrep. */
#include "idtr/idtr.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
  double seconds = argc > 1 ? atof(argv[1]) : 60;
  int64_t me = _idtr_prank(0), P = _idtr_nprocs(0);
  double in[4] = {1, 2, 3, 4}, out[4];
  int64_t n = 4;
  IDTR_MEMREF(double, 1) inD, outD;
  idtr_init_contiguous(&inD, in, 1, &n);
  idtr_init_contiguous(&outD, out, 1, &n);
  time_t start = time(NULL);
  for (long it = 0; difftime(time(NULL), start) < seconds; ++it) {
    _idtr_wait(_idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_SUM));
    if (out[0] != (double)P) {
      fprintf(stderr, "rank %d: wrong sum %g\n", (int)me, out[0]);
      return 1;
    }
    if (it == 0 && me == 0) {
      printf("ready\n");
      fflush(stdout);
    }
    usleep(10000);
  }
  return 0;
}
