// Accumulating writes (Accumulate.h): the element additions against the
// arithmetic of MLIR's element types, and the adding copy engine and
// transpose kernels (StridedCopy.h) against a naive loop.
#include "copy/Accumulate.h"
#include "copy/StridedCopy.h"
#include "geometry/Box.h"

#include "RandomLayout.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numeric>
#include <random>

using namespace idtr;

namespace {

// A value of each storage type from a small integer (exact in every type).
template <typename E> E valueOf(int64_t i) {
  if constexpr (std::is_same_v<E, BoolByte>)
    return BoolByte{static_cast<uint8_t>(i & 1)};
  else if constexpr (isHalfType<E>)
    return fromFloat<E>(static_cast<float>(i % 64) / 4);
  else if constexpr (isComplex<E>)
    return E(static_cast<typename E::value_type>(i % 1000),
             static_cast<typename E::value_type>(-(i % 777)));
  else if constexpr (std::is_floating_point_v<E>)
    return static_cast<E>(i % 100000) / 8;
  else
    return static_cast<E>(i * 2654435761u); // wraps in narrow types
}

template <typename E> bool same(E a, E b) {
  if constexpr (std::is_same_v<E, BoolByte> || isHalfType<E>)
    return a.bits == b.bits;
  else
    return a == b;
}

// addStrided over random layouts (as StridedCopyTest's copies) against
// element-by-element addInto.
template <typename E> void checkRandomAdds(Accumulate add, uint64_t seed) {
  ASSERT_EQ(accumulateElementSize(add), sizeof(E));
  std::mt19937_64 rng(seed);
  for (int iter = 0; iter < 300; ++iter) {
    int rank = 1 + rng() % 4;
    Shape sizes(rank);
    for (auto &s : sizes)
      s = 1 + rng() % 9;
    Shape ds, ss;
    int64_t dn = randomLayout(rng, sizes, ds), sn = randomLayout(rng, sizes, ss);
    std::vector<E> src(sn), dst(dn), ref(dn);
    for (int64_t i = 0; i < sn; ++i)
      src[i] = valueOf<E>(i * 7 + 3);
    for (int64_t i = 0; i < dn; ++i)
      dst[i] = ref[i] = valueOf<E>(i * 5 + 1);
    for (int64_t f = 0; f < volume(sizes); ++f) {
      Shape idx = delinearize(f, sizes);
      int64_t d = 0, s = 0;
      for (int k = 0; k < rank; ++k) {
        d += idx[k] * ds[k];
        s += idx[k] * ss[k];
      }
      addInto(ref[d], src[s]);
    }
    addStrided(add, reinterpret_cast<char *>(dst.data()), ds.data(),
               reinterpret_cast<const char *>(src.data()), ss.data(), sizes.data(), rank);
    for (int64_t i = 0; i < dn; ++i)
      ASSERT_TRUE(same(dst[i], ref[i])) << "iteration " << iter << " at " << i;
  }
}

// transposeAdd2D at ragged sizes (the AVX2 tiles; bands of 64 columns whose
// last one is 4 wide (cols 70) or 12 wide (cols 140); the edges; sizes
// below a tile) against a naive loop.
template <typename E> void checkTransposeAdd(Accumulate add) {
  for (int64_t rows : {1, 3, 4, 5, 17, 64, 67, 130})
    for (int64_t cols : {1, 2, 4, 8, 12, 13, 20, 28, 44, 64, 70, 140}) {
      int64_t lda = rows + 3, ldb = cols + 1;
      std::vector<E> a(cols * lda), b(rows * ldb), ref;
      for (size_t i = 0; i < a.size(); ++i)
        a[i] = valueOf<E>(static_cast<int64_t>(i));
      for (size_t i = 0; i < b.size(); ++i)
        b[i] = valueOf<E>(static_cast<int64_t>(3 * i + 1));
      ref = b;
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < cols; ++c)
          addInto(ref[r * ldb + c], a[c * lda + r]);
      transposeAdd2D(add, reinterpret_cast<char *>(b.data()), ldb,
                     reinterpret_cast<const char *>(a.data()), lda, rows, cols);
      for (size_t i = 0; i < b.size(); ++i)
        ASSERT_TRUE(same(b[i], ref[i])) << rows << "x" << cols << " at " << i;
    }
}

} // namespace

TEST(Accumulate, ElementArithmetic) {
  // Integers wrap; i1 is addition modulo 2; only the low bit of an i1 byte
  // counts, as for an MLIR load.
  int8_t i8 = 127;
  addInto(i8, int8_t(1));
  EXPECT_EQ(i8, -128);
  int64_t i64 = INT64_MAX;
  addInto(i64, int64_t(2));
  EXPECT_EQ(i64, INT64_MIN + 1);
  BoolByte t{1}, f{0};
  addInto(t, BoolByte{1});
  EXPECT_EQ(t.bits, 0);
  addInto(f, BoolByte{1});
  EXPECT_EQ(f.bits, 1);
  BoolByte odd{3};
  addInto(odd, BoolByte{0});
  EXPECT_EQ(odd.bits, 1);
  // f16 and bf16 round the exact sum once: 2048 + 1 is a tie in f16 (11
  // bits), to even; 256 + 1 in bf16 (8 bits) likewise.
  Half h = fromFloat<Half>(2048.0f);
  addInto(h, fromFloat<Half>(1.0f));
  EXPECT_EQ(toFloat(h), 2048.0f);
  addInto(h, fromFloat<Half>(3.0f));
  EXPECT_EQ(toFloat(h), 2052.0f);
  BFloat16 bf = fromFloat<BFloat16>(256.0f);
  addInto(bf, fromFloat<BFloat16>(1.0f));
  EXPECT_EQ(toFloat(bf), 256.0f);
  addInto(bf, fromFloat<BFloat16>(3.0f));
  EXPECT_EQ(toFloat(bf), 260.0f);
  // Complex numbers add both parts; IEEE specials propagate.
  std::complex<float> c(1, 2);
  addInto(c, std::complex<float>(0.5f, -4));
  EXPECT_EQ(c, std::complex<float>(1.5f, -2));
  double inf = INFINITY;
  addInto(inf, -INFINITY);
  EXPECT_TRUE(std::isnan(inf));
}

TEST(Accumulate, RandomLayouts) {
  checkRandomAdds<double>(Accumulate::F64, 1);
  checkRandomAdds<float>(Accumulate::F32, 2);
  checkRandomAdds<int64_t>(Accumulate::I64, 3);
  checkRandomAdds<int32_t>(Accumulate::I32, 4);
  checkRandomAdds<int16_t>(Accumulate::I16, 5);
  checkRandomAdds<int8_t>(Accumulate::I8, 6);
  checkRandomAdds<BoolByte>(Accumulate::I1, 7);
  checkRandomAdds<Half>(Accumulate::F16, 8);
  checkRandomAdds<BFloat16>(Accumulate::BF16, 9);
  checkRandomAdds<std::complex<float>>(Accumulate::C32, 10);
  checkRandomAdds<std::complex<double>>(Accumulate::C64, 11);
}

TEST(Accumulate, TransposeAllSizes) {
  checkTransposeAdd<double>(Accumulate::F64);           // AVX2 tiles
  checkTransposeAdd<int64_t>(Accumulate::I64);          // AVX2 tiles
  checkTransposeAdd<std::complex<float>>(Accumulate::C32); // AVX2 tiles
  checkTransposeAdd<float>(Accumulate::F32);
  checkTransposeAdd<int8_t>(Accumulate::I8);
  checkTransposeAdd<BoolByte>(Accumulate::I1);
  checkTransposeAdd<Half>(Accumulate::F16);
  checkTransposeAdd<std::complex<double>>(Accumulate::C64);
}

TEST(Accumulate, LargeTransposeThroughTheEngine) {
  // The size at which a copy streams: an addition never does, and must
  // read every destination element.
  const int64_t n = 1024;
  std::vector<double> a(n * n), b(n * n);
  for (size_t i = 0; i < a.size(); ++i) {
    a[i] = static_cast<double>(i);
    b[i] = 0.5;
  }
  int64_t sizes[2] = {n, n}, dstStrides[2] = {1, n}, srcStrides[2] = {n, 1};
  addStrided(Accumulate::F64, reinterpret_cast<char *>(b.data()), dstStrides,
             reinterpret_cast<const char *>(a.data()), srcStrides, sizes, 2);
  for (int64_t r = 0; r < n; ++r)
    for (int64_t c = 0; c < n; ++c)
      ASSERT_EQ(b[c * n + r], a[r * n + c] + 0.5);
}

TEST(Accumulate, OneElementAndEmpty) {
  double d = 1.5, s = 2.25;
  addStrided(Accumulate::F64, reinterpret_cast<char *>(&d), nullptr,
             reinterpret_cast<const char *>(&s), nullptr, nullptr, 0);
  EXPECT_EQ(d, 3.75);
  int64_t sizes[1] = {0}, strides[1] = {1};
  addStrided(Accumulate::F64, reinterpret_cast<char *>(&d), strides,
             reinterpret_cast<const char *>(&s), strides, sizes, 1);
  EXPECT_EQ(d, 3.75);
}
