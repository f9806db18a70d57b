// The geometry of N-D grid halos (GridHalo.h) without MPI: the slabs of a
// known case, with and without corners, and for random grids, shapes,
// widths, periodic dimensions and corners the plans of all ranks built from
// the formula, checked against each other (what a rank receives from a
// peer is what the peer sends it), for coverage (buildPlan checks that
// every halo element has an owner) and, without corners, for peers that
// differ from the rank along one grid axis only (no diagonal message).
#include "geometry/GridHalo.h"
#include "plan/Plan.h"

#include <gtest/gtest.h>

#include <random>

using namespace idtr;

namespace {

GridHaloForm form2x2() {
  GridHaloForm f;
  f.shape = {6, 5};
  f.grid = {2, 2};
  f.split = {0, 1};
  f.lo = {1, 1};
  f.hi = {1, 1};
  f.periodic = {false, false};
  return f;
}

TEST(GridHalo, SlabsOfOneBlock) {
  GridHaloForm f = form2x2();
  // Rank 3 is (1, 1): rows [3, 6), cols [3, 5).
  EXPECT_EQ(f.blockOf(3), (Box{{3, 3}, {3, 2}}));
  std::vector<Box> s = f.slabsOf(3);
  ASSERT_EQ(s.size(), 4u);
  EXPECT_EQ(s[0], (Box{{2, 2}, {1, 3}})); // row above, corner included
  EXPECT_EQ(s[1], (Box{{6, 2}, {0, 3}})); // below: outside the array
  EXPECT_EQ(s[2], (Box{{3, 2}, {3, 1}})); // column left, own rows
  EXPECT_EQ(s[3], (Box{{3, 5}, {3, 0}}));
  EXPECT_EQ(f.haloElements(3), 6);
  // Periodic: the row below wraps to row 0, the column right to column 0.
  f.periodic = {true, true};
  s = f.slabsOf(3);
  EXPECT_EQ(s[1], (Box{{6, 2}, {1, 4}}));
  EXPECT_EQ(s[3], (Box{{3, 5}, {3, 1}}));
  std::vector<GridHaloPiece> pieces;
  Geometry g = gridHaloGeometry(f, 3, &pieces);
  // Slab 1 = rows {0} x cols {2, 3, 4, 0}: two pieces.
  int inSlab1 = 0;
  for (const GridHaloPiece &p : pieces)
    inSlab1 += p.slab == 1;
  EXPECT_EQ(inSlab1, 2);
  EXPECT_EQ(g.outputs.size(), pieces.size());
}

TEST(GridHalo, SlabsWithoutCorners) {
  GridHaloForm f = form2x2();
  f.corners = false;
  // Rank 3 is (1, 1): rows [3, 6), cols [3, 5); the row above spans its
  // own columns only.
  std::vector<Box> s = f.slabsOf(3);
  ASSERT_EQ(s.size(), 4u);
  EXPECT_EQ(s[0], (Box{{2, 3}, {1, 2}}));
  EXPECT_EQ(s[1], (Box{{6, 3}, {0, 2}}));
  EXPECT_EQ(s[2], (Box{{3, 2}, {3, 1}}));
  EXPECT_EQ(s[3], (Box{{3, 5}, {3, 0}}));
  EXPECT_EQ(f.haloElements(3), 5);
  // Rank 3 receives from ranks 1 (above) and 2 (left), not from rank 0.
  std::shared_ptr<Plan> plan = buildPlan(GridHaloTeam(f, 3), 3, 0);
  std::vector<int> from;
  for (const Transfer &t : plan->recvs)
    from.push_back(t.peer);
  EXPECT_EQ(from, (std::vector<int>{1, 2}));
  // Periodic: the wrapped row below is one piece, rows {0} x cols {3, 4}.
  f.periodic = {true, true};
  s = f.slabsOf(3);
  EXPECT_EQ(s[1], (Box{{6, 3}, {1, 2}}));
  plan = buildPlan(GridHaloTeam(f, 3), 3, 0);
  from.clear();
  for (const Transfer &t : plan->recvs)
    from.push_back(t.peer);
  EXPECT_EQ(from, (std::vector<int>{1, 2}));
}

// The grid coordinates of rank r (row-major).
std::vector<int64_t> coordinatesOf(const GridHaloForm &f, int r) {
  std::vector<int64_t> c(f.grid.size());
  for (size_t k = f.grid.size(); k-- > 0;) {
    c[k] = r % f.grid[k];
    r = static_cast<int>(r / f.grid[k]);
  }
  return c;
}

// Whether ranks r and s differ along at most one grid axis.
bool alongOneAxis(const GridHaloForm &f, int r, int s) {
  std::vector<int64_t> a = coordinatesOf(f, r), b = coordinatesOf(f, s);
  int differ = 0;
  for (size_t k = 0; k < a.size(); ++k)
    differ += a[k] != b[k];
  return differ <= 1;
}

TEST(GridHalo, RandomPlansAgree) {
  std::mt19937_64 rng(42);
  for (int c = 0; c < 300; ++c) {
    int P = 1 + rng() % 6;
    int rank = 1 + rng() % 3;
    GridHaloForm f;
    for (int d = 0; d < rank; ++d) {
      f.shape.push_back(rng() % 9);
      f.lo.push_back(rng() % 4);
      f.hi.push_back(rng() % 4);
      f.periodic.push_back(rng() % 3 == 0);
    }
    f.corners = rng() % 2;
    int axes = 1 + rng() % rank;
    f.grid.assign(axes, 1);
    for (int rest = P, p = 2; rest > 1;)
      if (rest % p == 0) {
        f.grid[rng() % axes] *= p;
        rest /= p;
      } else {
        ++p;
      }
    std::vector<int64_t> dims(rank);
    for (int d = 0; d < rank; ++d)
      dims[d] = d;
    std::shuffle(dims.begin(), dims.end(), rng);
    f.split.assign(dims.begin(), dims.begin() + axes);
    ASSERT_EQ(f.problem(), "");
    std::vector<std::shared_ptr<Plan>> plans;
    for (int r = 0; r < P; ++r)
      plans.push_back(buildPlan(GridHaloTeam(f, r), r, 0));
    for (int r = 0; r < P; ++r) {
      int64_t received = plans[r]->local.elements;
      for (const Transfer &t : plans[r]->recvs) {
        received += t.elements;
        const Transfer *send = nullptr;
        for (const Transfer &u : plans[t.peer]->sends)
          if (u.peer == r)
            send = &u;
        ASSERT_NE(send, nullptr) << "case " << c;
        EXPECT_EQ(send->elements, t.elements) << "case " << c;
        if (!f.corners)
          EXPECT_TRUE(alongOneAxis(f, r, t.peer)) << "case " << c;
      }
      int64_t expected = 0;
      for (const Box &b : plans[r]->frame.outputs)
        expected += b.volume();
      EXPECT_EQ(received, expected) << "case " << c;
      for (const Transfer &u : plans[r]->sends) {
        bool found = false;
        for (const Transfer &t : plans[u.peer]->recvs)
          found |= t.peer == r;
        EXPECT_TRUE(found) << "case " << c;
      }
    }
  }
}

} // namespace
