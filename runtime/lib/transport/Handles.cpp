#include "transport/Handles.h"

#include "support/CallSite.h"
#include "support/Errors.h"
#include "support/Stats.h"
#include "transport/BufferAllocator.h"

#include <string>
#include <vector>

namespace idtr {

namespace {

struct Entry {
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
    Entry &e = push();
    e.name = quickName_;
    e.site = quickSite_;
  }
  size_t size() const { return count_; }
  Entry &at(size_t i) { return ring_[(head_ + i) & mask_]; }

  // Entries outside the live ones are always empty (Entry{}): popFront
  // empties the one it drops, grow makes empty ones.
  Entry &push() {
    if (count_ == ring_.size())
      grow();
    return at(count_++);
  }
  void popFront() {
    at(0) = Entry{};
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
    std::vector<Entry> bigger(ring_.empty() ? 64 : 2 * ring_.size());
    for (size_t i = 0; i < count_; ++i)
      bigger[i] = std::move(at(i));
    ring_ = std::move(bigger);
    mask_ = ring_.size() - 1;
    head_ = 0;
  }

  std::vector<Entry> ring_; // size a power of two
  size_t mask_ = 0;         // its size - 1
  size_t head_ = 0, count_ = 0;
  int64_t first_ = 1; // handle of the entry at head_ (or of the quick handle)
  bool quick_ = false;
  const char *quickName_ = nullptr;
  const char *quickSite_ = nullptr;
};

HandleTable &table() {
  static HandleTable *t = new HandleTable; // never destroyed: used at exit
  return *t;
}

} // namespace

int64_t registerOperation(OperationPtr op, const char *name, const void *const *outputs,
                          size_t numOutputs) {
  HandleTable &t = table();
  int64_t h = t.next();
  const char *site = currentSite();
  if (!op && t.issueQuick(name, site))
    return h;
  t.spillQuick(); // keeps next(): the quick handle takes the first entry
  Entry &e = t.push();
  e.name = name;
  e.site = site;
  e.op = std::move(op);
  if (e.op) {
    for (size_t i = 0; i < numOutputs; ++i)
      if (const void *allocation = outputs[i]) {
        if (e.numOutputs == 2)
          fail("%s: more than two outputs to keep alive", name);
        e.outputs[e.numOutputs++] = allocation;
      }
    if (e.numOutputs)
      holdAllocations(e.outputs, e.numOutputs);
  }
  return h;
}

void waitHandle(int64_t handle) {
  if (handle == 0)
    return;
  HandleTable &t = table();
  if (handle < 0 || handle >= t.next())
    fail("_idtr_wait: unknown handle %lld", static_cast<long long>(handle));
  if (t.waitQuick(handle)) {
    stats().waits++;
    return;
  }
  if (handle < t.first() || t.at(handle - t.first()).waited)
    fail("_idtr_wait: handle %lld was already waited on", static_cast<long long>(handle));
  Entry &e = t.at(handle - t.first());
  // Errors and the timeout of the wait name the op that started it.
  enterSite(e.site, e.name);
  e.waited = true;
  OperationPtr op = std::move(e.op);
  const void *outputs[2] = {e.outputs[0], e.outputs[1]};
  int numOutputs = e.numOutputs;
  while (t.size() && t.at(0).waited)
    t.popFront();
  stats().waits++;
  if (op)
    op->complete();
  if (numOutputs)
    releaseAllocations(outputs, numOutputs);
}

void completeForgottenHandles() {
  HandleTable &t = table();
  // Not completed: their outputs may be gone by now (a forgotten handle is
  // usually a stack array of a returned function), and completing would
  // write into memory the program reuses. The operations are left to
  // MPI_Finalize; the buffers they own are deliberately never freed. They
  // stay reachable from `parked`, so leak checkers (LeakSanitizer in the
  // sanitizer configuration, valgrind) do not report them as lost.
  static auto *parked = new std::vector<OperationPtr>();
  t.spillQuick();
  for (size_t i = 0; i < t.size(); ++i) {
    Entry &e = t.at(i);
    if (e.waited)
      continue;
    warn("handle " + std::to_string(t.first() + static_cast<int64_t>(i)) + " (" + e.name +
         ") was never waited on");
    if (e.op)
      parked->push_back(std::move(e.op));
  }
  t.clear();
}

} // namespace idtr
