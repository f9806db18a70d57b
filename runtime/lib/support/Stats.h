// IDTR_STATS=1 counters, printed once per rank at finalisation:
// idtr-stats: rank R calls=N waits=N messages_sent=N bytes_sent=N
//   messages_received=N bytes_received=N bytes_local=N metadata_collectives=N
//   plan_builds=N plan_hits=N reductions=N control_messages=N mapped_reads=N
//   pack_seconds=S wait_seconds=S transfer_seconds=S large_allocs=N
//   runtime_seconds=S
// and, broken down by the user's op (CallSite.h), the table and JSON file of
// Profile.h.
#ifndef IDTR_STATS_H
#define IDTR_STATS_H

#include <cstdint>

namespace idtr {

struct Stats {
  int64_t calls = 0;               // entry-point calls that start an operation
  int64_t waits = 0;
  int64_t messagesSent = 0;        // MPI point-to-point messages (chunks count)
                                   // and direct transfers (one each)
  int64_t bytesSent = 0;
  int64_t messagesReceived = 0;
  int64_t bytesReceived = 0;
  int64_t bytesLocal = 0;          // copied locally instead of sent to self
  int64_t metadataCollectives = 0; // plan agreement / geometry exchange
  int64_t planBuilds = 0;
  int64_t planHits = 0;
  int64_t reductions = 0;          // allreduce / reduce_all calls
  int64_t controlMessages = 0;     // notes of direct transfers (Exchange.cpp)
  int64_t mappedReads = 0;         // direct transfers received by copying
                                   // out of a peer's shared block
  int64_t largeAllocs = 0;         // program buffers of 64 KiB or more
                                   // allocated (BufferAllocator.cpp): an
                                   // array-sized temporary per iteration
                                   // shows here
  double runtimeSeconds = 0;       // time spent inside runtime entry points
  double packSeconds = 0;          // packing sends, unpacking receives
  double waitSeconds = 0;          // blocked in MPI (WatchedWait: waits,
                                   // collectives, metadata exchanges)
  double transferSeconds = 0;      // local copies and direct transfers

  // Adds (or subtracts) every counter of `o`.
  Stats &operator+=(const Stats &o);
  Stats &operator-=(const Stats &o);
};

Stats &stats();
// Whether IDTR_STATS is set to a non-zero value (the per-rank lines and
// the summary table on stderr).
bool statsRequested();
// Whether statistics are collected: IDTR_STATS or IDTR_PROFILE is set.
bool statsEnabled();
// Prints the line if IDTR_STATS is set to a non-zero value.
void printStats(int rank);

// Whether IDTR_STATS or IDTR_PROFILE asks for the report (read once, at static
// initialisation): the timer below reads the clock only then, since two
// clock reads are a measurable part of a sub-microsecond call.
extern const bool statsTiming;
double statsClock();

// Adds the time between construction and destruction to runtimeSeconds.
class StatsTimer {
public:
  StatsTimer() : start_(statsTiming ? statsClock() : 0) {}
  ~StatsTimer() {
    if (statsTiming)
      stats().runtimeSeconds += statsClock() - start_;
  }

private:
  double start_;
};

// Adds the time between construction and destruction to one of the phase
// times (packSeconds, waitSeconds, transferSeconds).
class StatsSection {
public:
  explicit StatsSection(double Stats::*field)
      : field_(field), start_(statsTiming ? statsClock() : 0) {}
  ~StatsSection() {
    if (statsTiming)
      stats().*field_ += statsClock() - start_;
  }
  StatsSection(const StatsSection &) = delete;
  StatsSection &operator=(const StatsSection &) = delete;

private:
  double Stats::*field_;
  double start_;
};

} // namespace idtr

#endif
