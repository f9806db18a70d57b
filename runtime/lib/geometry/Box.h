// Geometry of distributed arrays: boxes in a row-major global index space,
// their intersections, permutations, and the flat runs a box occupies.
// No MPI here: everything is unit-testable on its own.
#ifndef IDTR_BOX_H
#define IDTR_BOX_H

#include <cstdint>
#include <string>
#include <vector>

namespace idtr {

using Shape = std::vector<int64_t>;

// The element count of a shape. Fails (Errors.h) when it exceeds
// 2^63 - 1: no array can be that large, and every byte size and flat index
// the runtime computes is bounded by a volume, so checking here keeps them
// from wrapping. (A shape with a zero extent has volume 0 however large the
// others are.)
int64_t volume(const Shape &sizes);

// Whether the shape has a zero extent (no product: never fails). Inline:
// every view read and overlap test of a call asks it of shapes of a few
// dimensions.
inline bool hasZeroExtent(const Shape &sizes) {
  for (int64_t s : sizes)
    if (s == 0)
      return true;
  return false;
}

// "[a, b, c]", for messages.
std::string str(const Shape &v);

// An axis-aligned box: the elements i with offsets[k] <= i[k] < offsets[k] + sizes[k].
struct Box {
  Shape offsets;
  Shape sizes;

  int rank() const { return static_cast<int>(sizes.size()); }
  int64_t volume() const { return idtr::volume(sizes); }
  bool empty() const { return hasZeroExtent(sizes); }
  bool operator==(const Box &o) const {
    return offsets == o.offsets && sizes == o.sizes;
  }
};

// "offsets [..] sizes [..]", for messages.
std::string str(const Box &b);

// The common part of two boxes of equal rank (sizes all zero if disjoint).
Box intersect(const Box &a, const Box &b);

// Whether `box` lies inside an array of shape `shape` (empty boxes must still
// have offsets in [0, shape]).
bool insideShape(const Box &box, const Shape &shape);

// Whether axes is a permutation of 0..n-1.
bool isPermutation(const Shape &axes);

// The box of the input array that `transpose(input, axes)` maps onto the
// output box `out`: out dimension i is input dimension axes[i].
Box permutePreimage(const Box &out, const Shape &axes);

// Reorders `v` into output order: result[i] = v[axes[i]].
Shape permuteToOutput(const Shape &v, const Shape &axes);

// Row-major strides (in elements) of a contiguous array of `shape`.
Shape rowMajorStrides(const Shape &shape);

// Row-major position of `index` in an array of `shape`.
int64_t linearize(const Shape &index, const Shape &shape);

// Inverse of linearize.
Shape delinearize(int64_t flat, const Shape &shape);

// A range [start, start + length) of consecutive row-major positions.
struct FlatRun {
  int64_t start;
  int64_t length;
  bool operator==(const FlatRun &o) const {
    return start == o.start && length == o.length;
  }
};

// Appends to `out`, in ascending order, the maximal runs of global row-major
// positions in [lo, hi) that belong to `box` of an array of `shape`. The cost
// is proportional to the number of runs produced (times the rank), never to
// the size of the array or the box.
void appendRangeBoxRuns(const Shape &shape, const Box &box, int64_t lo,
                        int64_t hi, std::vector<FlatRun> &out);

// All runs of `box` (ascending).
std::vector<FlatRun> boxRuns(const Shape &shape, const Box &box);

// [first, last + 1) in global row-major positions covering `box` (empty
// range for an empty box).
FlatRun boundingRange(const Shape &shape, const Box &box);

// Position of the global row-major position `flat` inside `box`, counted in
// the box's own row-major order. `flat` must lie in the box.
int64_t flatToBoxLinear(int64_t flat, const Shape &shape, const Box &box);

} // namespace idtr

#endif
