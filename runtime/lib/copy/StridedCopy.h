// The one local data-movement engine: copies a box of elements between two
// strided layouts. Runs that are contiguous on both sides become memcpy; when
// the innermost dimensions differ (a transposition) it uses the cache-blocked
// 2-D transpose kernels of Transpose.cpp; anything else is an element loop.
#ifndef IDTR_STRIDEDCOPY_H
#define IDTR_STRIDEDCOPY_H

#include "copy/Accumulate.h"
#include "copy/Descriptor.h"
#include "support/Buffer.h"

#include <cstddef>
#include <cstdint>

namespace idtr {

// dst[i] = src[i] for every index i < sizes (strides in elements). The two
// regions must not overlap (unless they are identical, which is a no-op).
// `streamed`: the destination is part of an output far larger than the
// caches (a tile of a transposition, Pack.cpp), so a transposition streams
// it with non-temporal stores even when this block alone is small.
void copyStrided(size_t elemSize, char *dst, const int64_t *dstStrides,
                 const char *src, const int64_t *srcStrides,
                 const int64_t *sizes, int rank, bool streamed = false);

// dst[i] += src[i] for every index i < sizes, in the arithmetic of `add`
// (not Accumulate::Assign; its element size is the elements'): the layouts
// and kernels of copyStrided, each destination element read and written
// once with ordinary stores. The regions must not overlap.
void addStrided(Accumulate add, char *dst, const int64_t *dstStrides, const char *src,
                const int64_t *srcStrides, const int64_t *sizes, int rank);

// dst = src for views of equal sizes.
void copyView(const View &dst, const View &src);

// A dense row-major copy of `view` in `keep` (allocated here; it must
// outlive the copy): for the calls that need the elements in one piece or
// apart from the caller's memory.
View denseCopy(const View &view, Buffer &keep);

// memcpy of a contiguous block, in pieces of at most 256 KiB: for larger
// sizes glibc switches to non-temporal stores, which on this machine copy
// 256 MiB in 12.9 ms against 10.9 ms with cached stores in 256 KiB pieces
// (what MPI's own copies do); a reshape's local block is such a copy.
void copyContiguous(char *dst, const char *src, size_t bytes);

// Out-of-place 2-D transpose: B[r][c] = A[c][r] for r < rows, c < cols, where
// B[r][c] is at dst + (r * dstStride + c) * elemSize and A[c][r] at
// src + (c * srcStride + r) * elemSize.
// `streamed` as for copyStrided; else outputs of 4 MiB and more stream.
void transpose2D(size_t elemSize, char *dst, int64_t dstStride, const char *src,
                 int64_t srcStride, int64_t rows, int64_t cols, bool streamed = false);

// transpose2D adding: B[r][c] += A[c][r] in the arithmetic of `add` (not
// Assign). The same blocking; f64, i64 and complex<f32> (8 bytes) with the
// AVX2 4x4 tiles, which add the destination rows they load. Never streams:
// the destination is read.
void transposeAdd2D(Accumulate add, char *dst, int64_t dstStride, const char *src,
                    int64_t srcStride, int64_t rows, int64_t cols);

// Which 8-byte transpose kernel runs ("avx2" or "scalar"); for benchmarks.
const char *transposeKernelName();

} // namespace idtr

#endif
