// _idtr_check_failed: the failure path of the run-time checks that the
// compiler emits for what it cannot verify statically (dynamic sizes that a
// dist op assumes equal, sizes that would overflow, inconsistent from_local
// parts). The message already names the user's op and its source location;
// the values that disagree are appended here, so that the compiled program
// needs no formatting code of its own. The error goes through the runtime's
// one error path (Errors.h): a message on stderr and MPI_Abort, i.e. a
// non-zero exit without a signal or a backtrace.
#include "support/Errors.h"

#include "idtr/idtr.h"

#include <cinttypes>
#include <cstdio>
#include <string>

extern "C" void _idtr_check_failed(const char *message, int32_t numValues,
                                   int64_t first, int64_t second) {
  std::string what = message ? message : "run-time check failed";
  char values[64] = "";
  if (numValues == 1)
    std::snprintf(values, sizeof(values), ": %" PRId64, first);
  else if (numValues >= 2)
    std::snprintf(values, sizeof(values), ": %" PRId64 " vs %" PRId64, first,
                  second);
  // The compiler's message starts with "file:line:col: error: <op>: ";
  // anything else gets the runtime's own prefix.
  bool located = what.find(": error: ") != std::string::npos;
  idtr::abortWithReport(located ? "" : "idtr: error: ", what + values);
}
