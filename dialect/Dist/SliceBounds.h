//===- SliceBounds.h - numpy slice bounds ------------------------*- C++ -*-===//
//
// The meaning of `lo:hi:step` in dist.slice and dist.insert_slice, shared
// by the verifiers (static sizes) and the lowering (the same arithmetic at
// run time), so that both agree on every size.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DIALECT_DIST_SLICEBOUNDS_H
#define DISTC_DIALECT_DIST_SLICEBOUNDS_H

#include <algorithm>
#include <cstdint>
#include <limits>

namespace mlir::dist {

/// The stored `hi` of a range written without one (`lo:` or `:`): the end
/// of the dimension whatever its size.
inline constexpr int64_t kSliceEnd = std::numeric_limits<int64_t>::max();

/// Bounds and steps written in a slice are at most this in magnitude (as
/// shift offsets): the lowering adds them to sizes in int64 arithmetic.
inline constexpr int64_t kMaxSliceBound = int64_t(1) << 48;

/// A bound with numpy's meaning in a dimension of `size` elements: negative
/// counts from the end, the result clamped to [0, size].
inline int64_t normalizeSliceBound(int64_t bound, int64_t size) {
  if (bound == kSliceEnd)
    return size;
  if (bound < 0)
    return std::max<int64_t>(bound + size, 0);
  return std::min(bound, size);
}

/// {first index, element count} of `lo:hi:step` (step >= 1) in a dimension
/// of `size` elements.
struct SliceRange {
  int64_t start;
  int64_t count;
};
inline SliceRange normalizeSlice(int64_t size, int64_t lo, int64_t hi,
                                 int64_t step) {
  int64_t start = normalizeSliceBound(lo, size);
  int64_t end = normalizeSliceBound(hi, size);
  int64_t extent = std::max<int64_t>(end - start, 0);
  return {start, (extent + step - 1) / step};
}

} // namespace mlir::dist

#endif // DISTC_DIALECT_DIST_SLICEBOUNDS_H
