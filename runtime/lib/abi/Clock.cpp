// _idtr_wtime, the clock of dist.wtime: seconds on a monotonic clock, as
// MPI_Wtime (Open MPI's is CLOCK_MONOTONIC too), but usable before MPI is
// initialised and after it is finalised, so that a program may time its
// first collective.
#include "idtr/idtr.h"

#include <ctime>

extern "C" double _idtr_wtime(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}
