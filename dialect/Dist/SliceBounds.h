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

/// A bound with numpy's meaning in a dimension of `size` elements for a
/// step of the sign of `step` (PySlice_AdjustIndices): negative counts from
/// the end; then clamped to [0, size] for a positive step and to
/// [-1, size - 1] for a negative one (-1: before the first element).
inline int64_t normalizeSliceBound(int64_t bound, int64_t size,
                                   int64_t step = 1) {
  bool reverse = step < 0;
  if (bound < 0) {
    bound += size;
    if (bound < 0)
      return reverse ? -1 : 0;
    return bound;
  }
  if (bound >= size)
    return reverse ? size - 1 : size;
  return bound;
}

/// {first index, element count} of `lo:hi:step` (step != 0) in a dimension
/// of `size` elements; kSliceEnd for `lo` or `hi` is the omitted bound (the
/// first and past-the-last element in the step's direction). The elements
/// are `start + k * step` for k in [0, count).
struct SliceRange {
  int64_t start;
  int64_t count;
};
inline SliceRange normalizeSlice(int64_t size, int64_t lo, int64_t hi,
                                 int64_t step) {
  bool reverse = step < 0;
  int64_t start = lo == kSliceEnd ? (reverse ? size - 1 : 0)
                                  : normalizeSliceBound(lo, size, step);
  int64_t stop = hi == kSliceEnd ? (reverse ? -1 : size)
                                 : normalizeSliceBound(hi, size, step);
  int64_t extent = reverse ? start - stop : stop - start;
  int64_t magnitude = reverse ? -step : step;
  if (extent <= 0)
    return {reverse ? std::max<int64_t>(start, 0) : start, 0};
  // (Not (extent + magnitude - 1) / magnitude: the sum can exceed int64.)
  return {start, (extent - 1) / magnitude + 1};
}

} // namespace mlir::dist

#endif // DISTC_DIALECT_DIST_SLICEBOUNDS_H
