// The plan cache of a team: plans by the geometry of the request, and by
// the raw arguments of a call for the entry points' fast path. Local only:
// the agreement that makes reusing a plan safe is transport/PlanAgreement.h.
#ifndef IDTR_PLANCACHE_H
#define IDTR_PLANCACHE_H

#include "geometry/Balanced.h"
#include "plan/Plan.h"

#include <list>
#include <map>
#include <memory>
#include <vector>

namespace idtr {

class CallKey;

// What a layer above prepares for the repeats of a cached call and keeps in
// its entry (the replayable exchanges, transport/ExchangeReplay.h): the
// cache owns it and destroys it with the entry, and knows nothing more.
class CallReplays {
public:
  virtual ~CallReplays() = default;
};

// What one rank contributes to the agreement on a plan (PlanAgreement.h),
// kept with a cached call so that its later rounds rebuild nothing.
struct PlanRequest {
  static constexpr int kWords = 7 + HaloWidthsAgreed::kWords;
  Geometry geometry;
  std::vector<int64_t> key;
  BalancedForm form;
  HaloWidthsSeen seen;
  PromisedWidths promise; // a halo's key (idtr.h), if it has one
  int64_t words[kWords] = {}; // this rank's contribution, ids apart
};

class PlanCache {
public:
  explicit PlanCache(size_t capacity = 64) : capacity_(capacity) {}

  // Local lookup (no communication); marks the entry most recently used.
  std::shared_ptr<const Plan> find(const std::vector<int64_t> &key);
  void insert(const std::vector<int64_t> &key, std::shared_ptr<const Plan> plan);
  size_t size() const { return entries_.size(); }

  // Plans by the raw arguments of the call (CallKey.h): the entry points'
  // fast path, which builds no Geometry and allocates nothing. A plan not
  // reused locally comes with what its agreement needs (`request`).
  struct CallEntry {
    uint64_t hash = 0;
    std::vector<int64_t> words;
    std::shared_ptr<const Plan> plan;
    std::unique_ptr<PlanRequest> request; // null for Plan::reusedLocally
    // The exchanges prepared for repeats of this call with the same
    // descriptors (ExchangeReplay.h); plans reused locally only.
    std::unique_ptr<CallReplays> replays;
  };
  CallEntry *findCall(const CallKey &key);
  void insertCall(const CallKey &key, std::shared_ptr<const Plan> plan,
                  std::unique_ptr<PlanRequest> request);
  int64_t nextId() { return nextId_++; }
  int64_t peekNextId() const { return nextId_; }

private:
  using Lru = std::list<std::vector<int64_t>>;
  struct Entry {
    std::shared_ptr<const Plan> plan;
    Lru::iterator position;
  };
  size_t capacity_;
  int64_t nextId_ = 0;
  Lru lru_; // most recently used first
  std::map<std::vector<int64_t>, Entry> entries_;
  static constexpr size_t kCallSlots = 16;
  std::vector<CallEntry> calls_;
  size_t nextCallSlot_ = 0; // replaced round robin when full
  size_t lastCall_ = 0;     // the entry findCall found last
};

} // namespace idtr

#endif
