// A rank that calls exit(3) without finishing the program while the others
// enter a collective: the runtime's exit hook names it and ends the job at
// once with its status (before, the job sat in the exit barrier until
// IDTR_TIMEOUT, 300 s, and then blamed a skipped collective).
//
// UNSUPPORTED: sanitizers
// RUN: %mpicc -std=c11 -I%idtr_include %s %libdir/libidtr.a -lstdc++ -lm -o %t
// RUN: env IDTR_TIMEOUT=60 bash -c 'start=$(date +%%s); timeout -k 5 30 %mpirun -n 3 %t 2>&1; status=$?; echo "status=$status seconds=$(( $(date +%%s) - start ))"' | FileCheck %s
// CHECK-NOT: timed out
// CHECK: idtr: error: rank 1 exited with status 3 without finishing the program
// CHECK-NOT: timed out
// CHECK: status=3 seconds={{[0-9]$}}
//
// exit(0) is the normal end of a rank, and so is a non-zero status that
// every rank returns at the end: the job ends normally with that status.
// RUN: timeout -k 5 30 %mpirun -n 2 %t all-exit 0 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO-NOT: error
// ZERO: rank 0 done
// RUN: bash -c 'timeout -k 5 30 %mpirun -n 3 %t all-exit 5 2>&1; echo "status=$?"' | FileCheck %s --check-prefix=FIVE
// FIVE-NOT: idtr: error
// FIVE: rank 0 done
// FIVE-NOT: idtr: error
// FIVE: status=5
#include "idtr/idtr.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  int64_t me = _idtr_prank(0);
  double in = 1, out = 0;
  int64_t one = 1;
  IDTR_MEMREF(double, 1) inD, outD;
  idtr_init_contiguous(&inD, &in, 1, &one);
  idtr_init_contiguous(&outD, &out, 1, &one);
  _idtr_wait(_idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_SUM));
  if (argc > 2 && !strcmp(argv[1], "all-exit")) {
    if (me == 0)
      printf("rank 0 done\n");
    fflush(stdout);
    exit(atoi(argv[2]));
  }
  if (me == 1)
    exit(3);
  // The others wait for rank 1 in the next reduction.
  _idtr_wait(_idtr_allreduce_f64(0, 1, &inD, 1, &outD, IDTR_SUM));
  printf("rank %d: unexpected end\n", (int)me);
  return 0;
}
