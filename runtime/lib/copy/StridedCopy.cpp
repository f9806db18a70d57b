#include "copy/StridedCopy.h"

#include "copy/Descriptor.h"
#include "support/Errors.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace idtr {

void copyContiguous(char *dst, const char *src, size_t bytes) {
  constexpr size_t kPiece = size_t(256) << 10;
  while (bytes > kPiece) {
    std::memcpy(dst, src, kPiece);
    dst += kPiece;
    src += kPiece;
    bytes -= kPiece;
  }
  std::memcpy(dst, src, bytes);
}

namespace {

struct Dim {
  int64_t size;
  int64_t dstStride;
  int64_t srcStride;
};

// At most kMaxViewRank dimensions (Descriptor.h): fixed storage, so that a
// copy allocates nothing (a halo row is a handful of these per call).
struct Dims {
  Dim d[kMaxViewRank];
  int n = 0;
  void clear() { n = 0; }
  void push_back(const Dim &x) { d[n++] = x; }
  bool empty() const { return n == 0; }
  size_t size() const { return static_cast<size_t>(n); }
  Dim &back() { return d[n - 1]; }
  void pop_back() { --n; }
  Dim &operator[](size_t i) { return d[i]; }
  const Dim &operator[](size_t i) const { return d[i]; }
  Dim *begin() { return d; }
  Dim *end() { return d + n; }
  const Dim *begin() const { return d; }
  const Dim *end() const { return d + n; }
  void erase(Dim *at) {
    std::copy(at + 1, end(), at);
    --n;
  }
};

// Drops unit dimensions, orders the rest by decreasing destination stride
// (so the innermost loop writes with the smallest stride) and merges
// neighbours that are contiguous on both sides. Returns false if empty.
bool normalize(const int64_t *dstStrides, const int64_t *srcStrides,
               const int64_t *sizes, int rank, Dims &dims) {
  dims.clear();
  if (rank > kMaxViewRank)
    fail("a strided copy of rank %d (at most %d)", rank, kMaxViewRank);
  for (int k = 0; k < rank; ++k) {
    if (sizes[k] == 0)
      return false;
    if (sizes[k] != 1)
      dims.push_back({sizes[k], dstStrides[k], srcStrides[k]});
  }
  // Insertion sort: stable, and ranks are tiny.
  for (size_t i = 1; i < dims.size(); ++i)
    for (size_t j = i; j > 0 && std::llabs(dims[j - 1].dstStride) < std::llabs(dims[j].dstStride); --j)
      std::swap(dims[j - 1], dims[j]);
  // Merge in place: `kept` dimensions so far, each absorbing the inner
  // neighbours contiguous with it on both sides.
  int kept = 0;
  for (int i = 0; i < dims.n; ++i) {
    const Dim d = dims.d[i];
    if (kept) {
      Dim &outer = dims.d[kept - 1];
      if (outer.dstStride == d.dstStride * d.size &&
          outer.srcStride == d.srcStride * d.size) {
        outer = {outer.size * d.size, d.dstStride, d.srcStride};
        continue;
      }
    }
    dims.d[kept++] = d;
  }
  dims.n = kept;
  return true;
}

template <typename E>
void stridedRow(char *dst, int64_t ds, const char *src, int64_t ss, int64_t n) {
  E *d = reinterpret_cast<E *>(dst);
  const E *s = reinterpret_cast<const E *>(src);
  for (int64_t i = 0; i < n; ++i)
    d[i * ds] = s[i * ss];
}

// One innermost row with arbitrary strides; memcpy when both are dense.
void copyRow(size_t es, char *dst, int64_t ds, const char *src, int64_t ss,
             int64_t n) {
  if (ds == 1 && ss == 1) {
    copyContiguous(dst, src, n * es);
    return;
  }
  switch (es) {
  case 1: return stridedRow<uint8_t>(dst, ds, src, ss, n);
  case 2: return stridedRow<uint16_t>(dst, ds, src, ss, n);
  case 4: return stridedRow<uint32_t>(dst, ds, src, ss, n);
  case 8: return stridedRow<uint64_t>(dst, ds, src, ss, n);
  default:
    for (int64_t i = 0; i < n; ++i)
      std::memcpy(dst + i * ds * es, src + i * ss * es, es);
  }
}

// Calls body(dstOffset, srcOffset) (in elements) for every index of `outer`.
template <typename F>
void forEachOuter(const Dims &outer, F &&body) {
  int n = static_cast<int>(outer.size());
  int64_t idx[kMaxViewRank] = {};
  int64_t doff = 0, soff = 0;
  while (true) {
    body(doff, soff);
    int k = n - 1;
    for (; k >= 0; --k) {
      doff += outer[k].dstStride;
      soff += outer[k].srcStride;
      if (++idx[k] < outer[k].size)
        break;
      doff -= outer[k].dstStride * outer[k].size;
      soff -= outer[k].srcStride * outer[k].size;
      idx[k] = 0;
    }
    if (k < 0)
      return;
  }
}

} // namespace

namespace {

// copyStrided (add == Assign) and addStrided: one engine, the write of the
// innermost rows and transpositions chosen by `add`.
void moveStrided(Accumulate add, size_t es, char *dst, const int64_t *dstStrides,
                 const char *src, const int64_t *srcStrides, const int64_t *sizes, int rank,
                 bool streamed) {
  Dims dims;
  if (!normalize(dstStrides, srcStrides, sizes, rank, dims))
    return;
  const bool assign = add == Accumulate::Assign;
  // A copy onto itself is a no-op; an addition onto itself is not.
  if (assign && dst == src && std::equal(dstStrides, dstStrides + rank, srcStrides))
    return;
  if (dims.empty()) {
    if (assign)
      std::memcpy(dst, src, es);
    else
      addRow(add, dst, 1, src, 1, 1);
    return;
  }
  Dim inner = dims.back();
  dims.pop_back();
  const int64_t e = static_cast<int64_t>(es);

  // A transposition: destination dense along `inner`, source dense along
  // another dimension. Hand both to the 2-D kernel.
  if (inner.dstStride == 1 && inner.srcStride != 1) {
    auto srcDense = std::find_if(dims.begin(), dims.end(),
                                 [](const Dim &d) { return d.srcStride == 1; });
    if (srcDense != dims.end()) {
      Dim across = *srcDense;
      dims.erase(srcDense);
      forEachOuter(dims, [&](int64_t doff, int64_t soff) {
        if (assign)
          transpose2D(es, dst + doff * e, across.dstStride, src + soff * e,
                      inner.srcStride, across.size, inner.size, streamed);
        else
          transposeAdd2D(add, dst + doff * e, across.dstStride, src + soff * e,
                         inner.srcStride, across.size, inner.size);
      });
      return;
    }
  }
  forEachOuter(dims, [&](int64_t doff, int64_t soff) {
    if (assign)
      copyRow(es, dst + doff * e, inner.dstStride, src + soff * e, inner.srcStride,
              inner.size);
    else
      addRow(add, dst + doff * e, inner.dstStride, src + soff * e, inner.srcStride,
             inner.size);
  });
}

} // namespace

void copyStrided(size_t es, char *dst, const int64_t *dstStrides,
                 const char *src, const int64_t *srcStrides,
                 const int64_t *sizes, int rank, bool streamed) {
  moveStrided(Accumulate::Assign, es, dst, dstStrides, src, srcStrides, sizes, rank, streamed);
}

void addStrided(Accumulate add, char *dst, const int64_t *dstStrides, const char *src,
                const int64_t *srcStrides, const int64_t *sizes, int rank) {
  if (add == Accumulate::Assign)
    fail("addStrided: no arithmetic given (internal error)");
  moveStrided(add, accumulateElementSize(add), dst, dstStrides, src, srcStrides, sizes, rank,
              /*streamed=*/false);
}

void copyView(const View &dst, const View &src) {
  copyStrided(dst.elemSize, dst.data, dst.strides.data(), src.data,
              src.strides.data(), dst.sizes.data(), dst.rank());
}

View denseCopy(const View &view, Buffer &keep) {
  keep = Buffer(static_cast<size_t>(view.bytes()));
  View copy = denseLike(keep.data(), view);
  copyView(copy, view);
  return copy;
}

} // namespace idtr
