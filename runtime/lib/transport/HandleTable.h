// The table of the handles of operations in flight (Handles.h), kept by the
// runtime context (Runtime.h).
#ifndef IDTR_HANDLETABLE_H
#define IDTR_HANDLETABLE_H

#include "support/CallSite.h"
#include "transport/Handles.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace idtr {

struct HandleEntry {
  const char *name = nullptr;
  const char *site = nullptr; // the user's op that started it (CallSite.h)
  OperationPtr op; // null once complete
  // Held allocations (at most two: the halos of update_halo).
  const void *outputs[2] = {nullptr, nullptr};
  int numOutputs = 0;
  bool waited = false;
};

// Handles are issued in sequence, and most are waited on soon and roughly in
// order: the entries from the oldest handle not yet waited on to the newest
// live in a ring buffer (no search, and no allocation per handle: a small
// allreduce completes in well under a microsecond, and a heap block per
// handle was a visible part of it). A forgotten handle keeps the entries
// after it alive until exit; the ring then grows.
//
// The most frequent handle by far is that of an operation that completed
// within its call (a small allreduce) and is waited on right after. While
// the ring is empty such a handle is kept beside it, as the "quick" handle
// `first_`, without an entry: issuing and waiting on it then touch two
// fields. Any other registration first moves it into the ring.
class HandleTable {
public:
  int64_t first() const { return first_; }
  int64_t next() const { return first_ + static_cast<int64_t>(count_) + (quick_ ? 1 : 0); }

  // Issues handle next() for a completed operation without an entry, if
  // the ring is empty and no quick handle is out.
  bool issueQuick(const char *name, const char *site) {
    if (count_ || quick_)
      return false;
    quick_ = true;
    quickName_ = name;
    quickSite_ = site;
    return true;
  }
  // Waits on the quick handle if `handle` is it.
  bool waitQuick(int64_t handle) {
    if (!quick_ || handle != first_)
      return false;
    enterSite(quickSite_, quickName_);
    quick_ = false;
    ++first_;
    return true;
  }
  // Gives the quick handle its entry (before any other handle is issued).
  void spillQuick() {
    if (!quick_)
      return;
    quick_ = false;
    HandleEntry &e = push();
    e.name = quickName_;
    e.site = quickSite_;
  }
  size_t size() const { return count_; }
  HandleEntry &at(size_t i) { return ring_[(head_ + i) & mask_]; }

  // Entries outside the live ones are always empty (HandleEntry{}): popFront
  // empties the one it drops, grow makes empty ones.
  HandleEntry &push() {
    if (count_ == ring_.size())
      grow();
    return at(count_++);
  }
  void popFront() {
    at(0) = HandleEntry{};
    head_ = (head_ + 1) & mask_;
    --count_;
    ++first_;
  }
  // Forgets every entry (at finalisation), keeping the numbering.
  void clear() {
    while (count_)
      popFront();
  }

private:
  void grow() {
    std::vector<HandleEntry> bigger(ring_.empty() ? 64 : 2 * ring_.size());
    for (size_t i = 0; i < count_; ++i)
      bigger[i] = std::move(at(i));
    ring_ = std::move(bigger);
    mask_ = ring_.size() - 1;
    head_ = 0;
  }

  std::vector<HandleEntry> ring_; // size a power of two
  size_t mask_ = 0;         // its size - 1
  size_t head_ = 0, count_ = 0;
  int64_t first_ = 1; // handle of the entry at head_ (or of the quick handle)
  bool quick_ = false;
  const char *quickName_ = nullptr;
  const char *quickSite_ = nullptr;
};

} // namespace idtr

#endif
