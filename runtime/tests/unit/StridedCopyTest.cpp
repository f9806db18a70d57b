// The local copy engine and transpose kernels against a naive loop.
#include "RandomLayout.h"
#include "copy/StridedCopy.h"

#include <gtest/gtest.h>

#include <cstring>
#include <numeric>
#include <random>

using namespace idtr;

namespace {

template <typename E> void checkRandomCopies(uint64_t seed) {
  std::mt19937_64 rng(seed);
  for (int iter = 0; iter < 400; ++iter) {
    int rank = 1 + rng() % 4;
    Shape sizes(rank);
    for (auto &s : sizes)
      s = 1 + rng() % 9;
    Shape ds, ss;
    int64_t dn = randomLayout(rng, sizes, ds), sn = randomLayout(rng, sizes, ss);
    std::vector<E> src(sn), dst(dn, E(0)), ref(dn, E(0));
    for (int64_t i = 0; i < sn; ++i)
      src[i] = static_cast<E>(i * 7 + 3);
    // Reference: element by element.
    int64_t total = volume(sizes);
    for (int64_t f = 0; f < total; ++f) {
      Shape idx = delinearize(f, sizes);
      int64_t d = 0, s = 0;
      for (int k = 0; k < rank; ++k) {
        d += idx[k] * ds[k];
        s += idx[k] * ss[k];
      }
      ref[d] = src[s];
    }
    copyStrided(sizeof(E), reinterpret_cast<char *>(dst.data()), ds.data(),
                reinterpret_cast<const char *>(src.data()), ss.data(), sizes.data(), rank);
    ASSERT_EQ(dst, ref) << "iteration " << iter;
  }
}

} // namespace

TEST(StridedCopy, RandomLayouts8) { checkRandomCopies<uint64_t>(1); }
TEST(StridedCopy, RandomLayouts4) { checkRandomCopies<uint32_t>(2); }
TEST(StridedCopy, RandomLayouts2) { checkRandomCopies<uint16_t>(3); }
TEST(StridedCopy, RandomLayouts1) { checkRandomCopies<uint8_t>(4); }

TEST(StridedCopy, Transpose2DAllSizes) {
  for (int64_t rows : {1, 3, 4, 5, 17, 64, 67})
    for (int64_t cols : {1, 2, 4, 8, 12, 13, 20, 28, 44, 64, 70}) {
      int64_t lda = rows + 3, ldb = cols + 1;
      std::vector<double> a(cols * lda), b(rows * ldb, -1), ref(rows * ldb, -1);
      for (size_t i = 0; i < a.size(); ++i)
        a[i] = static_cast<double>(i);
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < cols; ++c)
          ref[r * ldb + c] = a[c * lda + r];
      transpose2D(8, reinterpret_cast<char *>(b.data()), ldb,
                  reinterpret_cast<const char *>(a.data()), lda, rows, cols);
      ASSERT_EQ(b, ref) << rows << "x" << cols;
    }
}

TEST(StridedCopy, LargeStreamingTranspose) {
  // Large enough for the non-temporal path (aligned, >= 4 MiB).
  const int64_t n = 1024;
  std::vector<double> a(n * n), b(n * n);
  for (size_t i = 0; i < a.size(); ++i)
    a[i] = static_cast<double>(i);
  int64_t sizes[2] = {n, n}, dstStrides[2] = {1, n}, srcStrides[2] = {n, 1};
  copyStrided(8, reinterpret_cast<char *>(b.data()), dstStrides,
              reinterpret_cast<const char *>(a.data()), srcStrides, sizes, 2);
  for (int64_t r = 0; r < n; ++r)
    for (int64_t c = 0; c < n; ++c)
      ASSERT_EQ(b[c * n + r], a[r * n + c]);
}

TEST(StridedCopy, LargeContiguousInPieces) {
  // Contiguous copies above 256 KiB go in pieces (copyContiguous): sizes
  // around and between piece boundaries, at odd offsets, every byte checked,
  // nothing written past the end.
  const size_t piece = size_t(256) << 10;
  for (size_t bytes : {piece - 1, piece, piece + 1, 3 * piece + 17,
                       size_t(4) << 20}) {
    std::vector<char> src(bytes + 16), dst(bytes + 16, 0x5a);
    for (size_t i = 0; i < src.size(); ++i)
      src[i] = static_cast<char>(i * 131 + 7);
    copyContiguous(dst.data() + 3, src.data() + 5, bytes);
    for (size_t i = 0; i < bytes; ++i)
      ASSERT_EQ(dst[3 + i], src[5 + i]) << "bytes " << bytes << " at " << i;
    for (size_t i = 0; i < 3; ++i)
      ASSERT_EQ(dst[i], 0x5a);
    for (size_t i = 3 + bytes; i < dst.size(); ++i)
      ASSERT_EQ(dst[i], 0x5a);
  }
  // Through the copy engine: one dense 2-D block of 8-byte elements.
  const int64_t rows = 300, cols = 1000; // 2.4 MB
  std::vector<uint64_t> a(rows * cols), b(rows * cols, 0);
  std::iota(a.begin(), a.end(), uint64_t(1));
  int64_t sizes[2] = {rows, cols}, strides[2] = {cols, 1};
  copyStrided(8, reinterpret_cast<char *>(b.data()), strides,
              reinterpret_cast<const char *>(a.data()), strides, sizes, 2);
  ASSERT_EQ(a, b);
}

// _distc_copy_rows (runtime/lib/abi/MemrefCopy.cpp): what distc calls for a
// 2-D window copy, with the views as integers. Every element of the target
// window gets its source element, nothing outside the window is written.
extern "C" void _distc_copy_rows(int64_t elemSize, intptr_t src,
                                 int64_t srcOffset, int64_t srcStride,
                                 intptr_t dst, int64_t dstOffset,
                                 int64_t dstStride, int64_t rows,
                                 int64_t cols);

TEST(StridedCopy, CopyRowsWindows) {
  for (int64_t rows : {0, 1, 3, 7})
    for (int64_t cols : {0, 1, 5, 33}) {
      const int64_t srcStride = cols + 4, dstStride = cols + 2;
      const int64_t srcOffset = 5, dstOffset = 3;
      std::vector<double> src(srcOffset + rows * srcStride + 8);
      std::iota(src.begin(), src.end(), 0.0);
      std::vector<double> dst(dstOffset + rows * dstStride + 8, -1.0);
      _distc_copy_rows(sizeof(double), reinterpret_cast<intptr_t>(src.data()),
                       srcOffset, srcStride,
                       reinterpret_cast<intptr_t>(dst.data()), dstOffset,
                       dstStride, rows, cols);
      for (int64_t i = 0; i < static_cast<int64_t>(dst.size()); ++i) {
        int64_t r = (i - dstOffset) / dstStride, c = (i - dstOffset) % dstStride;
        bool inside = i >= dstOffset && r < rows && c < cols;
        double expected =
            inside ? src[srcOffset + r * srcStride + c] : -1.0;
        ASSERT_EQ(dst[i], expected) << rows << "x" << cols << " at " << i;
      }
    }
}
