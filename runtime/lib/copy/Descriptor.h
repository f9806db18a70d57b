// Type-erased views over MLIR memref descriptors.
#ifndef IDTR_DESCRIPTOR_H
#define IDTR_DESCRIPTOR_H

#include "geometry/Box.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace idtr {

// The largest rank of an array descriptor the runtime accepts.
constexpr int kMaxViewRank = 64;

// Whether the elements of a strided block form one dense row-major block
// (also true when empty).
bool isContiguous(const int64_t *sizes, const int64_t *strides, int rank);

// A strided view: element i is at data + elemSize * sum(i[k] * strides[k]).
// `data` already includes the descriptor's offset. Copied out of the caller's
// descriptor, so it stays valid after the call returns (the memory it points
// to is the caller's business).
struct View {
  char *data = nullptr;
  // The descriptor's `allocated` pointer: the base of the allocation the
  // program frees (set by viewFromDescriptor only).
  const void *allocated = nullptr;
  size_t elemSize = 0;
  Shape sizes;
  Shape strides; // in elements, may be anything (even negative or zero)

  int rank() const { return static_cast<int>(sizes.size()); }
  int64_t volume() const { return idtr::volume(sizes); }

  // The sub-view at `offsets` (relative to this view) with `subSizes`.
  View sub(const Shape &offsets, const Shape &subSizes) const;

  // Whether the elements form one dense row-major block (also true when empty).
  bool isContiguous() const;

  // Its bytes (volume x element size).
  int64_t bytes() const { return volume() * static_cast<int64_t>(elemSize); }
};

// A dense row-major view of `like`'s shape and element type at `data` (a
// staging buffer of the runtime: no allocation of the program's behind it).
View denseLike(char *data, const View &like);

// Whether two views may share memory: their byte extents (from the lowest
// to the highest byte any element can occupy) intersect. Conservative: views
// whose elements interleave without touching (two column blocks of one
// matrix) count as overlapping. Empty views never overlap anything.
bool mayOverlap(const View &a, const View &b);

// The extent [lo, hi) of a non-empty view in memory. Returns false if it
// does not fit in the address space (strides too large to be real).
bool byteRange(const View &v, uintptr_t &lo, uintptr_t &hi);

// Reads the ranked descriptor behind an unranked memref argument.
View viewFromDescriptor(int64_t rank, const void *desc, size_t elemSize,
                        const char *what);

// The data and element count of the array behind a descriptor if it is one
// dense row-major block (also when empty), without building a View (no heap
// allocation: the fast path of small reductions). Returns false otherwise,
// and for anything malformed: the caller then takes the checked path.
bool denseArray(int64_t rank, const void *desc, size_t elemSize, char *&data,
                int64_t &count);

// viewFromDescriptor into an existing view: no allocation when `v` had
// this rank before (the per-call views of the cached fast paths).
void readView(View &v, int64_t rank, const void *desc, size_t elemSize, const char *what);

// A loop over a few entries (an index array, a descriptor's sizes): not
// unrolled or vectorised, whose set-up costs more than such a loop.
#if defined(__clang__)
#define IDTR_SHORT_LOOP _Pragma("clang loop unroll(disable) vectorize(disable)")
#else
#define IDTR_SHORT_LOOP
#endif

// For call keys (CallKey.h), without allocation or checks beyond memory
// safety: append the length and values of a 1-D index memref, or the rank
// and sizes of a descriptor, to out[used..capacity). False when malformed or
// too long (the caller then takes the checked path). Inline: every cached
// call builds its key from a handful of them.
inline bool appendIndexArray(int64_t rank, const void *desc, int64_t *out, size_t capacity,
                             size_t &used) {
  if (rank != 1 || !desc)
    return false;
  // allocated, aligned, offset, size, stride
  int64_t head[5];
  std::memcpy(head, desc, sizeof(head));
  const int64_t n = head[3], stride = head[4];
  const char *aligned = reinterpret_cast<const char *>(head[1]);
  // A local index: `used` may alias `out` (int64_t and size_t may), which
  // would reload and store it at every element.
  size_t at = used;
  if (n < 0 || static_cast<uint64_t>(n) + 1 > capacity - at || (n && !aligned))
    return false;
  const char *data = aligned + head[2] * 8;
  out[at++] = n;
  IDTR_SHORT_LOOP
  for (int64_t i = 0; i < n; ++i) {
    int64_t v;
    std::memcpy(&v, data + i * stride * 8, 8);
    out[at++] = v;
  }
  used = at;
  return true;
}
inline bool appendSizes(int64_t rank, const void *desc, int64_t *out, size_t capacity,
                        size_t &used) {
  size_t at = used;
  if (rank < 0 || rank > kMaxViewRank || !desc || static_cast<uint64_t>(rank) + 1 > capacity - at)
    return false;
  // The sizes follow allocated, aligned and offset.
  const char *sizes = static_cast<const char *>(desc) + 3 * sizeof(int64_t);
  out[at++] = rank;
  IDTR_SHORT_LOOP
  for (int64_t k = 0; k < rank; ++k) {
    int64_t v;
    std::memcpy(&v, sizes + k * 8, 8);
    out[at++] = v;
  }
  used = at;
  return true;
}

// Whether two descriptors of rank `rank` have the same sizes (no View built).
bool sameSizes(int64_t rank, const void *a, const void *b);

// Reads a 1-D index (int64_t) memref: shapes, offsets, axes.
Shape readIndexArray(int64_t rank, const void *desc, const char *what);

} // namespace idtr

#endif
