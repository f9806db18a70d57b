// Balanced partitions as a formula (docs/dist.md, idtr/detail/BalancedBlocks.h,
// which the compiler's lowerings emit too): with n elements along the split
// dimension and P ranks, rank r holds n / P of them, plus one if r < n % P,
// starting at r * (n / P) + min(r, n % P). Halos also recognise the shard
// dialect's convention (docs/shard.md), the extra elements on the last
// n % P ranks instead of the first.
//
// When every rank's geometry of a redistribution is this formula (the
// partitions distc compiles by default), each rank can compute any other
// rank's geometry from its own: the plan needs no allgather, its peers are
// found by binary search over the block offsets (O(peers x log P) instead
// of O(P)), and a repeat of the rank's own arguments is a repeat of every
// rank's, so a cached plan is reused without asking the team (PlanAgreement.h).
#ifndef IDTR_BALANCED_H
#define IDTR_BALANCED_H

#include "geometry/TeamGeometry.h"
#include "idtr/detail/BalancedBlocks.h"

#include <cstdint>
#include <climits>

namespace idtr {

// The balanced blocks of n elements on P ranks.
struct BalancedSplit {
  int64_t n = 0;
  int P = 1;
  bool extraLast = false; // the shard convention: one more on the last n % P
  // Start of rank r's block, r in [0, P]; offset(P) == n.
  int64_t offset(int r) const {
    return detail::balancedOffset<int64_t>(
        n, P, r, extraLast ? detail::ExtraElements::Last : detail::ExtraElements::First);
  }
  int64_t length(int r) const { return offset(r + 1) - offset(r); }
  // Smallest r in [0, P] with offset(r) >= x (binary search).
  int firstAtOrAfter(int64_t x) const;
  // Appends, ascending, the ranks with a non-empty block meeting [lo, hi).
  void owners(int64_t lo, int64_t hi, std::vector<int> &out) const;
};

// Rank r's balanced block of an array of `shape` split along `split`.
Box balancedBlock(const Shape &shape, int split, int P, int r, bool extraLast = false);

// Everything the formula needs, identical on every rank of a balanced call.
struct BalancedForm {
  OpKind kind = OpKind::Reshape;
  int P = 1;
  Shape inShape, outShape, axes;
  int inSplit = 0;  // dimension of the input blocks
  bool extraLast = false; // halos: the shard convention (BalancedSplit)
  int outSplit = 0; // reshape / permute: dimension (of the output) of its blocks
  // Halo (inSplit 0): the bounding box is the rank's rows extended by
  // haloLo rows before and haloHi after, clipped to the array, with the
  // offsets / sizes of `cross` in the other dimensions (dimension 0 unused).
  int64_t haloLo = 0, haloHi = 0;
  Box cross;

  Geometry geometryOf(int r) const;
  // A digest of everything but the halo widths (agreed apart, PlanAgreement.cpp).
  int64_t digest() const;
};

// What one rank sees of the halo widths: the exact width, or -1 when its
// bounding box is clipped at the array's edge and then only a lower bound.
struct HaloWidthsSeen {
  int64_t loExact = -1, loAtLeast = 0, hiExact = -1, hiAtLeast = 0;
};

// The widths of a halo call from what all ranks saw: the exact width if
// some rank saw it (all such ranks must agree, and no rank's lower bound may
// exceed it), else the largest lower bound (every rank's box is clipped, so
// any width from there on gives the same boxes). Filled by MAX over the
// ranks (the agreement of PlanAgreement.cpp), minima as maxima of negations.
struct HaloWidthsAgreed {
  static constexpr int kWords = 6;
  int64_t words[kWords] = {-1, INT64_MIN, 0, -1, INT64_MIN, 0};
  // This rank's contribution.
  explicit HaloWidthsAgreed(const HaloWidthsSeen &seen);
  HaloWidthsAgreed() = default;
  // Combines with another rank's (what the allreduce does).
  void add(const HaloWidthsAgreed &o);
  // The widths, or false when the ranks contradict each other.
  bool resolve(int64_t &lo, int64_t &hi) const;
};

// The halo widths that the key of an update_halo call promises (idtr.h,
// idtr_halo_key): the same on every rank, so also on the side where this
// rank's box is clipped and its own arguments do not show them.
struct PromisedWidths {
  bool given = false;
  int64_t lo = 0, hi = 0;
};

// Makes what a rank saw of its widths exact with `promise`; false when its
// box contradicts the promise (an exact width that differs, or a box
// clipped at the edge that the promised width would not reach).
bool applyPromisedWidths(const PromisedWidths &promise, HaloWidthsSeen &seen);

// Whether `g`, the geometry of rank `me` of `P`, is the balanced formula;
// if so fills `form` (halo widths from `seen`: exact where known, else the
// lower bound) and `seen`.
bool recognizeBalanced(const Geometry &g, int P, int me, BalancedForm &form,
                       HaloWidthsSeen &seen);

// Whether this rank's plan is a function of its own arguments alone (`g`,
// recognised as `form` with `seen`): then a repeat of its arguments is a
// repeat of the plan, whatever the others pass. Not so when the plan
// depends on something this rank cannot see: a halo width on the side where
// its box is clipped at the array's edge (rank 0's rows that rank 1's lower
// halo takes depend on that width, which rank 0's own box does not show),
// or a block that fits more than one split dimension.
bool determinedLocally(const Geometry &g, const BalancedForm &form, const HaloWidthsSeen &seen,
                       int me);

// The other ranks' geometry from the formula.
class BalancedGeometry : public TeamGeometry {
public:
  BalancedGeometry(const BalancedForm &form, int me);
  int size() const override { return form_.P; }
  const Geometry &of(int r) const override;
  bool provides(int, int) const override { return true; } // no replicas
  void inputOwners(const Box &region, std::vector<int> &out) const override;
  void outputOwners(const Box &region, std::vector<int> &out) const override;
  void flatOwners(bool input, int64_t lo, int64_t hi, std::vector<int> &out) const override;
  bool isExplicit() const override { return false; }

private:
  BalancedForm form_;
  int me_;
  Geometry mine_;
  mutable Geometry scratch_;
  mutable int scratchRank_ = -1;
  BalancedSplit in_, out_;
};

} // namespace idtr

#endif
