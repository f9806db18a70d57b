// N-D halos of blocks on a process grid (_idtr_update_grid_halo_*): the
// geometry, without MPI. Every rank's block is the balanced block of a
// row-major process grid (grid axis k splits tensor dimension split[k],
// docs/dist.md "Process grids"), so each rank computes every other rank's
// block and halo slabs (idtr/detail/GridHaloSlabs.h) from the same few
// numbers: the plan needs no exchange of geometry, and its peers are found
// per grid axis (O(peers) boxes, not O(P)).
//
// A slab's part that wraps around a periodic dimension is cut into pieces
// that each lie inside the array; every piece is one output box of the
// plan (PlanFactory.cpp's planBoxes then packs all the pieces for one peer,
// faces and corners, into one message).
#ifndef IDTR_GRIDHALO_H
#define IDTR_GRIDHALO_H

#include "geometry/TeamGeometry.h"

#include <cstdint>
#include <string>
#include <vector>

namespace idtr {

struct GridHaloForm {
  static constexpr int kMaxRank = 8;
  Shape shape;                 // global shape
  Shape grid;                  // extent of each grid axis (product: P)
  Shape split;                 // tensor dimension of each grid axis
  Shape lo, hi;                // halo widths per tensor dimension
  std::vector<bool> periodic;  // per tensor dimension
  // Whether the slabs hold the corners (GridHaloSlabs.h): without them only
  // the faces are exchanged, and diagonal neighbours exchange nothing.
  bool corners = true;

  int P() const;
  // Rank r's block (row-major grid coordinates, balanced per axis).
  Box blockOf(int r) const;
  // The 2 * rank slabs of rank r (unwrapped global coordinates), faces only
  // without `corners`.
  std::vector<Box> slabsOf(int r) const;
  // The element count of all slabs of rank r (the halo buffer's length).
  int64_t haloElements(int r) const;
  // A digest of the form (agreed between the ranks at the first call).
  int64_t digest() const;
  // Empty when the form is consistent, else what is wrong.
  std::string problem() const;
};

// Where one output box of the plan lands: in slab `slab`, at `at` (relative
// to the slab's first element).
struct GridHaloPiece {
  int slab;
  Shape at;
};

// Rank r's halo as plan geometry: the pieces of its slabs inside the array
// (`pieces` says where each lands), input = its block.
Geometry gridHaloGeometry(const GridHaloForm &form, int r,
                          std::vector<GridHaloPiece> *pieces = nullptr);

// The team's geometry from the form.
class GridHaloTeam : public TeamGeometry {
public:
  GridHaloTeam(const GridHaloForm &form, int me);
  int size() const override { return P_; }
  const Geometry &of(int r) const override;
  bool provides(int, int) const override { return true; }
  void inputOwners(const Box &region, std::vector<int> &out) const override;
  void outputOwners(const Box &region, std::vector<int> &out) const override;
  void flatOwners(bool, int64_t, int64_t, std::vector<int> &out) const override;
  bool isExplicit() const override { return false; }

private:
  // The ranks whose coordinate along each axis is in coords[axis].
  void product(const std::vector<std::vector<int>> &coords, std::vector<int> &out) const;
  GridHaloForm form_;
  int me_, P_;
  Geometry mine_;
  mutable Geometry scratch_;
  mutable int scratchRank_ = -1;
};

} // namespace idtr

#endif
