// Handles of in-flight operations. Handle 0 means "already complete"; other
// handles are positive, never reused, and must be waited on exactly once.
#ifndef IDTR_HANDLES_H
#define IDTR_HANDLES_H

#include <cstdint>
#include <memory>

namespace idtr {

// An operation started by an entry point and finished by _idtr_wait.
class Operation {
public:
  virtual ~Operation() = default;
  // Blocks until the operation's outputs are final.
  virtual void complete() = 0;
  virtual const char *name() const = 0;
};

// Takes ownership; a null operation (already complete) gives handle 0.
int64_t registerOperation(std::unique_ptr<Operation> op);

// Completes and forgets `handle`. Errors on unknown or already waited handles.
void waitHandle(int64_t handle);

// At finalisation: warns about every handle never waited on and abandons
// them (see Handles.cpp for why they are not completed).
void completeForgottenHandles();

} // namespace idtr

#endif
