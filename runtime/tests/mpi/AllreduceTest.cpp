// allreduce / reduce_all: every op and element type, any shape (0-D too),
// strided input and output, in place.
#include "Entries.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include <cstdio>

using namespace idtr_test;

namespace {

// Small values so that sums and products of up to 4 ranks never overflow.
template <typename T> T contribution(int rank, int64_t flat, uint64_t salt) {
  uint64_t h = mix(salt ^ (uint64_t(rank) << 40) ^ uint64_t(flat));
  if constexpr (std::is_same<T, bool>::value)
    return (h % 3) != 0;
  else
    return static_cast<T>(static_cast<int>(h % 7) - 3);
}

template <typename T> T combine(T a, T b, int op) {
  if constexpr (std::is_same<T, bool>::value) {
    return (op == IDTR_MIN || op == IDTR_PROD) ? (a && b) : (a || b);
  } else {
    switch (op) {
    case IDTR_MAX: return std::max(a, b);
    case IDTR_MIN: return std::min(a, b);
    case IDTR_PROD: return static_cast<T>(a * b);
    default: return static_cast<T>(a + b);
    }
  }
}

int64_t allreduceCase(int id, std::mt19937_64 &rng) {
  int P = worldSize(), me = worldRank();
  int rank = static_cast<int>(rng() % 4);
  Shape shape = randomShape(rng, rank, 7);
  int type = static_cast<int>(rng() % 7);
  int op = static_cast<int>(rng() % 5);
  if (type == 6 && op == IDTR_MEAN)
    op = IDTR_SUM;
  bool inPlace = rng() % 3 == 0;
  uint64_t salt = rng();
  int64_t team = static_cast<int64_t>(rng() % 2) * 3;
  std::mt19937_64 local(mix(testSeed() ^ (uint64_t(id) << 10) ^ me));
  int64_t bad = 0;
  withType(type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    Strided<T> in(shape, local, true), out(shape, local, true);
    for (int64_t f = 0; f < volume(shape); ++f)
      in.at(delinearize(f, shape)) = contribution<T>(me, f, salt);
    Strided<T> &target = inPlace ? in : out;
    int64_t h = Entry<T>::allreduce(team, in.rank(), in.descriptor(), target.rank(),
                                    target.descriptor(), op);
    _idtr_wait(h);
    for (int64_t f = 0; f < volume(shape); ++f) {
      T expect = contribution<T>(0, f, salt);
      for (int r = 1; r < P; ++r)
        expect = combine(expect, contribution<T>(r, f, salt), op);
      if constexpr (std::is_integral<T>::value && !std::is_same<T, bool>::value) {
        // Integer means sum in 64 bits.
        if (op == IDTR_MEAN) {
          int64_t sum = 0;
          for (int r = 0; r < P; ++r)
            sum += contribution<T>(r, f, salt);
          expect = static_cast<T>(sum / P);
        }
      } else if constexpr (!std::is_same<T, bool>::value) {
        if (op == IDTR_MEAN)
          expect = static_cast<T>(expect / static_cast<T>(P));
      }
      if (!(target.at(delinearize(f, shape)) == expect)) {
        if (bad < 3)
          std::fprintf(stderr, "[rank %d] allreduce case %d (%s op %d): wrong element %lld\n",
                       me, id, Entry<T>::name, op, static_cast<long long>(f));
        ++bad;
      }
    }
    bad += target.paddingDamage();
  });
  return bad;
}

} // namespace

TEST(Allreduce, RandomCases) {
  std::mt19937_64 rng(testSeed() * 13 + 7);
  int64_t bad = 0;
  for (int id = 0; id < 300; ++id)
    bad += allreduceCase(id, rng);
  EXPECT_EQ(bad, 0);
}

// The mean of narrow integers does not wrap: every rank contributes 100 as
// i8 (the i8 sum of two ranks would be -56) and -30000 as i16.
TEST(Allreduce, NarrowIntegerMeanDoesNotWrap) {
  int8_t in8[3] = {100, 100, -100}, out8[3] = {0, 0, 0};
  int16_t in16[2] = {-30000, 30000}, out16[2] = {0, 0};
  int64_t n3 = 3, n2 = 2;
  IDTR_MEMREF(int8_t, 1) a, b;
  IDTR_MEMREF(int16_t, 1) c, d;
  idtr_init_contiguous(&a, in8, 1, &n3);
  idtr_init_contiguous(&b, out8, 1, &n3);
  idtr_init_contiguous(&c, in16, 1, &n2);
  idtr_init_contiguous(&d, out16, 1, &n2);
  _idtr_wait(_idtr_allreduce_i8(0, 1, &a, 1, &b, IDTR_MEAN));
  _idtr_wait(_idtr_allreduce_i16(0, 1, &c, 1, &d, IDTR_MEAN));
  EXPECT_EQ(out8[0], 100);
  EXPECT_EQ(out8[1], 100);
  EXPECT_EQ(out8[2], -100);
  EXPECT_EQ(out16[0], -30000);
  EXPECT_EQ(out16[1], 30000);
}

// i8/i16 sums wrap like C's sum in the type, also for long vectors (Open
// MPI 4.1's AVX reduction component saturates them: 2 x 100 gave 127).
TEST(Allreduce, NarrowIntegerSumWraps) {
  int P = worldSize();
  const int64_t n = 2500;
  std::vector<int8_t> in8(n, 100), out8(n, 0);
  std::vector<int16_t> in16(n, 30000), out16(n, 0);
  IDTR_MEMREF(int8_t, 1) a, b;
  IDTR_MEMREF(int16_t, 1) c, d;
  idtr_init_contiguous(&a, in8.data(), 1, &n);
  idtr_init_contiguous(&b, out8.data(), 1, &n);
  idtr_init_contiguous(&c, in16.data(), 1, &n);
  idtr_init_contiguous(&d, out16.data(), 1, &n);
  _idtr_wait(_idtr_allreduce_i8(0, 1, &a, 1, &b, IDTR_SUM));
  _idtr_wait(_idtr_allreduce_i16(0, 1, &c, 1, &d, IDTR_SUM));
  const auto expect8 = static_cast<int8_t>(static_cast<uint8_t>(100 * P));
  const auto expect16 = static_cast<int16_t>(static_cast<uint16_t>(30000 * P));
  int64_t bad = 0;
  for (int64_t i = 0; i < n; ++i)
    bad += out8[i] != expect8 || out16[i] != expect16;
  EXPECT_EQ(bad, 0);
}

TEST(Allreduce, ReduceAllInPlace) {
  int P = worldSize(), me = worldRank();
  double d[5];
  int32_t i[5];
  for (int k = 0; k < 5; ++k) {
    d[k] = me + k;
    i[k] = me * 10 + k;
  }
  int64_t n = 5;
  IDTR_MEMREF(double, 1) dd;
  idtr_init_contiguous(&dd, d, 1, &n);
  IDTR_MEMREF(int32_t, 1) di;
  idtr_init_contiguous(&di, i, 1, &n);
  _idtr_reduce_all_f64(1, &dd, IDTR_SUM);
  _idtr_reduce_all_i32(1, &di, IDTR_MAX);
  int64_t bad = 0;
  for (int k = 0; k < 5; ++k) {
    bad += d[k] != P * (P - 1) / 2.0 + P * k;
    bad += i[k] != (P - 1) * 10 + k;
  }
  EXPECT_EQ(bad, 0);
}
