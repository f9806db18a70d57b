// The allocator of the buffers of compiled programs (BufferAllocator.cpp) and
// the holds that keep a buffer alive while an operation writes into it.
//
// The runtime writes an operation's outputs until _idtr_wait returns, but
// the program may free an output buffer earlier: ownership-based buffer
// deallocation frees a buffer at the end of the block that allocated it,
// which comes before the wait when the handle leaves that block (returned
// from a function, yielded from scf.if or a loop), and the output of a copy
// that nobody reads is freed right after the call. Every memref.dealloc of a
// compiled program lands in _mlir_memref_to_llvm_free, so the runtime defers
// such a free until the last operation writing into the buffer is waited on.
#ifndef IDTR_BUFFERALLOCATOR_H
#define IDTR_BUFFERALLOCATOR_H

#include "transport/SharedMemory.h"

#include <cstddef>

namespace idtr {

// The allocation functions of compiled programs and of the C API
// (_mlir_memref_to_llvm_alloc, _idtr_alloc, ...; abi/Allocation.cpp). A
// failed allocation ends the job with a message; the aligned one requires a
// power of two. A release of a held allocation is deferred (below).
void *allocateProgramBuffer(size_t bytes);
void *allocateAlignedProgramBuffer(size_t alignment, size_t bytes);
void releaseProgramBuffer(void *ptr);

// Sender of direct transfers, once per operation: the shared block of the
// program buffer that holds [begin, end), if there is one. A large block of
// the runtime's allocator becomes shared the second time it is asked for,
// i.e. at the second operation that reads it directly (SharedMemory.h);
// false for other memory, the first time, when IDTR_SHARED_BUFFERS=0 or
// when the system refuses.
bool shareProgramBuffer(const void *begin, const void *end, SharedBlock &out);

// An operation in flight writes into the allocations whose bases (the
// descriptors' `allocated` pointers) are `allocations[0..count)` (one hold
// each; an allocation may be listed twice). Holds nest.
void holdAllocations(const void *const *allocations, int count);

// Drops one hold of each; frees an allocation if the program asked for that
// while it was held and no other hold remains.
void releaseAllocations(const void *const *allocations, int count);

} // namespace idtr

#endif
