// The plan factory without MPI: build every rank's plan from the same
// geometry and check that both ends of each transfer agree, and that
// inconsistent geometry is rejected.
#include "plan/Plan.h"
#include "support/Errors.h"

#include <gtest/gtest.h>

#include <random>

using namespace idtr;

namespace {

Geometry rowSplit(OpKind kind, Shape shape, int64_t lo, int64_t hi, Box out) {
  Geometry g;
  g.kind = kind;
  g.inShape = shape;
  g.input.offsets = Shape(shape.size(), 0);
  g.input.sizes = shape;
  g.input.offsets[0] = lo;
  g.input.sizes[0] = hi - lo;
  g.outShape = shape;
  g.axes = Shape(shape.size());
  for (size_t i = 0; i < shape.size(); ++i)
    g.axes[i] = static_cast<int64_t>(i);
  g.outputs = {out};
  return g;
}

int64_t elementsTo(const Plan &p, int peer, bool send) {
  for (const Transfer &t : send ? p.sends : p.recvs)
    if (t.peer == peer)
      return t.elements;
  return 0;
}

void checkConsistent(const std::vector<Geometry> &all) {
  int P = static_cast<int>(all.size());
  std::vector<std::shared_ptr<Plan>> plans;
  for (int r = 0; r < P; ++r)
    plans.push_back(buildPlan(all, r, 0));
  for (int a = 0; a < P; ++a)
    for (int b = 0; b < P; ++b)
      if (a != b)
        ASSERT_EQ(elementsTo(*plans[a], b, true), elementsTo(*plans[b], a, false));
}

} // namespace

TEST(Plan, TransposeTwoRanks) {
  Shape shape{8, 8};
  std::vector<Geometry> all = {
      rowSplit(OpKind::Permute, shape, 0, 4, Box{{0, 0}, {4, 8}}),
      rowSplit(OpKind::Permute, shape, 4, 8, Box{{4, 0}, {4, 8}})};
  for (auto &g : all)
    g.axes = {1, 0};
  auto p0 = buildPlan(all, 0, 7);
  EXPECT_EQ(p0->id, 7);
  ASSERT_EQ(p0->sends.size(), 1u);
  ASSERT_EQ(p0->recvs.size(), 1u);
  EXPECT_EQ(p0->sends[0].elements, 16);
  EXPECT_EQ(p0->local.elements, 16);
  // Rank 0 sends the input columns 4..7 of its rows.
  EXPECT_EQ(p0->sends[0].boxes[0].source, (Box{{0, 4}, {4, 4}}));
  checkConsistent(all);
}

TEST(Plan, ReshapeRandomGeometriesAgree) {
  std::mt19937_64 rng(99);
  for (int iter = 0; iter < 200; ++iter) {
    int P = 1 + rng() % 4;
    int64_t n = rng() % 40;
    Shape in{n}, out{1, n};
    std::vector<int64_t> cutsIn{0, n}, cutsOut{0, n};
    for (int r = 1; r < P; ++r) {
      cutsIn.push_back(n ? rng() % (n + 1) : 0);
      cutsOut.push_back(n ? rng() % (n + 1) : 0);
    }
    std::sort(cutsIn.begin(), cutsIn.end());
    std::sort(cutsOut.begin(), cutsOut.end());
    std::vector<Geometry> all(P);
    for (int r = 0; r < P; ++r) {
      Geometry &g = all[r];
      g.kind = OpKind::Reshape;
      g.inShape = in;
      g.outShape = out;
      g.axes = {0, 1};
      g.input = Box{{cutsIn[r]}, {cutsIn[r + 1] - cutsIn[r]}};
      g.outputs = {Box{{0, cutsOut[r]}, {1, cutsOut[r + 1] - cutsOut[r]}}};
    }
    checkConsistent(all);
  }
}

TEST(Plan, RejectsDisagreeingShapes) {
  std::vector<Geometry> all = {rowSplit(OpKind::Permute, {8, 8}, 0, 4, Box{{0, 0}, {4, 8}}),
                               rowSplit(OpKind::Permute, {9, 8}, 4, 8, Box{{4, 0}, {4, 8}})};
  try {
    buildPlan(all, 0, 0);
    FAIL() << "expected an error";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("disagree on the global shape"), std::string::npos);
  }
}

TEST(Plan, RejectsUnownedElements) {
  std::vector<Geometry> all = {rowSplit(OpKind::Permute, {8, 8}, 0, 4, Box{{0, 0}, {8, 8}}),
                               rowSplit(OpKind::Permute, {8, 8}, 4, 4, Box{{0, 0}, {0, 8}})};
  try {
    buildPlan(all, 0, 0);
    FAIL() << "expected an error";
  } catch (const Error &e) {
    EXPECT_NE(std::string(e.what()).find("owned by no rank"), std::string::npos) << e.what();
  }
}

TEST(Plan, RejectsOverlapAndOutside) {
  std::vector<Geometry> all = {rowSplit(OpKind::Permute, {8, 8}, 0, 5, Box{{0, 0}, {8, 8}}),
                               rowSplit(OpKind::Permute, {8, 8}, 4, 8, Box{{0, 0}, {8, 8}})};
  EXPECT_THROW(buildPlan(all, 0, 0), Error);
  all = {rowSplit(OpKind::Permute, {8, 8}, 0, 4, Box{{0, 0}, {9, 8}}),
         rowSplit(OpKind::Permute, {8, 8}, 4, 8, Box{{0, 0}, {8, 8}})};
  EXPECT_THROW(buildPlan(all, 1, 0), Error);
}

TEST(Plan, ReplicatedInputsServeThemselves) {
  // Ranks 0 and 1 both hold the whole array; rank 2 holds nothing and wants
  // everything: it gets it from rank 0 only, and 0 and 1 copy locally.
  Shape shape{6, 4};
  std::vector<Geometry> all = {rowSplit(OpKind::Permute, shape, 0, 6, Box{{0, 0}, {6, 4}}),
                               rowSplit(OpKind::Permute, shape, 0, 6, Box{{0, 0}, {6, 4}}),
                               rowSplit(OpKind::Permute, shape, 6, 6, Box{{0, 0}, {6, 4}})};
  auto p0 = buildPlan(all, 0, 0), p1 = buildPlan(all, 1, 0), p2 = buildPlan(all, 2, 0);
  EXPECT_EQ(p0->local.elements, 24);
  EXPECT_EQ(p1->local.elements, 24);
  EXPECT_TRUE(p1->sends.empty() && p1->recvs.empty());
  ASSERT_EQ(p0->sends.size(), 1u);
  EXPECT_EQ(p0->sends[0].peer, 2);
  ASSERT_EQ(p2->recvs.size(), 1u);
  EXPECT_EQ(p2->recvs[0].peer, 0);
  EXPECT_EQ(p2->recvs[0].elements, 24);
}

TEST(Plan, GeometryEncodingRoundTrips) {
  Geometry g = rowSplit(OpKind::Halo, {5, 6, 7}, 1, 3, Box{{0, 1, 2}, {1, 2, 3}});
  g.outputs.push_back(Box{{3, 1, 2}, {2, 2, 3}});
  std::vector<int64_t> code = g.encode();
  Geometry h = Geometry::decode(code.data(), static_cast<int64_t>(code.size()));
  EXPECT_EQ(h.encode(), code);
  EXPECT_EQ(h.outputs.size(), 2u);
}
