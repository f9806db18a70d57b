#include "Handles.h"

#include <vector>

#include "Errors.h"
#include "Stats.h"

#include <map>
#include <string>

namespace idtr {

namespace {
struct HandleTable {
  int64_t next = 1;
  std::map<int64_t, std::unique_ptr<Operation>> pending;
};

HandleTable &table() {
  static HandleTable *t = new HandleTable; // never destroyed: used at exit
  return *t;
}
} // namespace

int64_t registerOperation(std::unique_ptr<Operation> op) {
  if (!op)
    return 0;
  HandleTable &t = table();
  int64_t h = t.next++;
  t.pending.emplace(h, std::move(op));
  return h;
}

void waitHandle(int64_t handle) {
  if (handle == 0)
    return;
  HandleTable &t = table();
  auto it = t.pending.find(handle);
  if (it == t.pending.end()) {
    if (handle > 0 && handle < t.next)
      fail("_idtr_wait: handle %lld was already waited on", static_cast<long long>(handle));
    fail("_idtr_wait: unknown handle %lld", static_cast<long long>(handle));
  }
  std::unique_ptr<Operation> op = std::move(it->second);
  t.pending.erase(it);
  stats().waits++;
  op->complete();
}

void completeForgottenHandles() {
  HandleTable &t = table();
  for (auto &entry : t.pending)
    warn("handle " + std::to_string(entry.first) + " (" + entry.second->name() +
         ") was never waited on");
  // Not completed: their outputs may be gone by now (a forgotten handle is
  // usually a stack array of a returned function), and completing would
  // write into memory the program reuses. The operations are left to
  // MPI_Finalize; the buffers they own are deliberately never freed. They
  // stay reachable from `parked`, so leak checkers (LeakSanitizer in the
  // sanitizer configuration, valgrind) do not report them as lost.
  static auto *parked = new std::vector<std::unique_ptr<Operation>>();
  for (auto &entry : t.pending)
    parked->push_back(std::move(entry.second));
  t.pending.clear();
}

} // namespace idtr
