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

#include <map>
#include <new>
#include <utility>

namespace idtr {

// The profile's rows of this rank, keyed by the pointers the program and
// the entry points pass (constants): no string work per call. Two modules
// may hold equal strings at different addresses; rank 0 merges rows by
// their text. The runtime context owns them (transport/Runtime.h) and makes
// them the active rows while it lives.
class ProfileRows {
public:
  using Key = std::pair<const char *, const char *>; // site, kind
  Stats &at(const char *site, const char *kind) {
    Key key{site, kind};
    if (last && key == lastKey)
      return *last;
    last = &byKey[key];
    lastKey = key;
    return *last;
  }
  // The rows ProfileScope adds to from now on (null: none).
  static void makeActive(ProfileRows *rows);

  std::map<Key, Stats> byKey;

private:
  Key lastKey{nullptr, nullptr};
  Stats *last = nullptr;
};

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
void reportProfile(const ProfileRows &rows, MPI_Comm comm);

} // namespace idtr

#endif
