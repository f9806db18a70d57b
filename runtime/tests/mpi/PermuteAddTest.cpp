// Randomized property tests of copy_permute_add (out += permute(in)) against
// the serial reference: the cases of the copy_permute tests (random shapes,
// uneven and empty boxes split along any dimensions, replicated inputs,
// every rank asking for everything, strided and reversed output views, all
// element types), each output prefilled with values of its own that the
// permuted elements must be added to, exactly once.
#include "Entries.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace idtr_test;

namespace {

// What the runtime must compute for `acc + value` (arith.addf/addi: integers
// modulo 2^bits, i1 exclusive or). The test values are multiples of 1/8
// below 2^14, so float sums are exact.
template <typename T> T added(T acc, T value) {
  if constexpr (std::is_same<T, bool>::value)
    return acc != value;
  else if constexpr (std::is_floating_point<T>::value)
    return acc + value;
  else {
    using U = typename std::make_unsigned<T>::type;
    return static_cast<T>(static_cast<U>(static_cast<U>(acc) + static_cast<U>(value)));
  }
}

// One permute_add of a random case on this rank; returns the bad elements.
template <typename T>
int64_t runAddCase(int id, int64_t team, uint64_t salt, const Shape &gShape, const Shape &axes,
                   const Box &inBox, const Box &outBox, std::mt19937_64 &local) {
  const int rank = static_cast<int>(gShape.size());
  Strided<T> in(inBox.sizes, local, true);
  fillInput(in, inBox, gShape, salt);
  auto inCopy = in.buffer;
  Strided<T> out(outBox.sizes, local, true);
  Shape outShape(rank);
  for (int i = 0; i < rank; ++i)
    outShape[i] = gShape[axes[i]];
  fillInput(out, outBox, outShape, salt ^ 0x5eed); // the accumulator
  IndexArg g(gShape), lo(inBox.offsets), no(outBox.offsets), ax(axes);
  int64_t h = Entry<T>::permuteAdd(team, 1, g.ptr(), 1, lo.ptr(), in.rank(), in.descriptor(), 1,
                                   no.ptr(), out.rank(), out.descriptor(), 1, ax.ptr());
  _idtr_wait(h);
  int64_t bad = 0;
  Shape idx, o, i(rank);
  for (int64_t f = 0; f < volume(outBox.sizes); ++f) {
    delinearizeInto(f, outBox.sizes, idx);
    o = idx;
    for (int k = 0; k < rank; ++k)
      o[k] += outBox.offsets[k];
    for (int k = 0; k < rank; ++k)
      i[axes[k]] = o[k];
    T expect = added(valueAt<T>(linearize(o, outShape), salt ^ 0x5eed),
                     valueAt<T>(linearize(i, gShape), salt));
    if (!(static_cast<T>(out.at(idx)) == expect)) {
      if (bad < 3)
        std::fprintf(stderr, "[rank %d] case %d (%s): wrong element at local flat %lld\n",
                     worldRank(), id, Entry<T>::name, static_cast<long long>(f));
      ++bad;
    }
  }
  bad += out.paddingDamage();
  if (in.buffer != inCopy) {
    std::fprintf(stderr, "[rank %d] case %d: input modified\n", worldRank(), id);
    ++bad;
  }
  return bad;
}

// Output boxes: a partition of the output, or the whole output on every
// rank (each element still comes from one rank). Inputs: a partition, or
// replicated (one provider per element).
int64_t permuteAddCase(int id, std::mt19937_64 &rng, int rank, Shape axes) {
  int P = worldSize(), me = worldRank();
  static const int64_t maxExtent[] = {1, 40, 12, 6, 4};
  Shape gShape = randomShape(rng, rank, maxExtent[rank]);
  if (axes.empty()) {
    axes.resize(rank);
    std::iota(axes.begin(), axes.end(), 0);
    std::shuffle(axes.begin(), axes.end(), rng);
  }
  Shape outShape(rank);
  for (int i = 0; i < rank; ++i)
    outShape[i] = gShape[axes[i]];
  std::vector<Box> inBoxes = rng() % 5 == 0
                                 ? std::vector<Box>(P, Box{Shape(rank, 0), gShape})
                                 : randomPartition(rng, gShape, P);
  std::vector<Box> outBoxes = rng() % 5 == 0
                                  ? std::vector<Box>(P, Box{Shape(rank, 0), outShape})
                                  : randomPartition(rng, outShape, P);
  int64_t team = static_cast<int64_t>(rng() % 3) * 11;
  uint64_t salt = rng();
  int type = static_cast<int>(rng() % 7);
  std::mt19937_64 local(mix(testSeed() ^ (uint64_t(id) << 8) ^ me));
  int64_t bad = 0;
  withType(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    bad = runAddCase<T>(id, team, salt, gShape, axes, inBoxes[me], outBoxes[me], local);
  });
  return bad;
}

} // namespace

TEST(PermuteAdd, RandomCases) {
  std::mt19937_64 rng(testSeed() * 13 + 4);
  int64_t bad = 0;
  for (int id = 0; id < 300; ++id)
    bad += permuteAddCase(id, rng, 1 + rng() % 4, {});
  EXPECT_EQ(bad, 0);
}

TEST(PermuteAdd, EveryPermutationUpToRank4) {
  std::mt19937_64 rng(testSeed() * 17 + 5);
  int64_t bad = 0;
  int id = 1000;
  for (int rank = 1; rank <= 4; ++rank) {
    Shape axes(rank);
    std::iota(axes.begin(), axes.end(), 0);
    do
      bad += permuteAddCase(id++, rng, rank, axes);
    while (std::next_permutation(axes.begin(), axes.end()));
  }
  EXPECT_EQ(bad, 0);
}

// A 2-D transpose big enough for the vectorised kernels and multi-row
// messages (and, with IDTR_DIRECT_MIN_BYTES small, for direct reads in
// slabs), row blocks on both sides, repeated so that the cached plan runs.
TEST(PermuteAdd, LargeTransposeF64) {
  int P = worldSize(), me = worldRank();
  Shape gShape{700, 1100};
  Box in{{700 * me / P, 0}, {700 * (me + 1) / P - 700 * me / P, 1100}};
  Box out{{1100 * me / P, 0}, {1100 * (me + 1) / P - 1100 * me / P, 700}};
  std::mt19937_64 local(me);
  int64_t bad = 0;
  for (int rep = 0; rep < 3; ++rep)
    bad += runAddCase<double>(5000 + rep, 0, 42 + rep, gShape, Shape{1, 0}, in, out, local);
  EXPECT_EQ(bad, 0);
}
