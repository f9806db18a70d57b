// Time limit for waits on other ranks.
//
// A rank that skips a collective operation the others call (or never posts
// a matching send) would leave them blocked in MPI forever. Every blocking
// MPI call of the runtime runs inside a WatchedWait; a watchdog thread ends
// the process with "idtr: error: <what>: timed out ..." when one lasts
// longer than IDTR_TIMEOUT seconds (default 300, 0 = no limit). mpirun then
// stops the whole job with a non-zero exit.
//
// The waits themselves stay the plain blocking MPI calls: polling with
// MPI_Test and sleeps would add microseconds to every small collective (a
// scalar allreduce costs well under a microsecond here). Entering and
// leaving a WatchedWait costs three atomic stores; only the watchdog reads
// the clock (and, under IDTR_STATS / IDTR_PROFILE, the waiting thread for
// Stats::waitSeconds). The message names the user's op the rank waits in
// (CallSite.h).
#ifndef IDTR_WATCHDOG_H
#define IDTR_WATCHDOG_H

namespace idtr {

// The limit in seconds (IDTR_TIMEOUT), read once.
double timeoutSeconds();

class WatchedWait {
public:
  explicit WatchedWait(const char *what);
  ~WatchedWait();
  WatchedWait(const WatchedWait &) = delete;
  WatchedWait &operator=(const WatchedWait &) = delete;

private:
  double start_; // for Stats::waitSeconds, read only under IDTR_STATS
};

} // namespace idtr

#endif
