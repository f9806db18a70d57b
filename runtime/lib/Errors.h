// The error path: every inconsistency becomes an Error exception inside the
// library; the C entry points turn it into "idtr: error: <what> (rank R)" on
// stderr and MPI_Abort.
#ifndef IDTR_ERRORS_H
#define IDTR_ERRORS_H

#include <stdexcept>
#include <string>

namespace idtr {

struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Throws Error with a printf-formatted message.
[[noreturn]] void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

// Prints the message and aborts the whole job. Never returns.
[[noreturn]] void abortWithError(const std::string &what);

// Prints "idtr: warning: ..." (no abort).
void warn(const std::string &what);

// Runs `body`, turning any exception into abortWithError.
template <typename F> auto guarded(F &&body) -> decltype(body()) {
  try {
    return body();
  } catch (const std::exception &e) {
    abortWithError(e.what());
  } catch (...) {
    abortWithError("unknown internal error");
  }
}

} // namespace idtr

#endif
