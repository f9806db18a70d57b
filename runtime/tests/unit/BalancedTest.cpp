// Balanced partitions as a formula (Balanced.h): recognised from one rank's
// geometry, and the plan built from the formula (peers by binary search,
// nothing exchanged) is the plan built from every rank's record.
#include "geometry/Balanced.h"
#include "plan/Plan.h"
#include "support/Errors.h"

#include <gtest/gtest.h>

#include <random>

using namespace idtr;

namespace {

Shape identityAxes(size_t n) {
  Shape a(n);
  for (size_t i = 0; i < n; ++i)
    a[i] = static_cast<int64_t>(i);
  return a;
}

Box block(const Shape &shape, int split, int P, int r) {
  return balancedBlock(shape, split, P, r);
}

// What update_halo derives from a bounding box of `lo` rows before and `hi`
// after the rank's own (EntryPoints.cpp), other dimensions `cross`.
// `extraLast`: blocks of the shard convention (Balanced.h).
Geometry halo(const Shape &shape, int P, int r, int64_t lo, int64_t hi, const Box &cross,
              bool extraLast = false) {
  Geometry g;
  g.kind = OpKind::Halo;
  g.inShape = g.outShape = shape;
  g.axes = identityAxes(shape.size());
  g.input = balancedBlock(shape, 0, P, r, extraLast);
  int64_t a = g.input.offsets[0], b = a + g.input.sizes[0];
  Box bb = cross;
  bb.offsets[0] = std::max<int64_t>(0, a - lo);
  bb.sizes[0] = std::min(shape[0], b + hi) - bb.offsets[0];
  Box left = bb, right = bb;
  left.sizes[0] = std::max<int64_t>(0, std::min(bb.offsets[0] + bb.sizes[0], a) - bb.offsets[0]);
  right.offsets[0] = std::max(bb.offsets[0], b);
  right.sizes[0] = std::max<int64_t>(0, bb.offsets[0] + bb.sizes[0] - right.offsets[0]);
  g.outputs = {left, right};
  return g;
}

Geometry redistribution(OpKind kind, const Shape &in, const Shape &out, const Shape &axes,
                        int inSplit, int outSplit, int P, int r) {
  Geometry g;
  g.kind = kind;
  g.inShape = in;
  g.outShape = out;
  g.axes = axes;
  g.input = block(in, inSplit, P, r);
  g.outputs = {block(out, outSplit, P, r)};
  return g;
}

void expectSameTransfer(const Transfer &a, const Transfer &b) {
  EXPECT_EQ(a.peer, b.peer);
  EXPECT_EQ(a.elements, b.elements);
  ASSERT_EQ(a.boxes.size(), b.boxes.size());
  for (size_t i = 0; i < a.boxes.size(); ++i) {
    EXPECT_EQ(a.boxes[i].target, b.boxes[i].target);
    EXPECT_EQ(a.boxes[i].source, b.boxes[i].source);
  }
  ASSERT_EQ(a.runs.size(), b.runs.size());
  for (size_t i = 0; i < a.runs.size(); ++i) {
    EXPECT_EQ(a.runs[i].srcPos, b.runs[i].srcPos);
    EXPECT_EQ(a.runs[i].dstPos, b.runs[i].dstPos);
    EXPECT_EQ(a.runs[i].length, b.runs[i].length);
  }
}

// Whether every rank recognises its geometry as one formula (the agreement
// of PlanAgreement.cpp: the digests are equal).
bool agree(const std::vector<Geometry> &all) {
  int P = static_cast<int>(all.size());
  int64_t digest = -1;
  for (int r = 0; r < P; ++r) {
    BalancedForm f;
    HaloWidthsSeen w;
    if (!recognizeBalanced(all[r], P, r, f, w) || (r && f.digest() != digest))
      return false;
    digest = f.digest();
  }
  return true;
}

// The formula's plan equals the exchanged records' plan on every rank.
void expectFormulaPlans(const std::vector<Geometry> &all) {
  int P = static_cast<int>(all.size());
  for (int r = 0; r < P; ++r) {
    BalancedForm form;
    HaloWidthsSeen seen;
    ASSERT_TRUE(recognizeBalanced(all[r], P, r, form, seen)) << "rank " << r;
    // The widths every rank agrees on.
    if (all[r].kind == OpKind::Halo) {
      HaloWidthsAgreed agreed;
      for (int s = 0; s < P; ++s) {
        BalancedForm other;
        HaloWidthsSeen w;
        ASSERT_TRUE(recognizeBalanced(all[s], P, s, other, w));
        agreed.add(HaloWidthsAgreed(w));
      }
      ASSERT_TRUE(agreed.resolve(form.haloLo, form.haloHi));
    }
    for (int s = 0; s < P; ++s)
      ASSERT_EQ(form.geometryOf(s).encode(), all[s].encode()) << "rank " << s;
    auto expected = buildPlan(all, r, 3);
    auto got = buildPlan(BalancedGeometry(form, r), r, 3);
    ASSERT_EQ(got->sends.size(), expected->sends.size()) << "rank " << r;
    ASSERT_EQ(got->recvs.size(), expected->recvs.size()) << "rank " << r;
    for (size_t i = 0; i < got->sends.size(); ++i)
      expectSameTransfer(got->sends[i], expected->sends[i]);
    for (size_t i = 0; i < got->recvs.size(); ++i)
      expectSameTransfer(got->recvs[i], expected->recvs[i]);
    expectSameTransfer(got->local, expected->local);
  }
}

} // namespace

TEST(Balanced, SplitOffsetsAndOwners) {
  BalancedSplit s{10, 4}; // 3, 3, 2, 2
  EXPECT_EQ(s.offset(0), 0);
  EXPECT_EQ(s.offset(1), 3);
  EXPECT_EQ(s.offset(2), 6);
  EXPECT_EQ(s.offset(3), 8);
  EXPECT_EQ(s.offset(4), 10);
  EXPECT_EQ(s.firstAtOrAfter(4), 2);
  EXPECT_EQ(s.firstAtOrAfter(6), 2);
  EXPECT_EQ(s.firstAtOrAfter(11), 4);
  std::vector<int> o;
  s.owners(2, 7, o);
  EXPECT_EQ(o, (std::vector<int>{0, 1, 2}));
  o.clear();
  BalancedSplit few{3, 5}; // 1, 1, 1, 0, 0
  few.owners(0, 3, o);
  EXPECT_EQ(o, (std::vector<int>{0, 1, 2}));
  BalancedSplit shard{10, 4, true}; // 2, 2, 3, 3
  EXPECT_EQ(shard.offset(1), 2);
  EXPECT_EQ(shard.offset(2), 4);
  EXPECT_EQ(shard.offset(3), 7);
  EXPECT_EQ(shard.offset(4), 10);
  o.clear();
  shard.owners(3, 8, o);
  EXPECT_EQ(o, (std::vector<int>{1, 2, 3}));
}

TEST(Balanced, HaloPlansMatchExchangedRecords) {
  std::mt19937_64 rng(15);
  for (int iter = 0; iter < 150; ++iter) {
    int P = 1 + static_cast<int>(rng() % 7);
    Shape shape{static_cast<int64_t>(rng() % 12), 1 + static_cast<int64_t>(rng() % 4)};
    int64_t lo = rng() % 3, hi = rng() % 3;
    Box cross{{0, static_cast<int64_t>(rng() % shape[1])}, {0, 0}};
    cross.sizes[1] = 1 + static_cast<int64_t>(rng() % (shape[1] - cross.offsets[1]));
    std::vector<Geometry> all;
    bool extraLast = iter % 2;
    for (int r = 0; r < P; ++r)
      all.push_back(halo(shape, P, r, lo, hi, cross, extraLast));
    ASSERT_TRUE(agree(all));
    expectFormulaPlans(all);
  }
}

TEST(Balanced, ReshapeAndPermutePlansMatchExchangedRecords) {
  std::mt19937_64 rng(16);
  for (int iter = 0; iter < 150; ++iter) {
    int P = 1 + static_cast<int>(rng() % 7);
    int64_t a = 1 + rng() % 9, b = 1 + rng() % 9;
    std::vector<Geometry> all;
    if (iter % 2) {
      // Reshape [a, b] -> [b, a] between any split dimensions.
      int inSplit = rng() % 2, outSplit = rng() % 2;
      for (int r = 0; r < P; ++r)
        all.push_back(redistribution(OpKind::Reshape, {a, b}, {b, a}, {0, 1}, inSplit,
                                     outSplit, P, r));
    } else {
      int inSplit = rng() % 2, outSplit = rng() % 2;
      for (int r = 0; r < P; ++r)
        all.push_back(redistribution(OpKind::Permute, {a, b}, {b, a}, {1, 0}, inSplit,
                                     outSplit, P, r));
    }
    // A block that is the whole array (1 rank, or 1 row) is recognised as
    // split along dimension 0: the ranks then disagree and exchange their
    // records instead. Only agreeing cases use the formula.
    if (agree(all))
      expectFormulaPlans(all);
  }
}

TEST(Balanced, ContradictingHaloWidthsAreRejected) {
  HaloWidthsSeen a, b;
  a.loExact = 1;
  b.loExact = 2;
  HaloWidthsAgreed agreed{a};
  agreed.add(HaloWidthsAgreed(b));
  int64_t lo, hi;
  EXPECT_FALSE(agreed.resolve(lo, hi));
  // A rank clipped at 3 rows cannot have a width-1 halo.
  b = HaloWidthsSeen();
  b.loAtLeast = 3;
  agreed = HaloWidthsAgreed(a);
  agreed.add(HaloWidthsAgreed(b));
  EXPECT_FALSE(agreed.resolve(lo, hi));
  b.loAtLeast = 1;
  agreed = HaloWidthsAgreed(a);
  agreed.add(HaloWidthsAgreed(b));
  EXPECT_TRUE(agreed.resolve(lo, hi));
  EXPECT_EQ(lo, 1);
}

TEST(Balanced, OtherPartitionsAreNotRecognised) {
  Shape shape{10, 4};
  Geometry g = redistribution(OpKind::Reshape, shape, shape, {0, 1}, 0, 0, 4, 1);
  BalancedForm f;
  HaloWidthsSeen w;
  EXPECT_TRUE(recognizeBalanced(g, 4, 1, f, w));
  g.input.sizes[0] = 2; // an irregular block
  EXPECT_FALSE(recognizeBalanced(g, 4, 1, f, w));
  g = redistribution(OpKind::Reshape, shape, shape, {0, 1}, 0, 0, 4, 1);
  g.input.sizes[1] = 3; // not the whole of dimension 1
  EXPECT_FALSE(recognizeBalanced(g, 4, 1, f, w));
}
