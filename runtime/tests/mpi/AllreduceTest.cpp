// allreduce / reduce_all: every op and element type, any shape (0-D too),
// strided input and output, in place.
#include "Entries.h"
#include "TestSupport.h"

#include <gtest/gtest.h>

#include "support/ElementTypes.h"

#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <string>
#include <vector>

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

namespace {

// MAX / MIN of floats with one NaN on one rank: numpy's max/min give NaN,
// whatever the number of ranks and wherever the NaN is (MPI_MAX/MPI_MIN
// dropped it depending on the combine order: arange(10) with one NaN gave
// nan on 1-3 ranks but 9 on 4-5). Every path: the small dense blocking
// call, the non-blocking one (> 16 KiB), a strided output through a staging
// buffer, and reduce_all.
template <typename T> int64_t nanCases() {
  int P = worldSize(), me = worldRank();
  const T nan = std::numeric_limits<T>::quiet_NaN();
  int64_t bad = 0;
  for (int op : {IDTR_MAX, IDTR_MIN})
    for (int64_t n : {int64_t(1), int64_t(10), int64_t(4100)})
      for (int nanRank = 0; nanRank < P; ++nanRank)
        for (int strided = 0; strided < 2; ++strided) {
          // Element i is i on every rank except that nanRank holds NaN at
          // element 3 (or 0 for a scalar); the others are exact.
          std::vector<T> in(n), out(2 * n, T(-7));
          for (int64_t i = 0; i < n; ++i)
            in[i] = static_cast<T>(i);
          int64_t at = n > 3 ? 3 : 0;
          if (me == nanRank)
            in[at] = nan;
          IDTR_MEMREF(T, 1) inD, outD;
          idtr_init_contiguous(&inD, in.data(), 1, &n);
          idtr_init_contiguous(&outD, out.data(), 1, &n);
          if (strided)
            outD.strides[0] = 2;
          _idtr_wait(Entry<T>::allreduce(0, 1, &inD, 1, &outD, op));
          for (int64_t i = 0; i < n; ++i) {
            T got = out[i * (strided ? 2 : 1)];
            bool ok = i == at ? std::isnan(got) : got == static_cast<T>(i);
            if (!ok && bad < 3)
              std::fprintf(stderr, "[rank %d] %s op %d n %lld nan on rank %d: element %lld is %g\n",
                           me, Entry<T>::name, op, static_cast<long long>(n), nanRank,
                           static_cast<long long>(i), static_cast<double>(got));
            bad += !ok;
          }
          // reduce_all, in place.
          if (me == nanRank)
            in[at] = nan;
          else
            in[at] = static_cast<T>(at);
          Entry<T>::reduceAll(1, &inD, op);
          bad += !std::isnan(in[at]);
        }
  return bad;
}

} // namespace

TEST(Allreduce, MaxMinPropagateNaN) {
  EXPECT_EQ(nanCases<double>(), 0);
  EXPECT_EQ(nanCases<float>(), 0);
}

// A narrow-integer MEAN larger than one chunk of 64-bit sums (2^20
// elements) is reduced chunk by chunk; every element is still right.
TEST(Allreduce, NarrowIntegerMeanInChunks) {
  int P = worldSize(), me = worldRank();
  const int64_t n = (int64_t(1) << 20) * 2 + 12345;
  std::vector<int8_t> in(n), out(n, 0);
  for (int64_t i = 0; i < n; ++i)
    in[i] = static_cast<int8_t>(100 - (i + me) % 7);
  IDTR_MEMREF(int8_t, 1) a, b;
  idtr_init_contiguous(&a, in.data(), 1, &n);
  idtr_init_contiguous(&b, out.data(), 1, &n);
  _idtr_wait(_idtr_allreduce_i8(0, 1, &a, 1, &b, IDTR_MEAN));
  int64_t bad = 0;
  for (int64_t i = 0; i < n; ++i) {
    int64_t sum = 0;
    for (int r = 0; r < P; ++r)
      sum += 100 - (i + r) % 7;
    bad += out[i] != static_cast<int8_t>(sum / P);
  }
  EXPECT_EQ(bad, 0);
}

namespace {

// A field of /proc/self/status in bytes ("VmHWM", "VmRSS"), -1 if unknown.
int64_t statusBytes(const char *field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  size_t len = std::strlen(field);
  while (std::getline(status, line))
    if (line.compare(0, len, field) == 0 && line.size() > len && line[len] == ':')
      return std::stoll(line.substr(len + 1)) * 1024;
  return -1;
}

// Resets the peak resident size (VmHWM) to the current one.
bool resetPeak() {
  std::ofstream clear("/proc/self/clear_refs");
  clear << "5";
  clear.flush();
  return static_cast<bool>(clear);
}

template <typename T> int64_t peakGrowth(int op, int64_t n) {
  std::vector<T> in(n, T(1)), out(n, T(0));
  IDTR_MEMREF(T, 1) a, b;
  idtr_init_contiguous(&a, in.data(), 1, &n);
  idtr_init_contiguous(&b, out.data(), 1, &n);
  if (!resetPeak())
    return -1;
  int64_t before = statusBytes("VmRSS");
  _idtr_wait(Entry<T>::allreduce(0, 1, &a, 1, &b, op));
  int64_t peak = statusBytes("VmHWM");
  if (out[n / 2] != static_cast<T>(op == IDTR_MEAN ? 1 : worldSize()))
    return std::numeric_limits<int64_t>::max();
  return before < 0 || peak < 0 ? -1 : peak - before;
}

} // namespace

// Narrow-integer SUM and MEAN need O(data) extra memory with a small
// constant: an i8 SUM took about 17x its data (a 64-bit copy of the whole
// array, and MPI's temporary for reducing that), so that a 2^31-element i8
// sum was killed by the OOM killer. Now SUM reduces in the type and MEAN
// widens one 8 MiB chunk at a time: the peak grows by at most MPI's
// temporary (one copy of the data) plus a chunk. Takes seconds, so it runs
// only when IDTR_TEST_MEMORY is set (test/runtime/mpi-properties.test).
TEST(Allreduce, NarrowIntegerReductionsUseLittleMemory) {
  if (!std::getenv("IDTR_TEST_MEMORY"))
    GTEST_SKIP() << "set IDTR_TEST_MEMORY=1 to run";
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
  GTEST_SKIP() << "AddressSanitizer's quarantine and shadow memory inflate the peak";
#endif
#endif
  const int64_t n = int64_t(32) << 20; // 32 MiB of i8
  for (int op : {IDTR_SUM, IDTR_MEAN}) {
    int64_t growth8 = peakGrowth<int8_t>(op, n);
    int64_t growth16 = peakGrowth<int16_t>(op, n / 2);
    if (growth8 < 0 || growth16 < 0)
      GTEST_SKIP() << "no /proc/self/clear_refs";
    EXPECT_LT(growth8, 2 * n + (int64_t(32) << 20)) << "op " << op;
    EXPECT_LT(growth16, 2 * n + (int64_t(32) << 20)) << "op " << op;
  }
}

// f16 and bf16 reduce through f32 and round once: rank r contributes
// 1 + r/1024 + (k mod 3) rounded to f16, and the result is the f16 of the
// exact sum only if it is not rounded after every combination; MAX propagates NaN; a strided input
// (every other element) and the in-place reduce_all work.
TEST(Allreduce, HalvesReduceInFloat) {
  using namespace idtr;
  int P = worldSize(), me = worldRank();
  const int64_t n = 3000; // over 16 KiB as f32: the non-blocking f32 path
  std::vector<uint16_t> in(2 * n), out(n), bf(n);
  for (int64_t k = 0; k < n; ++k) {
    in[2 * k] = floatToHalf(1.0f + me / 1024.0f + (k % 3));
    in[2 * k + 1] = 0xffff; // skipped by the stride
    bf[k] = floatToBFloat(k == 7 && me == P - 1 ? std::nanf("") : float(me + k % 5));
  }
  IDTR_MEMREF(uint16_t, 1) a, b, c;
  idtr_init_contiguous(&a, in.data(), 1, &n);
  a.strides[0] = 2;
  idtr_init_contiguous(&b, out.data(), 1, &n);
  idtr_init_contiguous(&c, bf.data(), 1, &n);
  _idtr_wait(_idtr_allreduce_f16(0, 1, &a, 1, &b, IDTR_SUM));
  _idtr_reduce_all_bf16(1, &c, IDTR_MAX);
  int64_t bad = 0;
  for (int64_t k = 0; k < n; ++k) {
    float want = 0;
    for (int r = 0; r < P; ++r)
      want += halfToFloat(floatToHalf(1.0f + r / 1024.0f + (k % 3)));
    bad += out[k] != floatToHalf(want);
    float got = bfloatToFloat(bf[k]);
    bad += k == 7 ? !std::isnan(got) : got != float(P - 1 + k % 5);
  }
  EXPECT_EQ(bad, 0);
}

// Complex numbers: SUM, PROD and MEAN with MPI's complex types.
TEST(Allreduce, ComplexSumProdMean) {
  int P = worldSize(), me = worldRank();
  std::complex<double> z[2] = {{double(me), 1.0}, {1.0, double(me)}}, s[2], p[2], m[2];
  int64_t n = 2;
  IDTR_MEMREF(std::complex<double>, 1) dz, ds, dp, dm;
  idtr_init_contiguous(&dz, z, 1, &n);
  idtr_init_contiguous(&ds, s, 1, &n);
  idtr_init_contiguous(&dp, p, 1, &n);
  idtr_init_contiguous(&dm, m, 1, &n);
  _idtr_wait(_idtr_allreduce_c64(0, 1, &dz, 1, &ds, IDTR_SUM));
  _idtr_wait(_idtr_allreduce_c64(0, 1, &dz, 1, &dp, IDTR_PROD));
  _idtr_wait(_idtr_allreduce_c64(0, 1, &dz, 1, &dm, IDTR_MEAN));
  std::complex<double> ws[2], wp[2] = {1.0, 1.0};
  for (int r = 0; r < P; ++r) {
    ws[0] += std::complex<double>(r, 1.0);
    ws[1] += std::complex<double>(1.0, r);
    wp[0] *= std::complex<double>(r, 1.0);
    wp[1] *= std::complex<double>(1.0, r);
  }
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(s[k], ws[k]);
    EXPECT_NEAR(std::abs(p[k] - wp[k]), 0.0, 1e-12 * std::abs(wp[k]));
    EXPECT_EQ(m[k], ws[k] / double(P));
  }
  std::complex<float> f[1] = {{1.0f, float(me)}};
  int64_t one = 1;
  IDTR_MEMREF(std::complex<float>, 1) df;
  idtr_init_contiguous(&df, f, 1, &one);
  _idtr_reduce_all_c32(1, &df, IDTR_SUM);
  EXPECT_EQ(f[0], std::complex<float>(float(P), float(P * (P - 1) / 2)));
}
