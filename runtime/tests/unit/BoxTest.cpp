// Geometry layer: boxes, permutations, flat runs (checked against brute force).
#include "geometry/Box.h"
#include "support/Errors.h"

#include <gtest/gtest.h>

#include <random>

using namespace idtr;

TEST(Box, IntersectAndVolume) {
  Box a{{0, 2}, {4, 4}}, b{{2, 0}, {4, 3}};
  Box c = intersect(a, b);
  EXPECT_EQ(c.offsets, (Shape{2, 2}));
  EXPECT_EQ(c.sizes, (Shape{2, 1}));
  EXPECT_EQ(c.volume(), 2);
  Box d = intersect(a, Box{{5, 0}, {1, 1}});
  EXPECT_TRUE(d.empty());
}

TEST(Box, InsideShape) {
  EXPECT_TRUE(insideShape(Box{{0, 0}, {3, 4}}, {3, 4}));
  EXPECT_FALSE(insideShape(Box{{1, 0}, {3, 4}}, {3, 4}));
  EXPECT_TRUE(insideShape(Box{{3, 0}, {0, 4}}, {3, 4})); // empty at the end
  EXPECT_FALSE(insideShape(Box{{-1, 0}, {0, 4}}, {3, 4}));
  EXPECT_FALSE(insideShape(Box{{0}, {3}}, {3, 4}));
}

TEST(Box, Permutations) {
  EXPECT_TRUE(isPermutation({1, 2, 0}));
  EXPECT_FALSE(isPermutation({1, 1, 0}));
  EXPECT_FALSE(isPermutation({0, 3}));
  // transpose with axes (1,2,0): out dim 0 = in dim 1, ...
  Box out{{1, 2, 3}, {4, 5, 6}};
  Box in = permutePreimage(out, {1, 2, 0});
  EXPECT_EQ(in.offsets, (Shape{3, 1, 2}));
  EXPECT_EQ(in.sizes, (Shape{6, 4, 5}));
  EXPECT_EQ(permuteToOutput(in.sizes, {1, 2, 0}), out.sizes);
}

TEST(Box, LinearizeRoundTrip) {
  Shape shape{3, 4, 5};
  for (int64_t f = 0; f < 60; ++f)
    EXPECT_EQ(linearize(delinearize(f, shape), shape), f);
  EXPECT_EQ(rowMajorStrides(shape), (Shape{20, 5, 1}));
}

namespace {
// Brute force: every element of the box in [lo, hi), merged into runs.
std::vector<FlatRun> bruteRuns(const Shape &shape, const Box &box, int64_t lo, int64_t hi) {
  std::vector<FlatRun> runs;
  int64_t n = volume(shape);
  for (int64_t f = std::max<int64_t>(lo, 0); f < std::min(hi, n); ++f) {
    Shape idx = delinearize(f, shape);
    bool in = true;
    for (size_t k = 0; k < idx.size(); ++k)
      in &= idx[k] >= box.offsets[k] && idx[k] < box.offsets[k] + box.sizes[k];
    if (!in)
      continue;
    if (!runs.empty() && runs.back().start + runs.back().length == f)
      runs.back().length++;
    else
      runs.push_back({f, 1});
  }
  return runs;
}
} // namespace

TEST(Box, RangeBoxRunsMatchBruteForce) {
  std::mt19937_64 rng(12345);
  for (int iter = 0; iter < 3000; ++iter) {
    int rank = 1 + rng() % 4;
    Shape shape(rank);
    for (auto &s : shape)
      s = rng() % 6;
    Box box;
    for (int k = 0; k < rank; ++k) {
      int64_t off = shape[k] ? rng() % (shape[k] + 1) : 0;
      int64_t size = rng() % (shape[k] - off + 1);
      box.offsets.push_back(off);
      box.sizes.push_back(size);
    }
    int64_t n = volume(shape);
    int64_t lo = n ? rng() % (n + 1) : 0;
    int64_t hi = lo + (n ? rng() % (n + 1) : 0);
    std::vector<FlatRun> runs;
    appendRangeBoxRuns(shape, box, lo, hi, runs);
    ASSERT_EQ(runs, bruteRuns(shape, box, lo, hi)) << "iteration " << iter;
    ASSERT_EQ(boxRuns(shape, box), bruteRuns(shape, box, 0, n));
    // Positions inside the box follow the box's own row-major order.
    int64_t pos = 0;
    for (const FlatRun &r : boxRuns(shape, box)) {
      ASSERT_EQ(flatToBoxLinear(r.start, shape, box), pos);
      pos += r.length;
    }
    ASSERT_EQ(pos, box.volume());
  }
}

TEST(Box, RunsOfFullRowsAreOneRun) {
  Shape shape{1000, 1000};
  auto runs = boxRuns(shape, Box{{10, 0}, {500, 1000}});
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].start, 10000);
  EXPECT_EQ(runs[0].length, 500000);
  // A column block: one run per row, no per-element work.
  EXPECT_EQ(boxRuns(shape, Box{{0, 3}, {1000, 7}}).size(), 1000u);
}

// Element counts beyond 2^63 - 1 are errors, not wrapped products ([2^32,
// 2^32] gave 0); a zero extent makes any shape empty, however large the
// other extents.
TEST(Box, VolumeOverflowIsAnError) {
  const int64_t big = int64_t(1) << 32;
  EXPECT_THROW(volume({big, big}), idtr::Error);
  EXPECT_THROW(volume({int64_t(1) << 62, 2}), idtr::Error);
  EXPECT_EQ(volume({int64_t(1) << 62, 1}), int64_t(1) << 62);
  EXPECT_EQ(volume({big, big, 0}), 0);
  EXPECT_TRUE((Box{{0, 0, 0}, {big, big, 0}}.empty()));
  EXPECT_FALSE((Box{{0, 0}, {big, big}}.empty()));
}
