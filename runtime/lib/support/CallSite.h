// The user's op that the current runtime call serves.
//
// The compiled program calls _idtr_set_location("prog.mlir:10:8: dist.gather")
// before every entry point that starts an operation (the string is a
// constant of the program; the call is one pointer store). The next such
// entry point takes it over: error messages, the watchdog's timeout message
// and the per-location statistics then name the user's op instead of the
// entry point or an MPI call. A wait names the op that started its handle.
// Entry points called without a location before them (from C) have none:
// taking the pending location clears it, so it never sticks to a later call.
#ifndef IDTR_CALLSITE_H
#define IDTR_CALLSITE_H

#include <atomic>
#include <cstdint>
#include <string>

namespace idtr {

// Set by _idtr_set_location and _idtr_set_call_flags; only the program's
// thread touches them.
extern const char *pendingSite;
extern int64_t pendingFlags;
// The flags (IDTR_CALL_*) of the call being run; the program's thread only.
extern int64_t activeFlags;
// The location and kind (the entry point's name, e.g. "copy_reshape") of
// the operation being run or waited on; read by the watchdog thread too.
extern std::atomic<const char *> activeSite;
extern std::atomic<const char *> activeKind;

// At the start of an entry point that starts an operation of `kind`: the
// pending location (or none) becomes the active one.
inline const char *takeSite(const char *kind) {
  const char *site = pendingSite;
  pendingSite = nullptr;
  activeFlags = pendingFlags;
  pendingFlags = 0;
  activeSite.store(site, std::memory_order_relaxed);
  activeKind.store(kind, std::memory_order_relaxed);
  return site;
}

// The active site as a word of a plan-cache key. A plan that a rank reuses
// without asking the others is keyed by its call site as well as by the
// rank's own arguments: the same op with the same global shapes gives
// every rank the same boxes as last time (partitions are functions of the
// shapes and the rank), whereas a different op can give this rank the
// boxes of an earlier balanced call while another rank's differ (a slice
// whose block on rank 0 happens to be rank 0's balanced block): keyed by
// arguments alone, rank 0 reused the plan and skipped the agreement rank 1
// waited in. Calls from C without a location share the key 0, and with it
// the contract that all ranks repeat or change their arguments together.
inline int64_t siteKey() {
  return static_cast<int64_t>(
      reinterpret_cast<intptr_t>(activeSite.load(std::memory_order_relaxed)));
}

// The flags of the active call as a word of a plan-cache key: a plan
// built for a call from irregular blocks is never one for a call without
// the flag, which may reuse it without agreement (PlanAgreement.cpp).
inline int64_t callFlags() { return activeFlags; }

// Makes `site` / `kind` active (a wait, on behalf of the op that started it).
inline void enterSite(const char *site, const char *kind) {
  activeSite.store(site, std::memory_order_relaxed);
  activeKind.store(kind, std::memory_order_relaxed);
}

// Ends the active site when the call it is declared in returns or unwinds
// (an Error keeps its own copy, Errors.h): errors raised between calls -
// in the program's allocations or printing - must not name the op of the
// last call.
struct SiteScope {
  SiteScope() = default;
  SiteScope(const SiteScope &) = delete;
  SiteScope &operator=(const SiteScope &) = delete;
  ~SiteScope() {
    enterSite(nullptr, nullptr);
    activeFlags = 0;
  }
};

inline const char *currentSite() { return activeSite.load(std::memory_order_relaxed); }
inline const char *currentKind() { return activeKind.load(std::memory_order_relaxed); }

// A location string "file:line:col: op" split into "file:line:col" and
// "op"; without ": " the whole string is the location and the op is empty.
struct SiteParts {
  std::string location, op;
};
SiteParts splitSite(const char *site);

// The prefix of an error raised at `site`: "file:line:col: error: op: ", or
// "idtr: error: " without a site (then the message names the entry point).
std::string errorPrefix(const char *site);

} // namespace idtr

#endif
