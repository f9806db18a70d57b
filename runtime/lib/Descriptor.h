// Type-erased views over MLIR memref descriptors.
#ifndef IDTR_DESCRIPTOR_H
#define IDTR_DESCRIPTOR_H

#include "Box.h"

#include <cstddef>
#include <cstdint>

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

// For call keys (CallKey.h), without allocation or checks beyond memory
// safety: append the length and values of a 1-D index memref, or the rank
// and sizes of a descriptor, to out[used..capacity). False when malformed or
// too long (the caller then takes the checked path).
bool appendIndexArray(int64_t rank, const void *desc, int64_t *out, size_t capacity,
                      size_t &used);
bool appendSizes(int64_t rank, const void *desc, int64_t *out, size_t capacity,
                 size_t &used);

// Whether two descriptors of rank `rank` have the same sizes (no View built).
bool sameSizes(int64_t rank, const void *a, const void *b);

// Reads a 1-D index (int64_t) memref: shapes, offsets, axes.
Shape readIndexArray(int64_t rank, const void *desc, const char *what);

} // namespace idtr

#endif
