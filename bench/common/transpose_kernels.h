/* Serial out-of-place transposition kernels shared by the baselines:
 *   B[r * ldb + c] = A[c * lda + r]   for 0 <= r < rows, 0 <= c < cols
 * (B is rows x cols, A is cols x rows).
 *
 * - transpose_naive:   the plain double loop.
 * - transpose_blocked: scalar cache blocking (32 x 32 blocks).
 * - transpose_avx2:    the tuned kernel: AVX2 4x4 register tiles combined into
 *   8x4 tiles (8 source rows x 4 source columns) so that every destination
 *   row receives one whole 64-byte line, written with non-temporal stores when
 *   the destination is 32-byte aligned (it is not read back soon, and
 *   streaming stores skip the read-for-ownership of each line). Source rows
 *   are walked in bands of TB rows so that the 8 input streams stay in a few
 *   pages and the destination lines of a band are contiguous.
 * Compile with -O3 -march=native (AVX2 required for transpose_avx2; without
 * it the blocked kernel is used).
 */
#ifndef BENCH_COMMON_TRANSPOSE_KERNELS_H
#define BENCH_COMMON_TRANSPOSE_KERNELS_H

#include <stdint.h>
#ifdef __AVX2__
#include <immintrin.h>
#endif

static inline void transpose_naive(double *B, int64_t ldb, const double *A, int64_t lda,
                                   int64_t rows, int64_t cols) {
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      B[r * ldb + c] = A[c * lda + r];
}

static inline void transpose_blocked(double *B, int64_t ldb, const double *A, int64_t lda,
                                     int64_t rows, int64_t cols) {
  const int64_t bs = 32;
  for (int64_t c0 = 0; c0 < cols; c0 += bs) {
    int64_t c1 = c0 + bs < cols ? c0 + bs : cols;
    for (int64_t r0 = 0; r0 < rows; r0 += bs) {
      int64_t r1 = r0 + bs < rows ? r0 + bs : rows;
      for (int64_t r = r0; r < r1; ++r)
        for (int64_t c = c0; c < c1; ++c)
          B[r * ldb + c] = A[c * lda + r];
    }
  }
}

#ifdef __AVX2__
/* Transposes the 4x4 block at A (row stride lda) into out[0..3] (rows of B). */
static inline void bench_tile4x4(const double *A, int64_t lda, __m256d out[4]) {
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

/* 8x4 tile: A rows c..c+7, columns r..r+3 -> B rows r..r+3, columns c..c+7. */
static inline void bench_tile8x4(double *B, int64_t ldb, const double *A, int64_t lda,
                                 int stream) {
  __m256d lo[4], hi[4];
  bench_tile4x4(A, lda, lo);
  bench_tile4x4(A + 4 * lda, lda, hi);
  if (stream) {
    for (int j = 0; j < 4; ++j) {
      _mm256_stream_pd(B + j * ldb, lo[j]);
      _mm256_stream_pd(B + j * ldb + 4, hi[j]);
    }
  } else {
    for (int j = 0; j < 4; ++j) {
      _mm256_storeu_pd(B + j * ldb, lo[j]);
      _mm256_storeu_pd(B + j * ldb + 4, hi[j]);
    }
  }
}
#endif

#ifndef BENCH_TB
#define BENCH_TB 16 /* source rows per band */
#endif

static inline void transpose_avx2(double *B, int64_t ldb, const double *A, int64_t lda,
                                  int64_t rows, int64_t cols) {
#ifdef __AVX2__
  int stream = ((uintptr_t)B % 32 == 0) && (ldb % 4 == 0) &&
               rows * cols * (int64_t)sizeof(double) >= ((int64_t)1 << 21);
  int64_t rows4 = rows & ~(int64_t)3, cols8 = cols & ~(int64_t)7;
  for (int64_t c0 = 0; c0 < cols8; c0 += BENCH_TB) {
    int64_t c1 = c0 + BENCH_TB < cols8 ? c0 + BENCH_TB : cols8;
    for (int64_t r = 0; r < rows4; r += 4)
      for (int64_t c = c0; c < c1; c += 8)
        bench_tile8x4(B + r * ldb + c, ldb, A + c * lda + r, lda, stream);
  }
  if (stream)
    _mm_sfence();
  /* edges: columns of B beyond cols8, rows of B beyond rows4 */
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = (r < rows4 ? cols8 : 0); c < cols; ++c)
      B[r * ldb + c] = A[c * lda + r];
#else
  transpose_blocked(B, ldb, A, lda, rows, cols);
#endif
}

#endif
