#include "Errors.h"

#include <mpi.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace idtr {

void fail(const char *fmt, ...) {
  char buf[1024];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  throw Error(buf);
}

static int worldRankOrMinusOne() {
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  int rank = -1;
  if (init && !fin)
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  return rank;
}

void abortWithError(const std::string &what) {
  std::fflush(stdout);
  std::fprintf(stderr, "idtr: error: %s (rank %d)\n", what.c_str(), worldRankOrMinusOne());
  std::fflush(stderr);
  int init = 0, fin = 0;
  MPI_Initialized(&init);
  MPI_Finalized(&fin);
  if (init && !fin)
    MPI_Abort(MPI_COMM_WORLD, 1);
  std::_Exit(1);
}

void warn(const std::string &what) {
  std::fprintf(stderr, "idtr: warning: %s (rank %d)\n", what.c_str(), worldRankOrMinusOne());
  std::fflush(stderr);
}

} // namespace idtr
