#include "support/Watchdog.h"

#include "support/Settings.h"

#include "support/CallSite.h"
#include "support/Errors.h"
#include "support/Stats.h"

#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <unistd.h>

namespace idtr {

namespace {

using Clock = std::chrono::steady_clock;

// The wait in progress: its sequence number (0 = none) and what it waits
// for. Written by the waiting thread, read by the watchdog, which notes when
// it first saw a sequence number: the waiting thread never reads a clock.
std::atomic<uint64_t> activeWait{0};
std::atomic<const char *> activeWhat{nullptr};
uint64_t lastWait = 0;
// The world rank for the message: the watchdog may not call MPI (the
// runtime initializes MPI_THREAD_FUNNELED), so it is recorded here.
std::atomic<int> worldRank{-1};

int64_t nowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             Clock::now().time_since_epoch())
      .count();
}

[[noreturn]] void timedOut(const char *what, double limit) {
  // The user's op this rank waits in (CallSite.h): ranks stuck in
  // different ops each name their own.
  std::string prefix = errorPrefix(currentSite());
  char text[512];
  std::snprintf(text, sizeof(text),
                "%s: timed out after %g s waiting for other ranks (did a rank skip a "
                "collective operation? IDTR_TIMEOUT sets the limit)",
                what ? what : "MPI", limit);
  std::string message = prefix + text;
  // Ranks stuck in the same wait report it once (Errors.h).
  ReportClaim claim(message.c_str());
  if (claim.first()) {
    std::fprintf(stderr, "%s (rank %d)\n", message.c_str(), worldRank.load());
    std::fflush(stderr);
    claim.printed();
  } else {
    claim.waitForReporter(5.0);
    std::this_thread::sleep_for(std::chrono::seconds(10)); // as in abortWithError
  }
  // No MPI_Abort from this thread (not allowed at MPI_THREAD_FUNNELED);
  // a rank that exits without MPI_Finalize makes mpirun stop the job.
  _exit(1);
}

void watch(double limit) {
  const auto period = std::chrono::duration<double>(
      std::clamp(limit / 8, 0.01, 1.0));
  uint64_t seen = 0;
  int64_t seenSinceNs = 0;
  for (;;) {
    std::this_thread::sleep_for(period);
    uint64_t wait = activeWait.load(std::memory_order_acquire);
    if (wait == 0 || wait != seen) {
      seen = wait;
      seenSinceNs = nowNs();
      continue;
    }
    // The same wait for more than the limit (it started at most one period
    // before it was first seen, so the report may come one period late).
    if ((nowNs() - seenSinceNs) * 1e-9 > limit)
      timedOut(activeWhat.load(std::memory_order_relaxed), limit);
  }
}

void startWatchdogOnce() {
  static bool started = [] {
    double limit = timeoutSeconds();
    if (limit <= 0)
      return false;
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (initialized) {
      int rank = -1;
      MPI_Comm_rank(MPI_COMM_WORLD, &rank);
      worldRank.store(rank);
    }
    std::thread(watch, limit).detach();
    return true;
  }();
  (void)started;
}

} // namespace

double timeoutSeconds() { return settings().timeoutSeconds; }

WatchedWait::WatchedWait(const char *what) : start_(statsTiming ? statsClock() : 0) {
  startWatchdogOnce();
  activeWhat.store(what, std::memory_order_relaxed);
  activeWait.store(++lastWait, std::memory_order_release);
}

WatchedWait::~WatchedWait() {
  activeWait.store(0, std::memory_order_release);
  if (statsTiming)
    stats().waitSeconds += statsClock() - start_;
}

} // namespace idtr
