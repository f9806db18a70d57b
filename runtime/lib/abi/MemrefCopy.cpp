// memrefCopy: the helper that MLIR's memref.copy lowers to when a layout is
// not the identity (MemRefToLLVM calls `memrefCopy(elemSize, src, dst)` with
// pointers to unranked descriptors). Provided here so that compiled programs
// do not need libmlir_c_runner_utils (which drags in libMLIR.so).
#include "copy/StridedCopy.h"
#include "support/Errors.h"

#include <cstdint>
#include <cstring>

namespace {
// The {rank, descriptor} pair MLIR passes for memref<*xT>.
struct UnrankedMemref {
  int64_t rank;
  void *descriptor;
};

// The ranked descriptor {allocated, aligned, offset, sizes[rank], strides[rank]}.
struct RankedView {
  char *aligned;
  int64_t offset;
  const int64_t *sizes;
  const int64_t *strides;
};

RankedView viewOf(const UnrankedMemref *m) {
  auto *words = static_cast<int64_t *>(m->descriptor);
  RankedView v;
  std::memcpy(&v.aligned, &words[1], sizeof(char *));
  v.offset = words[2];
  v.sizes = &words[3];
  v.strides = &words[3 + m->rank];
  return v;
}
} // namespace

extern "C" void memrefCopy(int64_t elemSize, UnrankedMemref *src,
                           UnrankedMemref *dst) {
  // guarded: an exception (out of memory in the copy's bookkeeping) must
  // not escape into compiled code, where it would std::terminate (abort(),
  // a signal and Open MPI's backtrace) instead of the idtr error path.
  idtr::guarded([&] {
    RankedView s = viewOf(src), d = viewOf(dst);
    int rank = static_cast<int>(src->rank);
    idtr::copyStrided(static_cast<size_t>(elemSize),
                      d.aligned + d.offset * elemSize, d.strides,
                      s.aligned + s.offset * elemSize, s.strides, s.sizes, rank);
  });
}

// The copy of a 2-D strided view whose rows are contiguous, with the views
// passed as plain integers rather than memref descriptors: what
// distc-lower-strided-copies calls (a stencil frame's windows). The
// descriptors memrefCopy takes must be built on the caller's stack, about
// 40 LLVM instructions per call site against 10 here.
extern "C" void _distc_copy_rows(int64_t elemSize, intptr_t src,
                                 int64_t srcOffset, int64_t srcStride,
                                 intptr_t dst, int64_t dstOffset,
                                 int64_t dstStride, int64_t rows,
                                 int64_t cols) {
  const int64_t sizes[2] = {rows, cols};
  const int64_t srcStrides[2] = {srcStride, 1};
  const int64_t dstStrides[2] = {dstStride, 1};
  idtr::guarded([&] {
    idtr::copyStrided(static_cast<size_t>(elemSize),
                      reinterpret_cast<char *>(dst) + dstOffset * elemSize,
                      dstStrides,
                      reinterpret_cast<const char *>(src) + srcOffset * elemSize,
                      srcStrides, sizes, 2);
  });
}
