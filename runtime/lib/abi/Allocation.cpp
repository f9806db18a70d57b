// The allocator of compiled programs' arrays and of the C API
// (transport/BufferAllocator.h).
#include "idtr/idtr.h"

#include "transport/BufferAllocator.h"

extern "C" void *_mlir_memref_to_llvm_alloc(size_t bytes) {
  return idtr::allocateProgramBuffer(bytes);
}

extern "C" void *_mlir_memref_to_llvm_aligned_alloc(size_t alignment, size_t bytes) {
  return idtr::allocateAlignedProgramBuffer(alignment, bytes);
}

extern "C" void _mlir_memref_to_llvm_free(void *ptr) { idtr::releaseProgramBuffer(ptr); }

// The C API's names for the same allocator (idtr.h).
extern "C" void *_idtr_alloc(size_t alignment, size_t bytes) {
  return idtr::allocateAlignedProgramBuffer(alignment, bytes);
}

extern "C" void _idtr_free(void *ptr) { idtr::releaseProgramBuffer(ptr); }
