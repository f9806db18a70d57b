// Randomized property tests of copy_reshape and copy_permute against the
// serial reference (numpy meaning): random shapes (0 and 1 extents too),
// uneven partitions split along any dimensions on both sides, empty boxes,
// every permutation, strided input and output views, all element types.
#include "Entries.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace idtr_test;

namespace {

int64_t maxExtentFor(int rank) { return rank == 1 ? 40 : rank == 2 ? 12 : rank == 3 ? 6 : 4; }

Shape randomPermutation(std::mt19937_64 &rng, int rank) {
  Shape axes(rank);
  std::iota(axes.begin(), axes.end(), 0);
  std::shuffle(axes.begin(), axes.end(), rng);
  return axes;
}

// Output boxes: a partition, independent random boxes, or everything everywhere.
std::vector<Box> randomOutputs(std::mt19937_64 &rng, const Shape &shape, int P) {
  switch (rng() % 4) {
  case 0:
  case 1: return randomPartition(rng, shape, P);
  case 2: {
    std::vector<Box> boxes;
    for (int r = 0; r < P; ++r)
      boxes.push_back(randomSubBox(rng, shape));
    return boxes;
  }
  default: return std::vector<Box>(P, Box{Shape(shape.size(), 0), shape});
  }
}

// Input boxes: usually a partition; sometimes replicated, either everything
// everywhere or each block held by two ranks.
std::vector<Box> randomInputs(std::mt19937_64 &rng, const Shape &shape, int P) {
  switch (rng() % 6) {
  case 0: return std::vector<Box>(P, Box{Shape(shape.size(), 0), shape});
  case 1: {
    std::vector<Box> parts = randomPartition(rng, shape, (P + 1) / 2), boxes;
    for (int r = 0; r < P; ++r)
      boxes.push_back(parts[r % parts.size()]);
    return boxes;
  }
  default: return randomPartition(rng, shape, P);
  }
}

struct Case {
  int id;
  int64_t team;
  uint64_t salt;
  int repeats;
};

// Runs one case; `expectedFlat(globalOutputIndex)` gives the input flat
// index whose value must appear there. Returns the number of bad elements.
template <typename T, typename Call, typename Expected>
int64_t runCase(const Case &c, const Shape &gShape, const Box &inBox, const Box &outBox,
                std::mt19937_64 &local, Call &&call, Expected &&expectedFlat) {
  Strided<T> in(inBox.sizes, local, true);
  fillInput(in, inBox, gShape, c.salt);
  auto inCopy = in.buffer;
  int64_t bad = 0;
  for (int rep = 0; rep < c.repeats; ++rep) {
    Strided<T> out(outBox.sizes, local, true);
    int64_t h = call(in, out);
    _idtr_wait(h);
    Shape idx, g;
    for (int64_t f = 0; f < volume(outBox.sizes); ++f) {
      delinearizeInto(f, outBox.sizes, idx);
      g = idx;
      for (size_t k = 0; k < g.size(); ++k)
        g[k] += outBox.offsets[k];
      T expect = valueAt<T>(expectedFlat(g), c.salt);
      if (!(out.at(idx) == expect)) {
        if (bad < 3)
          std::fprintf(stderr, "[rank %d] case %d (%s) rep %d: wrong element at local flat %lld\n",
                       worldRank(), c.id, Entry<T>::name, rep, static_cast<long long>(f));
        ++bad;
      }
    }
    bad += out.paddingDamage();
  }
  if (in.buffer != inCopy) {
    std::fprintf(stderr, "[rank %d] case %d: input modified\n", worldRank(), c.id);
    ++bad;
  }
  return bad;
}

int64_t permuteCase(int id, std::mt19937_64 &rng, int rank, Shape axes) {
  int P = worldSize(), me = worldRank();
  Shape gShape = randomShape(rng, rank, maxExtentFor(rank));
  if (axes.empty())
    axes = randomPermutation(rng, rank);
  Shape outShape(rank);
  for (int i = 0; i < rank; ++i)
    outShape[i] = gShape[axes[i]];
  std::vector<Box> inBoxes = randomInputs(rng, gShape, P);
  std::vector<Box> outBoxes = randomOutputs(rng, outShape, P);
  Case c{id, static_cast<int64_t>(rng() % 3) * 11, rng(), rng() % 5 == 0 ? 3 : 1};
  int type = static_cast<int>(rng() % 7);
  std::mt19937_64 local(mix(testSeed() ^ (uint64_t(id) << 8) ^ me));
  int64_t bad = 0;
  withType(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    IndexArg g(gShape), lo(inBoxes[me].offsets), no(outBoxes[me].offsets), ax(axes);
    bad = runCase<T>(
        c, gShape, inBoxes[me], outBoxes[me], local,
        [&](Strided<T> &in, Strided<T> &out) {
          return Entry<T>::permute(c.team, 1, g.ptr(), 1, lo.ptr(), in.rank(), in.descriptor(), 1,
                                   no.ptr(), out.rank(), out.descriptor(), 1, ax.ptr());
        },
        [&, inIdx = Shape(rank)](const Shape &outIdx) mutable {
          for (int i = 0; i < rank; ++i)
            inIdx[axes[i]] = outIdx[i];
          return linearize(inIdx, gShape);
        });
  });
  return bad;
}

int64_t reshapeCase(int id, std::mt19937_64 &rng) {
  int P = worldSize(), me = worldRank();
  int rank = 1 + rng() % 4;
  Shape gShape = randomShape(rng, rank, maxExtentFor(rank));
  Shape ngShape = randomShapeWithVolume(rng, volume(gShape), 1 + rng() % 4);
  std::vector<Box> inBoxes = randomInputs(rng, gShape, P);
  std::vector<Box> outBoxes = randomOutputs(rng, ngShape, P);
  Case c{id, static_cast<int64_t>(rng() % 3) * 11, rng(), rng() % 5 == 0 ? 3 : 1};
  int type = static_cast<int>(rng() % 7);
  std::mt19937_64 local(mix(testSeed() ^ (uint64_t(id) << 8) ^ me));
  int64_t bad = 0;
  withType(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    IndexArg g(gShape), lo(inBoxes[me].offsets), ng(ngShape), no(outBoxes[me].offsets);
    bad = runCase<T>(
        c, gShape, inBoxes[me], outBoxes[me], local,
        [&](Strided<T> &in, Strided<T> &out) {
          return Entry<T>::reshape(c.team, 1, g.ptr(), 1, lo.ptr(), in.rank(), in.descriptor(), 1,
                                   ng.ptr(), 1, no.ptr(), out.rank(), out.descriptor());
        },
        [&](const Shape &outIdx) { return linearize(outIdx, ngShape); });
  });
  return bad;
}

} // namespace

TEST(Permute, RandomCases) {
  std::mt19937_64 rng(testSeed() * 3 + 1);
  int64_t bad = 0;
  for (int id = 0; id < 300; ++id)
    bad += permuteCase(id, rng, 1 + rng() % 4, {});
  EXPECT_EQ(bad, 0);
}

TEST(Permute, EveryPermutationUpToRank4) {
  std::mt19937_64 rng(testSeed() * 5 + 2);
  int64_t bad = 0;
  int id = 1000;
  for (int rank = 1; rank <= 4; ++rank) {
    Shape axes(rank);
    std::iota(axes.begin(), axes.end(), 0);
    do {
      for (int rep = 0; rep < 2; ++rep)
        bad += permuteCase(id++, rng, rank, axes);
    } while (std::next_permutation(axes.begin(), axes.end()));
  }
  EXPECT_EQ(bad, 0);
}

TEST(Reshape, RandomCases) {
  std::mt19937_64 rng(testSeed() * 7 + 3);
  int64_t bad = 0;
  for (int id = 0; id < 300; ++id)
    bad += reshapeCase(id, rng);
  EXPECT_EQ(bad, 0);
}

// A 2-D transpose big enough for the vectorised, streaming kernels and for
// multi-row messages.
TEST(Permute, LargeTransposeF64) {
  std::mt19937_64 rng(testSeed() + 11);
  int P = worldSize(), me = worldRank();
  Shape gShape{700, 1100};
  std::vector<Box> inBoxes, outBoxes;
  for (int r = 0; r < P; ++r) {
    inBoxes.push_back({{700 * r / P, 0}, {700 * (r + 1) / P - 700 * r / P, 1100}});
    outBoxes.push_back({{1100 * r / P, 0}, {1100 * (r + 1) / P - 1100 * r / P, 700}});
  }
  std::mt19937_64 local(me);
  Case c{5000, 0, 42, 2};
  IndexArg g(gShape), lo(inBoxes[me].offsets), no(outBoxes[me].offsets), ax(Shape{1, 0});
  int64_t bad = runCase<double>(
      c, gShape, inBoxes[me], outBoxes[me], local,
      [&](Strided<double> &in, Strided<double> &out) {
        return _idtr_copy_permute_f64(0, 1, g.ptr(), 1, lo.ptr(), in.rank(), in.descriptor(), 1,
                                      no.ptr(), out.rank(), out.descriptor(), 1, ax.ptr());
      },
      [&](const Shape &o) { return o[1] * gShape[1] + o[0]; });
  EXPECT_EQ(bad, 0);
}
