// Lookup and round-robin replacement of the cached grid-halo calls.
#include "plan/GridHaloCalls.h"

#include <algorithm>

namespace idtr {

CachedGridHalo *GridHaloCalls::find(const CallKey &key) {
  uint64_t h = key.hash();
  for (CachedGridHalo &e : entries_)
    if (e.hash == h && e.words.size() == key.size() &&
        std::equal(e.words.begin(), e.words.end(), key.data()))
      return &e;
  return nullptr;
}

CachedGridHalo &GridHaloCalls::insert(const CallKey &key) {
  CachedGridHalo e;
  e.hash = key.hash();
  e.words.assign(key.data(), key.data() + key.size());
  if (entries_.size() < kSlots) {
    entries_.push_back(std::move(e));
    return entries_.back();
  }
  CachedGridHalo &slot = entries_[next_];
  next_ = (next_ + 1) % kSlots;
  slot = std::move(e);
  return slot;
}

} // namespace idtr
