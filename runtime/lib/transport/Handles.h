// Handles of in-flight operations. Every asynchronous call gets a handle of
// its own (positive, never reused), also when its operation completed within
// the call, so that a second wait on it is an error and a forgotten one is
// reported at exit. Handle 0 is accepted by _idtr_wait as "already complete"
// (the ABI's convention) but never issued.
#ifndef IDTR_HANDLES_H
#define IDTR_HANDLES_H

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>

namespace idtr {

// An operation started by an entry point and finished by _idtr_wait.
class Operation {
public:
  virtual ~Operation() = default;
  // Blocks until the operation's outputs are final.
  virtual void complete() = 0;
  virtual const char *name() const = 0;
  // Called instead of delete: pooled operations (Exchange.cpp) go back to
  // their pool, so that a cached call allocates no operation object.
  virtual void release() { delete this; }
};

struct ReleaseOperation {
  void operator()(Operation *op) const { op->release(); }
};
using OperationPtr = std::unique_ptr<Operation, ReleaseOperation>;

// Takes ownership of `op` (null: already complete) and returns its handle.
// `name` is the operation's name for messages. `outputs` are the allocations
// (the `allocated` pointers of the output descriptors) that `op` writes
// until it is waited on: the program's frees of them are deferred until then
// (BufferAllocator.h).
int64_t registerOperation(OperationPtr op, const char *name, const void *const *outputs,
                          size_t numOutputs);
inline int64_t registerOperation(OperationPtr op, const char *name,
                                 std::initializer_list<const void *> outputs) {
  return registerOperation(std::move(op), name, outputs.begin(), outputs.size());
}
inline int64_t registerOperation(std::unique_ptr<Operation> op, const char *name,
                                 std::initializer_list<const void *> outputs) {
  return registerOperation(OperationPtr(op.release()), name, outputs);
}

// Completes and forgets `handle`. Errors on unknown or already waited handles.
void waitHandle(int64_t handle);

// At finalisation: warns about every handle never waited on and abandons
// them (see Handles.cpp for why they are not completed).
void completeForgottenHandles();

} // namespace idtr

#endif
