// The error path: every inconsistency becomes an Error exception inside the
// library; the C entry points turn it into "idtr: error: <what> (rank R)" on
// stderr and MPI_Abort (never abort(): no signal, no backtrace).
#ifndef IDTR_ERRORS_H
#define IDTR_ERRORS_H

#include <cstddef>
#include <new>
#include <stdexcept>
#include <string>

namespace idtr {

// Remembers the user's op of the call that raised it (CallSite.h): the call
// has ended when guarded() reports it, and ending a call forgets its op.
struct Error : std::runtime_error {
  explicit Error(const std::string &what);
  const char *site; // "file:line:col: op", or null
  const char *kind; // the entry point's name, or null
  // Who prints it (abortWithReport).
  enum class Reporter {
    Claim, // the first rank of the node to claim the message (ReportClaim)
    This,  // this rank: the team's rank 0 of an error every rank raises
    Other, // the team's rank 0, which raises the same error: stay silent
  } reporter = Reporter::Claim;
};

// Throws Error with a printf-formatted message.
[[noreturn]] void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

// Throws Error for an inconsistency that every rank of the team detects
// alike (a check of data they all exchanged); `teamRank` is this rank's
// rank in that team. Only the team's rank 0 prints it: among equals, a
// claim (ReportClaim) cannot tell a late rank that the reporter already
// printed and died, and under load two ranks printed.
[[noreturn]] void failOnEveryRank(int teamRank, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

// Prints the message, prefixed with the location of the user's op the
// current call serves (CallSite.h) or else "idtr: error: ", and aborts the
// whole job with MPI_Abort(1) (exit(1) without MPI). Of the ranks of a node
// that report the same message at the same time, only the first prints it
// (failOnEveryRank's errors: only the team's rank 0). Never returns.
[[noreturn]] void abortWithError(const std::string &what);

// abortWithError for an error raised in a call of `kind` at `site`.
[[noreturn]] void abortWithErrorAt(const char *site, const char *kind, const std::string &what,
                                   Error::Reporter reporter = Error::Reporter::Claim);

// abortWithError with another prefix than "idtr: error: ": "" for messages
// that already start with "file:line:col: error: " (the compiler's checks,
// which name the user's op).
[[noreturn]] void abortWithReport(const char *prefix, const std::string &what,
                                  Error::Reporter reporter = Error::Reporter::Claim);

// The world rank; outside MPI_Init..MPI_Finalize the launcher's rank from
// the environment (OMPI_COMM_WORLD_RANK, PMIX_RANK, PMI_RANK), else -1.
int worldRankOrMinusOne();

// Claims the report of `key` for this process among the processes of its
// job on this node: a file named after the key in the launcher's session
// directory of the job (the first O_EXCL create wins; the file outlives the
// reporter and goes with the job), else an abstract Unix socket named after
// the job and the key (the first bind wins; the name dies with the
// process). Without a launcher, or when both fail, every claim is first. No
// MPI calls: the watchdog thread uses it too.
class ReportClaim {
public:
  explicit ReportClaim(const char *key);
  ReportClaim(const ReportClaim &) = delete;
  ReportClaim &operator=(const ReportClaim &) = delete;
  // Whether this process is to print the report.
  bool first() const { return first_; }
  // The claimant has printed: lets waitForReporter return.
  void printed();
  // For the others: waits (at most `seconds`) until the claimant printed.
  void waitForReporter(double seconds) const;

private:
  bool reporterDone() const;

  bool first_ = true;
  int fd_ = -1;         // kept open until the process ends
  char path_[512] = {}; // the claim file, or empty for the socket
  char addr_[112] = {};
  int addrLen_ = 0;
};

// Throws Error("out of memory allocating N bytes").
[[noreturn]] void failOutOfMemory(size_t bytes);

// Prints "idtr: warning: ..." (no abort).
void warn(const std::string &what);

// Runs `body`, turning any exception into abortWithError.
template <typename F> auto guarded(F &&body) -> decltype(body()) {
  try {
    return body();
  } catch (const Error &e) {
    abortWithErrorAt(e.site, e.kind, e.what(), e.reporter);
  } catch (const std::bad_alloc &) {
    abortWithError("out of memory");
  } catch (const std::exception &e) {
    abortWithError(e.what());
  } catch (...) {
    abortWithError("unknown internal error");
  }
}

} // namespace idtr

#endif
