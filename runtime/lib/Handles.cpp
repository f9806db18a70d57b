#include "Handles.h"

#include "BufferAllocator.h"
#include "Errors.h"
#include "Stats.h"

#include <deque>
#include <string>
#include <vector>

namespace idtr {

namespace {

struct Entry {
  const char *name;
  std::unique_ptr<Operation> op; // null once complete
  // Held allocations (at most two: the halos of update_halo). A fixed array
  // keeps the entry of a call that completed at once free of allocations.
  const void *outputs[2];
  int numOutputs;
  bool waited;
};

// Handles are issued in sequence, and most are waited on soon and roughly in
// order: the entries from the oldest handle not yet waited on to the newest
// live in a deque (no search, no allocation per handle beyond the deque's
// blocks). A forgotten handle keeps the entries after it alive until exit.
struct HandleTable {
  int64_t first = 1; // handle of entries.front()
  std::deque<Entry> entries;
  int64_t next() const { return first + static_cast<int64_t>(entries.size()); }
};

HandleTable &table() {
  static HandleTable *t = new HandleTable; // never destroyed: used at exit
  return *t;
}

} // namespace

int64_t registerOperation(std::unique_ptr<Operation> op, const char *name,
                          std::initializer_list<const void *> outputs) {
  HandleTable &t = table();
  int64_t h = t.next();
  t.entries.push_back({name, std::move(op), {nullptr, nullptr}, 0, false});
  Entry &e = t.entries.back();
  if (e.op)
    for (const void *allocation : outputs)
      if (allocation) {
        if (e.numOutputs == 2)
          fail("%s: more than two outputs to keep alive", name);
        holdAllocation(allocation);
        e.outputs[e.numOutputs++] = allocation;
      }
  return h;
}

void waitHandle(int64_t handle) {
  if (handle == 0)
    return;
  HandleTable &t = table();
  if (handle < 0 || handle >= t.next())
    fail("_idtr_wait: unknown handle %lld", static_cast<long long>(handle));
  if (handle < t.first || t.entries[handle - t.first].waited)
    fail("_idtr_wait: handle %lld was already waited on", static_cast<long long>(handle));
  Entry &e = t.entries[handle - t.first];
  e.waited = true;
  std::unique_ptr<Operation> op = std::move(e.op);
  const void *outputs[2] = {e.outputs[0], e.outputs[1]};
  int numOutputs = e.numOutputs;
  while (!t.entries.empty() && t.entries.front().waited) {
    t.entries.pop_front();
    ++t.first;
  }
  stats().waits++;
  if (op)
    op->complete();
  for (int i = 0; i < numOutputs; ++i)
    releaseAllocation(outputs[i]);
}

void completeForgottenHandles() {
  HandleTable &t = table();
  // Not completed: their outputs may be gone by now (a forgotten handle is
  // usually a stack array of a returned function), and completing would
  // write into memory the program reuses. The operations are left to
  // MPI_Finalize; the buffers they own are deliberately never freed. They
  // stay reachable from `parked`, so leak checkers (LeakSanitizer in the
  // sanitizer configuration, valgrind) do not report them as lost.
  static auto *parked = new std::vector<std::unique_ptr<Operation>>();
  for (size_t i = 0; i < t.entries.size(); ++i) {
    Entry &e = t.entries[i];
    if (e.waited)
      continue;
    warn("handle " + std::to_string(t.first + static_cast<int64_t>(i)) + " (" + e.name +
         ") was never waited on");
    if (e.op)
      parked->push_back(std::move(e.op));
  }
  t.first = t.next();
  t.entries.clear();
}

} // namespace idtr
