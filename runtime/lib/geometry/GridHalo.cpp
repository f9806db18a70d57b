#include "geometry/GridHalo.h"

#include "geometry/Digest.h"

#include "geometry/Balanced.h"
#include "idtr/detail/GridHaloSlabs.h"
#include "support/Errors.h"

#include <algorithm>
#include <climits>

namespace idtr {

namespace {
// Steps the multi-index `pick` (last index fastest) to the next
// combination of indices below `extent(k)`; false after the last one.
template <typename Extent> bool nextCombination(std::vector<size_t> &pick, Extent extent) {
  for (size_t k = pick.size(); k-- > 0;) {
    if (++pick[k] < extent(k))
      return true;
    pick[k] = 0;
  }
  return false;
}

// Per grid axis k, the coordinates that `axisCoords(d, split, coords[k])`
// lists, given the tensor dimension `d` that the axis splits and its
// balanced split.
template <typename AxisCoords>
std::vector<std::vector<int>> coordsPerAxis(const GridHaloForm &form, AxisCoords axisCoords) {
  std::vector<std::vector<int>> coords(form.grid.size());
  for (size_t k = 0; k < form.grid.size(); ++k) {
    int64_t d = form.split[k];
    axisCoords(d, BalancedSplit{form.shape[d], static_cast<int>(form.grid[k])}, coords[k]);
  }
  return coords;
}
} // namespace

int GridHaloForm::P() const {
  // Checked: a product that wraps could equal the team size (7 x
  // 7905747460161236407 is 1 modulo 2^64); -1 matches no team.
  int64_t p = 1;
  for (int64_t e : grid)
    if (e < 1 || __builtin_mul_overflow(p, e, &p) || p > INT_MAX)
      return -1;
  return static_cast<int>(p);
}

Box GridHaloForm::blockOf(int r) const {
  Box b{Shape(shape.size(), 0), shape};
  // Row-major coordinates: the last axis fastest.
  int64_t rest = r;
  for (size_t k = grid.size(); k-- > 0;) {
    int64_t c = rest % grid[k];
    rest /= grid[k];
    BalancedSplit s{shape[split[k]], static_cast<int>(grid[k])};
    b.offsets[split[k]] = s.offset(static_cast<int>(c));
    b.sizes[split[k]] = s.length(static_cast<int>(c));
  }
  return b;
}

std::vector<Box> GridHaloForm::slabsOf(int r) const {
  Box block = blockOf(r);
  int n = static_cast<int>(shape.size());
  bool per[kMaxRank];
  for (int d = 0; d < n; ++d)
    per[d] = periodic[d];
  std::vector<Box> slabs;
  for (int d = 0; d < n; ++d)
    for (int side = 0; side < 2; ++side) {
      Box s{Shape(n), Shape(n)};
      detail::gridHaloSlab<int64_t>(n, d, side, block.offsets.data(), block.sizes.data(),
                                    lo.data(), hi.data(), shape.data(), per, corners,
                                    s.offsets.data(), s.sizes.data());
      slabs.push_back(std::move(s));
    }
  return slabs;
}

int64_t GridHaloForm::haloElements(int r) const {
  int64_t total = 0;
  for (const Box &s : slabsOf(r))
    if (__builtin_add_overflow(total, s.volume(), &total))
      fail("update_grid_halo: the halo slabs of rank %d hold more than INT64_MAX elements", r);
  return total;
}

int64_t GridHaloForm::digest() const {
  Digest d(0x6a09e667f3bcc908ull);
  d.mix(shape);
  d.mix(grid);
  d.mix(split);
  d.mix(lo);
  d.mix(hi);
  for (bool p : periodic)
    d.mix(p);
  d.mix(corners);
  return d.value();
}

std::string GridHaloForm::problem() const {
  size_t n = shape.size();
  if (n == 0 || static_cast<int>(n) > kMaxRank)
    return "arrays must have rank 1 to " + std::to_string(kMaxRank);
  if (lo.size() != n || hi.size() != n || periodic.size() != n)
    return "the widths must have one entry per dimension";
  if (grid.size() != split.size() || grid.empty())
    return "the grid and the split dimensions must have one entry per grid axis";
  std::vector<bool> seen(n, false);
  for (size_t k = 0; k < grid.size(); ++k) {
    if (grid[k] < 1)
      return "grid extents must be >= 1";
    if (split[k] < 0 || split[k] >= static_cast<int64_t>(n) || seen[split[k]])
      return "the split dimensions must be distinct dimensions of the array";
    seen[split[k]] = true;
  }
  // An MPI team has at most INT_MAX ranks; the geometry numbers them in int.
  if (P() < 0)
    return "the grid extents " + str(grid) + " multiply to more than " +
           std::to_string(INT_MAX) + " processes";
  for (size_t d = 0; d < n; ++d)
    if (shape[d] < 0 || lo[d] < 0 || hi[d] < 0)
      return "extents and widths must be >= 0";
  return "";
}

namespace {

// The cuts of the unwrapped range [b, b + s) at the multiples of n: each
// piece as (in-array begin, length, offset in the range).
struct Segment1 {
  int64_t begin, length, at;
};
void wrapSegments(int64_t b, int64_t s, int64_t n, bool periodic, std::vector<Segment1> &out) {
  out.clear();
  if (!periodic || s == 0) {
    out.push_back({b, s, 0});
    return;
  }
  if (n == 0)
    return; // nothing to wrap onto: such a slab has a zero extent elsewhere
  int64_t at = 0;
  while (at < s) {
    int64_t x = b + at;
    int64_t m = ((x % n) + n) % n;
    int64_t len = std::min(s - at, n - m);
    out.push_back({m, len, at});
    at += len;
  }
}

} // namespace

Geometry gridHaloGeometry(const GridHaloForm &form, int r, std::vector<GridHaloPiece> *pieces) {
  Geometry g;
  g.kind = OpKind::Halo;
  g.inShape = g.outShape = form.shape;
  size_t n = form.shape.size();
  g.axes.resize(n);
  for (size_t d = 0; d < n; ++d)
    g.axes[d] = static_cast<int64_t>(d);
  g.input = form.blockOf(r);
  if (pieces)
    pieces->clear();
  if (hasZeroExtent(form.shape))
    return g; // no element to exchange (the halo buffer is never read)
  std::vector<Box> slabs = form.slabsOf(r);
  std::vector<std::vector<Segment1>> segs(n);
  for (size_t k = 0; k < slabs.size(); ++k) {
    const Box &slab = slabs[k];
    if (slab.empty())
      continue;
    for (size_t d = 0; d < n; ++d)
      wrapSegments(slab.offsets[d], slab.sizes[d], form.shape[d], form.periodic[d], segs[d]);
    // Every combination of one segment per dimension.
    std::vector<size_t> pick(n, 0);
    while (true) {
      Box piece{Shape(n), Shape(n)};
      Shape at(n);
      for (size_t d = 0; d < n; ++d) {
        const Segment1 &s = segs[d][pick[d]];
        piece.offsets[d] = s.begin;
        piece.sizes[d] = s.length;
        at[d] = s.at;
      }
      g.outputs.push_back(std::move(piece));
      if (pieces)
        pieces->push_back({static_cast<int>(k), std::move(at)});
      if (!nextCombination(pick, [&](size_t d) { return segs[d].size(); }))
        break;
    }
  }
  return g;
}

GridHaloTeam::GridHaloTeam(const GridHaloForm &form, int me)
    : form_(form), me_(me), P_(form.P()), mine_(gridHaloGeometry(form, me)) {}

const Geometry &GridHaloTeam::of(int r) const {
  if (r == me_)
    return mine_;
  if (r != scratchRank_) {
    scratch_ = gridHaloGeometry(form_, r);
    scratchRank_ = r;
  }
  return scratch_;
}

void GridHaloTeam::product(const std::vector<std::vector<int>> &coords,
                           std::vector<int> &out) const {
  size_t axes = coords.size();
  for (const auto &c : coords)
    if (c.empty())
      return;
  std::vector<size_t> pick(axes, 0);
  while (true) {
    int64_t r = 0;
    for (size_t k = 0; k < axes; ++k)
      r = r * form_.grid[k] + coords[k][pick[k]];
    out.push_back(static_cast<int>(r));
    if (!nextCombination(pick, [&](size_t k) { return coords[k].size(); }))
      break;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
}

void GridHaloTeam::inputOwners(const Box &region, std::vector<int> &out) const {
  if (region.empty())
    return;
  auto axisCoords = [&](int64_t d, const BalancedSplit &s, std::vector<int> &coords) {
    s.owners(region.offsets[d], region.offsets[d] + region.sizes[d], coords);
  };
  product(coordsPerAxis(form_, axisCoords), out);
}

void GridHaloTeam::outputOwners(const Box &region, std::vector<int> &out) const {
  if (region.empty())
    return;
  // Along each axis, the coordinates whose extended range
  // [own - lo, own end + hi) may meet the region. Along a periodic
  // dimension the range's parts beyond the array wrap around, so it may
  // also meet the region shifted by n either way (widths up to n, which
  // the lowering checks, reach no further; wider ones: every coordinate).
  // O(extent) per axis, and the product is the neighbours, not the ring.
  auto axisCoords = [&](int64_t d, const BalancedSplit &s, std::vector<int> &coords) {
    int64_t n = form_.shape[d], a = region.offsets[d], b = a + region.sizes[d];
    bool wraps = form_.periodic[d];
    bool wide = wraps && (form_.lo[d] > n || form_.hi[d] > n);
    for (int c = 0; c < s.P; ++c) {
      int64_t from = s.offset(c) - form_.lo[d], to = s.offset(c + 1) + form_.hi[d];
      auto meets = [&](int64_t shift) { return from < b + shift && to > a + shift; };
      if (wide || meets(0) || (wraps && (meets(-n) || meets(n))))
        coords.push_back(c);
    }
  };
  product(coordsPerAxis(form_, axisCoords), out);
}

void GridHaloTeam::flatOwners(bool, int64_t, int64_t, std::vector<int> &out) const {
  for (int r = 0; r < P_; ++r) // halos plan boxes, never runs
    out.push_back(r);
}

} // namespace idtr
