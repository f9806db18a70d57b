// Statistics by the user's op: IDTR_STATS=1 prints, on rank 0 at exit, a
// table of every (source location, op, runtime call kind) with its calls,
// messages, bytes, time in pack / wait / transfer and plan hits as max and
// mean over the ranks; IDTR_PROFILE=<file> writes the same as JSON (format:
// docs/runtime.md). The counters are the global ones of Stats.h: every
// entry point runs in a ProfileScope, which attributes what the counters
// gained during the call to the call's site (CallSite.h), so the code that
// counts needs to know nothing about sites.
#ifndef IDTR_PROFILE_H
#define IDTR_PROFILE_H

#include "support/Stats.h"

#include <mpi.h>

#include <new>

namespace idtr {

// What stats() gains between construction and destruction (plus the time
// in between, as runtimeSeconds) is added to the row of the site and kind
// active at destruction. Without IDTR_STATS / IDTR_PROFILE it costs a
// branch: the snapshot is not even initialised.
class ProfileScope {
public:
  ProfileScope() {
    if (statsTiming) {
      new (before_) Stats(stats());
      start_ = statsClock();
    }
  }
  ~ProfileScope() {
    if (statsTiming)
      finish();
  }
  ProfileScope(const ProfileScope &) = delete;
  ProfileScope &operator=(const ProfileScope &) = delete;

private:
  void finish() noexcept;
  alignas(Stats) unsigned char before_[sizeof(Stats)];
  double start_ = 0;
};

// At finalisation, on every rank of `comm` (a collective): rank 0 prints
// the table if IDTR_STATS is set and writes the IDTR_PROFILE file if that
// is set. Nothing happens when neither is.
void reportProfile(MPI_Comm comm);

} // namespace idtr

#endif
