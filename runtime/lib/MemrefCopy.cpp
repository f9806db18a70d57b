// memrefCopy: the helper that MLIR's memref.copy lowers to when a layout is
// not the identity (MemRefToLLVM calls `memrefCopy(elemSize, src, dst)` with
// pointers to unranked descriptors). Provided here so that compiled programs
// do not need libmlir_c_runner_utils (which drags in libMLIR.so).
#include "StridedCopy.h"

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
  RankedView s = viewOf(src), d = viewOf(dst);
  int rank = static_cast<int>(src->rank);
  idtr::copyStrided(static_cast<size_t>(elemSize),
                    d.aligned + d.offset * elemSize, d.strides,
                    s.aligned + s.offset * elemSize, s.strides, s.sizes, rank);
}
