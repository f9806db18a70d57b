// The local plan cache of a team (PlanCache.h).
#include "plan/PlanCache.h"

#include "plan/CallKey.h"

#include <algorithm>
#include <cstring>

namespace idtr {

std::shared_ptr<const Plan> PlanCache::find(const std::vector<int64_t> &key) {
  auto it = entries_.find(key);
  if (it == entries_.end())
    return nullptr;
  lru_.splice(lru_.begin(), lru_, it->second.position);
  return it->second.plan;
}

void PlanCache::insert(const std::vector<int64_t> &key, std::shared_ptr<const Plan> plan) {
  auto it = entries_.find(key);
  if (it != entries_.end()) {
    it->second.plan = std::move(plan);
    lru_.splice(lru_.begin(), lru_, it->second.position);
    return;
  }
  lru_.push_front(key);
  entries_[key] = {std::move(plan), lru_.begin()};
  while (entries_.size() > capacity_) {
    entries_.erase(lru_.back());
    lru_.pop_back();
  }
}

namespace {
bool sameWords(const PlanCache::CallEntry &e, const CallKey &key) {
  return e.words.size() == key.size() &&
         std::memcmp(e.words.data(), key.data(), key.size() * sizeof(int64_t)) == 0;
}
} // namespace

PlanCache::CallEntry *PlanCache::findCall(const CallKey &key) {
  // The entry found last, first: a loop that repeats one call (a stencil's
  // halo) finds it without hashing its key.
  if (lastCall_ < calls_.size() && sameWords(calls_[lastCall_], key))
    return &calls_[lastCall_];
  uint64_t h = key.hash();
  for (size_t i = 0; i < calls_.size(); ++i)
    if (calls_[i].hash == h && sameWords(calls_[i], key)) {
      lastCall_ = i;
      return &calls_[i];
    }
  return nullptr;
}

void PlanCache::insertCall(const CallKey &key, std::shared_ptr<const Plan> plan,
                           std::unique_ptr<PlanRequest> request) {
  if (!plan->reusedLocally && !request)
    return;
  if (findCall(key))
    return;
  CallEntry e{key.hash(), std::vector<int64_t>(key.data(), key.data() + key.size()),
              std::move(plan), std::move(request), nullptr};
  if (calls_.size() < kCallSlots) {
    calls_.push_back(std::move(e));
    return;
  }
  calls_[nextCallSlot_] = std::move(e);
  nextCallSlot_ = (nextCallSlot_ + 1) % kCallSlots;
}

} // namespace idtr
