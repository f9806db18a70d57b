/* What the PRK kernels in C + MPI share: PRK's report on rank 0. */
#ifndef BENCH_PRK_PRK_H
#define BENCH_PRK_PRK_H

#include <stdio.h>

/* PRK's validation and rate lines: `error` is the kernel's relative error as
 * PRK computes it (valid below 1e-8), `what` names the validated quantity,
 * `work` is the work per iteration in `unit`s times 1e6 (bytes for MB/s,
 * flops for MFlops/s), `time` the slowest rank's time of `iterations`
 * timed iterations. Returns the exit status: 0 when the solution
 * validates. */
static inline int prk_report(const char *what, double error, double work, const char *unit,
                             double time, long iterations) {
  int status = 0;
  if (error < 1.0e-8) {
    printf("Solution validates\n");
  } else {
    printf("ERROR: %s differs from the reference (relative error %g)\n", what, error);
    status = 1;
  }
  double avg = time / (double)iterations;
  printf("Rate (%s): %g\nAvg time (s): %g\n", unit, 1.0e-6 * work / avg, avg);
  return status;
}

#endif
