#include "transport/Handles.h"

#include "support/CallSite.h"
#include "support/Errors.h"
#include "support/Stats.h"
#include "transport/BufferAllocator.h"
#include "transport/Runtime.h"

#include <string>
#include <vector>

namespace idtr {


int64_t registerOperation(OperationPtr op, const char *name, const void *const *outputs,
                          size_t numOutputs) {
  HandleTable &t = runtime().handles;
  int64_t h = t.next();
  const char *site = currentSite();
  if (!op && t.issueQuick(name, site))
    return h;
  t.spillQuick(); // keeps next(): the quick handle takes the first entry
  HandleEntry &e = t.push();
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
  // Before the runtime starts (or after it ended) no handle but 0 exists.
  if (!Runtime::started())
    fail("_idtr_wait: unknown handle %lld", static_cast<long long>(handle));
  HandleTable &t = runtime().handles;
  if (handle < 0 || handle >= t.next())
    fail("_idtr_wait: unknown handle %lld", static_cast<long long>(handle));
  if (t.waitQuick(handle)) {
    stats().waits++;
    return;
  }
  if (handle < t.first() || t.at(handle - t.first()).waited)
    fail("_idtr_wait: handle %lld was already waited on", static_cast<long long>(handle));
  HandleEntry &e = t.at(handle - t.first());
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
  HandleTable &t = runtime().handles;
  // Not completed: their outputs may be gone by now (a forgotten handle is
  // usually a stack array of a returned function), and completing would
  // write into memory the program reuses. The operations are left to
  // MPI_Finalize; the buffers they own are deliberately never freed. They
  // stay reachable from `parked`, so leak checkers (LeakSanitizer in the
  // sanitizer configuration, valgrind) do not report them as lost.
  // Process-wide, not the runtime context's: MPI_Finalize may still write
  // into their buffers after the context's end.
  static auto *parked = new std::vector<OperationPtr>();
  t.spillQuick();
  for (size_t i = 0; i < t.size(); ++i) {
    HandleEntry &e = t.at(i);
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
