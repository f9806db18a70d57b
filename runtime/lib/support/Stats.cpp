#include "support/Stats.h"

#include "support/Settings.h"

#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

namespace idtr {

Stats &stats() {
  static Stats s;
  return s;
}

#define IDTR_STATS_FIELDS(X)                                                   \
  X(calls) X(waits) X(messagesSent) X(bytesSent) X(messagesReceived)           \
  X(bytesReceived) X(bytesLocal) X(metadataCollectives) X(planBuilds)          \
  X(planHits) X(reductions) X(controlMessages) X(mappedReads) X(largeAllocs)   \
  X(runtimeSeconds)                                                            \
  X(packSeconds) X(waitSeconds) X(transferSeconds)

Stats &Stats::operator+=(const Stats &o) {
#define IDTR_ADD(f) f += o.f;
  IDTR_STATS_FIELDS(IDTR_ADD)
#undef IDTR_ADD
  return *this;
}

Stats &Stats::operator-=(const Stats &o) {
#define IDTR_SUB(f) f -= o.f;
  IDTR_STATS_FIELDS(IDTR_SUB)
#undef IDTR_SUB
  return *this;
}

bool statsRequested() { return settings().stats; }

bool statsEnabled() {
  return statsRequested() || !settings().profilePath.empty();
}

void printStats(int rank) {
  if (!statsRequested())
    return;
  const Stats &s = stats();
  std::fprintf(stderr,
               "idtr-stats: rank %d calls=%" PRId64 " waits=%" PRId64
               " messages_sent=%" PRId64 " bytes_sent=%" PRId64
               " messages_received=%" PRId64 " bytes_received=%" PRId64
               " bytes_local=%" PRId64 " metadata_collectives=%" PRId64
               " plan_builds=%" PRId64 " plan_hits=%" PRId64 " reductions=%" PRId64
               " control_messages=%" PRId64 " mapped_reads=%" PRId64
               " pack_seconds=%.6f wait_seconds=%.6f transfer_seconds=%.6f"
               " large_allocs=%" PRId64 " runtime_seconds=%.6f\n",
               rank, s.calls, s.waits, s.messagesSent, s.bytesSent, s.messagesReceived,
               s.bytesReceived, s.bytesLocal, s.metadataCollectives, s.planBuilds,
               s.planHits, s.reductions, s.controlMessages, s.mappedReads, s.packSeconds, s.waitSeconds,
               s.transferSeconds, s.largeAllocs, s.runtimeSeconds);
  std::fflush(stderr);
}

// Monotonic seconds; usable before MPI is initialised (unlike MPI_Wtime).
double statsClock() {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

const bool statsTiming = statsEnabled();

} // namespace idtr
