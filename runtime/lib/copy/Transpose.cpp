// Local 2-D transposition kernels (B[r][c] = A[c][r], and B[r][c] += A[c][r]
// for the accumulating redistributions, Accumulate.h).
//
// Why the walk matters here: with a row stride of 8192 doubles (64 KiB)
// every row of a column maps to the same L1/L2 cache sets, so a naive column
// walk misses on every element. The AVX2 kernels therefore read a narrow band
// of source rows at a time (kBandCols, below), in register tiles, and stream
// the output with non-temporal stores when it is much larger than the caches
// (it will not be read back soon, and NT stores skip the read-for-ownership
// of every destination line). The adding kernels walk the same bands; they
// read every destination line anyway, so they store normally (a line just
// loaded is in the cache, and an NT store would evict it).
#include "copy/StridedCopy.h"

#include <complex>
#include <cstdint>
#include <cstring>
#include <type_traits>

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define IDTR_HAVE_X86 1
#endif

namespace idtr {

namespace {

// The AVX2 kernels walk bands of kBandCols output columns (= source rows):
// within a band, every output row r receives its kBandCols elements from
// kBandCols source rows read left to right, as the expert kernel of
// bench/common/transpose_kernels.h does. The band's source rows are long
// sequential streams the hardware prefetcher follows, and each 8x4 tile
// writes one whole 64-byte line of each of its four output rows at once (a
// full line for the write-combining buffers of the non-temporal stores).
// Measured on an 8192 x 8192 f64 matrix, one core of an AMD EPYC guest:
// bands of 16 with 8x4 tiles 13-17 GB/s, the same bands with 4x4 tiles 11-14,
// bands of 8 or 32 11 and 7-9, the earlier 128 x 16 blocks of 4x4 tiles 8-10.
constexpr int64_t kBandCols = 16;
// The adding kernels read every destination line before writing it, down a
// column band with a row stride far beyond any prefetcher's reach; what
// hides that latency is more consecutive lines per destination row (the
// L2 streamer follows a run within a page). Bands of 64 columns write 512
// contiguous bytes of each output row per tile row. Measured B += A^T, one
// core of an AMD EPYC (Zen 5) guest, 8192 x 8192 f64 (and a 4096 x 4096
// block of it): bands of 16 0.090-0.122 s (0.022 s), 32 0.076-0.103
// (0.019), 64 0.065 (0.016), 128 0.063-0.083 (0.015), 256 0.063-0.087
// (0.015); software prefetch of the rows ahead made bands of 16 slower.
constexpr int64_t kAddBandCols = 64;
// Outputs larger than this are streamed with non-temporal stores.
constexpr int64_t kStreamBytes = int64_t(4) << 20;

// B = A^T (rows x cols of B) in cache blocks; `put(b, a)` writes one
// element: an assignment, or addInto for the accumulating transposition.
template <typename E, typename Put>
void transposeBlocked(E *B, int64_t ldb, const E *A, int64_t lda, int64_t rows, int64_t cols,
                      Put put) {
  constexpr int64_t blk = 64 / sizeof(E) < 8 ? 8 : 64 / sizeof(E);
  for (int64_t r0 = 0; r0 < rows; r0 += blk) {
    int64_t r1 = r0 + blk < rows ? r0 + blk : rows;
    for (int64_t c0 = 0; c0 < cols; c0 += blk) {
      int64_t c1 = c0 + blk < cols ? c0 + blk : cols;
      for (int64_t r = r0; r < r1; ++r)
        for (int64_t c = c0; c < c1; ++c)
          put(B[r * ldb + c], A[c * lda + r]);
    }
  }
}

template <typename E>
void transposeScalar(E *B, int64_t ldb, const E *A, int64_t lda, int64_t rows,
                     int64_t cols) {
  transposeBlocked(B, ldb, A, lda, rows, cols, [](E &b, const E &a) { b = a; });
}

template <typename E>
void transposeAddScalar(E *B, int64_t ldb, const E *A, int64_t lda, int64_t rows,
                        int64_t cols) {
  transposeBlocked(B, ldb, A, lda, rows, cols, [](E &b, const E &a) { addInto(b, a); });
}

#ifdef IDTR_HAVE_X86
// The 4x4 block at A (row stride lda), transposed: out[j] is its column j.
__attribute__((target("avx2"))) inline void transposeTile(const double *A, int64_t lda,
                                                           __m256d out[4]) {
  __m256d a0 = _mm256_loadu_pd(A);
  __m256d a1 = _mm256_loadu_pd(A + lda);
  __m256d a2 = _mm256_loadu_pd(A + 2 * lda);
  __m256d a3 = _mm256_loadu_pd(A + 3 * lda);
  __m256d t0 = _mm256_unpacklo_pd(a0, a1);
  __m256d t1 = _mm256_unpackhi_pd(a0, a1);
  __m256d t2 = _mm256_unpacklo_pd(a2, a3);
  __m256d t3 = _mm256_unpackhi_pd(a2, a3);
  out[0] = _mm256_permute2f128_pd(t0, t2, 0x20);
  out[1] = _mm256_permute2f128_pd(t1, t3, 0x20);
  out[2] = _mm256_permute2f128_pd(t0, t2, 0x31);
  out[3] = _mm256_permute2f128_pd(t1, t3, 0x31);
}

// Stores four doubles at `to`: non-temporal when `stream`.
__attribute__((target("avx2"))) inline void store4(double *to, __m256d v, bool stream) {
  if (stream)
    _mm256_stream_pd(to, v);
  else
    _mm256_storeu_pd(to, v);
}

// The additions of four 8-byte elements, as 256-bit lanes: the tiles only
// move 8-byte units, so one kernel serves every 8-byte type whose addition
// is lane-wise (complex<f32>: two f32 lanes per element).
struct AddF64Lanes {
  __attribute__((target("avx2"))) static __m256d add(__m256d a, __m256d b) {
    return _mm256_add_pd(a, b);
  }
};
struct AddI64Lanes {
  __attribute__((target("avx2"))) static __m256d add(__m256d a, __m256d b) {
    return _mm256_castsi256_pd(
        _mm256_add_epi64(_mm256_castpd_si256(a), _mm256_castpd_si256(b)));
  }
};
struct AddC32Lanes {
  __attribute__((target("avx2"))) static __m256d add(__m256d a, __m256d b) {
    return _mm256_castps_pd(_mm256_add_ps(_mm256_castpd_ps(a), _mm256_castpd_ps(b)));
  }
};

// Calls tile(r, c, width) for the tiles of the rows4 x cols4 output (rows4
// and cols4 multiples of 4) in bands of BandCols output columns: tiles of
// 4 rows x 8 columns (width 8) and, where a band ends on a multiple of 4
// only, one tile of 4 x 4 (width 4) per row group. The loops of both 8-byte
// AVX2 transpositions (bands of kBandCols for the copy, kAddBandCols for
// the adding one).
template <int64_t BandCols, typename Tile>
__attribute__((always_inline)) inline void forEachTile(int64_t rows4, int64_t cols4, Tile tile) {
  for (int64_t c0 = 0; c0 < cols4; c0 += BandCols) {
    int64_t c1 = c0 + BandCols < cols4 ? c0 + BandCols : cols4;
    int64_t c8 = c0 + ((c1 - c0) & ~int64_t(7));
    for (int64_t r = 0; r < rows4; r += 4) {
      for (int64_t c = c0; c < c8; c += 8)
        tile(r, c, 8);
      if (c8 < c1)
        tile(r, c8, 4);
    }
  }
}

// The ragged edges of an 8-byte transposition that the tiles leave: the
// right columns (cols4..cols) of every row, then the bottom rows
// (rows4..rows) of the rest; `put(b, a)` writes one element.
template <typename E, typename Put>
void transposeEdges(E *B, int64_t ldb, const E *A, int64_t lda, int64_t rows, int64_t cols,
                    Put put) {
  int64_t rows4 = rows & ~int64_t(3), cols4 = cols & ~int64_t(3);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = cols4; c < cols; ++c)
      put(B[r * ldb + c], A[c * lda + r]);
  for (int64_t r = rows4; r < rows; ++r)
    for (int64_t c = 0; c < cols4; ++c)
      put(B[r * ldb + c], A[c * lda + r]);
}

// B[r][c] += A[c][r] for the 8-byte type E whose lanes `Lanes` adds: the
// bands and tiles of transpose8Avx2, each tile's destination rows loaded,
// added to and stored back.
template <typename E, typename Lanes>
__attribute__((target("avx2"))) void transposeAdd8Avx2(E *B, int64_t ldb, const E *A,
                                                       int64_t lda, int64_t rows,
                                                       int64_t cols) {
  static_assert(sizeof(E) == 8, "8-byte elements");
  double *b = reinterpret_cast<double *>(B);
  const double *a = reinterpret_cast<const double *>(A);
  auto addTile = [&](int64_t r, int64_t c, int width) __attribute__((target("avx2"))) {
    for (int h = 0; h < width; h += 4) {
      __m256d t[4];
      transposeTile(a + (c + h) * lda + r, lda, t);
      double *d = b + r * ldb + c + h;
      for (int j = 0; j < 4; ++j)
        _mm256_storeu_pd(d + j * ldb, Lanes::add(_mm256_loadu_pd(d + j * ldb), t[j]));
    }
  };
  forEachTile<kAddBandCols>(rows & ~int64_t(3), cols & ~int64_t(3), addTile);
  transposeEdges(B, ldb, A, lda, rows, cols, [](E &to, const E &from) { addInto(to, from); });
}

__attribute__((target("avx2"))) void
transpose8Avx2(double *B, int64_t ldb, const double *A, int64_t lda,
               int64_t rows, int64_t cols, bool streamed) {
  // Streaming needs 32-byte aligned destinations for every 4x4 tile.
  bool stream = (streamed || rows * cols * 8 >= kStreamBytes) &&
                reinterpret_cast<uintptr_t>(B) % 32 == 0 && ldb % 4 == 0;
  auto copyTile = [&](int64_t r, int64_t c, int width) __attribute__((target("avx2"))) {
    __m256d lo[4], hi[4];
    transposeTile(A + c * lda + r, lda, lo);
    if (width == 8)
      transposeTile(A + (c + 4) * lda + r, lda, hi);
    // Both halves of each output row's line, stored one after the other.
    for (int j = 0; j < 4; ++j) {
      store4(B + (r + j) * ldb + c, lo[j], stream);
      if (width == 8)
        store4(B + (r + j) * ldb + c + 4, hi[j], stream);
    }
  };
  forEachTile<kBandCols>(rows & ~int64_t(3), cols & ~int64_t(3), copyTile);
  if (stream)
    _mm_sfence();
  transposeEdges(B, ldb, A, lda, rows, cols, [](double &to, const double &from) { to = from; });
}

bool haveAvx2() {
  static const bool avx2 = __builtin_cpu_supports("avx2");
  return avx2;
}
#endif

} // namespace

void transposeAdd2D(Accumulate add, char *dst, int64_t dstStride, const char *src,
                    int64_t srcStride, int64_t rows, int64_t cols) {
#ifdef IDTR_HAVE_X86
  if (haveAvx2() && rows >= 4 && cols >= 4) {
    switch (add) {
    case Accumulate::F64:
      return transposeAdd8Avx2<double, AddF64Lanes>(
          reinterpret_cast<double *>(dst), dstStride, reinterpret_cast<const double *>(src),
          srcStride, rows, cols);
    case Accumulate::I64:
      return transposeAdd8Avx2<int64_t, AddI64Lanes>(
          reinterpret_cast<int64_t *>(dst), dstStride, reinterpret_cast<const int64_t *>(src),
          srcStride, rows, cols);
    case Accumulate::C32:
      return transposeAdd8Avx2<std::complex<float>, AddC32Lanes>(
          reinterpret_cast<std::complex<float> *>(dst), dstStride,
          reinterpret_cast<const std::complex<float> *>(src), srcStride, rows, cols);
    default:
      break;
    }
  }
#endif
  withAddType(add, [&](auto *tag) {
    using E = std::remove_pointer_t<decltype(tag)>;
    transposeAddScalar(reinterpret_cast<E *>(dst), dstStride, reinterpret_cast<const E *>(src),
                       srcStride, rows, cols);
  });
}

const char *transposeKernelName() {
#ifdef IDTR_HAVE_X86
  if (haveAvx2())
    return "avx2-8x4";
#endif
  return "scalar-blocked";
}

void transpose2D(size_t es, char *dst, int64_t dstStride, const char *src,
                 int64_t srcStride, int64_t rows, int64_t cols, bool streamed) {
  switch (es) {
  case 1:
    return transposeScalar(reinterpret_cast<uint8_t *>(dst), dstStride,
                           reinterpret_cast<const uint8_t *>(src), srcStride, rows, cols);
  case 2:
    return transposeScalar(reinterpret_cast<uint16_t *>(dst), dstStride,
                           reinterpret_cast<const uint16_t *>(src), srcStride, rows, cols);
  case 4:
    return transposeScalar(reinterpret_cast<uint32_t *>(dst), dstStride,
                           reinterpret_cast<const uint32_t *>(src), srcStride, rows, cols);
  case 8:
#ifdef IDTR_HAVE_X86
    if (haveAvx2() && rows >= 4 && cols >= 4)
      return transpose8Avx2(reinterpret_cast<double *>(dst), dstStride,
                            reinterpret_cast<const double *>(src), srcStride, rows, cols,
                            streamed);
#endif
    return transposeScalar(reinterpret_cast<uint64_t *>(dst), dstStride,
                           reinterpret_cast<const uint64_t *>(src), srcStride, rows, cols);
  default:
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c)
        std::memcpy(dst + (r * dstStride + c) * es, src + (c * srcStride + r) * es, es);
  }
}

} // namespace idtr
