#include "copy/Descriptor.h"

#include "support/Errors.h"

#include <cstring>

namespace idtr {

namespace {
// The fixed head of MLIR's StridedMemRefType; sizes and strides follow it.
// (appendIndexArray and appendSizes, Descriptor.h, read the same words.)
struct DescriptorHead {
  void *allocated;
  void *aligned;
  int64_t offset;
};
} // namespace

View View::sub(const Shape &offsets, const Shape &subSizes) const {
  View v;
  v.elemSize = elemSize;
  v.sizes = subSizes;
  v.strides = strides;
  int64_t off = 0;
  for (size_t k = 0; k < offsets.size(); ++k)
    off += offsets[k] * strides[k];
  v.data = data + off * static_cast<int64_t>(elemSize);
  return v;
}

bool isContiguous(const int64_t *sizes, const int64_t *strides, int rank) {
  int64_t expected = 1;
  for (int k = rank; k-- > 0;) {
    if (sizes[k] == 0)
      return true;
    if (sizes[k] != 1 && strides[k] != expected)
      return false;
    expected *= sizes[k];
  }
  return true;
}

View denseLike(char *data, const View &like) {
  View v = like;
  v.data = data;
  v.allocated = nullptr;
  v.strides = rowMajorStrides(like.sizes);
  return v;
}

bool View::isContiguous() const {
  return idtr::isContiguous(sizes.data(), strides.data(), rank());
}

bool byteRange(const View &v, uintptr_t &lo, uintptr_t &hi) {
  int64_t minOff = 0, maxOff = 0;
  for (int k = 0; k < v.rank(); ++k) {
    int64_t span;
    if (__builtin_mul_overflow(v.sizes[k] - 1, v.strides[k], &span) ||
        __builtin_add_overflow(span < 0 ? minOff : maxOff, span, span < 0 ? &minOff : &maxOff))
      return false;
  }
  int64_t loBytes, hiBytes, elem = static_cast<int64_t>(v.elemSize);
  if (__builtin_mul_overflow(minOff, elem, &loBytes) ||
      __builtin_mul_overflow(maxOff + 1, elem, &hiBytes))
    return false;
  uintptr_t base = reinterpret_cast<uintptr_t>(v.data);
  lo = base + static_cast<uintptr_t>(loBytes);
  hi = base + static_cast<uintptr_t>(hiBytes);
  return lo <= base && base < hi;
}

bool mayOverlap(const View &a, const View &b) {
  if (hasZeroExtent(a.sizes) || hasZeroExtent(b.sizes))
    return false;
  uintptr_t aLo, aHi, bLo, bHi;
  if (!byteRange(a, aLo, aHi) || !byteRange(b, bLo, bHi))
    return true;
  return aLo < bHi && bLo < aHi;
}

View viewFromDescriptor(int64_t rank, const void *desc, size_t elemSize,
                        const char *what) {
  View v;
  readView(v, rank, desc, elemSize, what);
  return v;
}

void readView(View &v, int64_t rank, const void *desc, size_t elemSize, const char *what) {
  if (rank < 0 || rank > kMaxViewRank)
    fail("%s: invalid rank %lld", what, static_cast<long long>(rank));
  if (!desc)
    fail("%s: null descriptor", what);
  DescriptorHead head;
  std::memcpy(&head, desc, sizeof(head));
  const char *meta = static_cast<const char *>(desc) + sizeof(head);
  v.elemSize = elemSize;
  v.sizes.resize(rank);
  v.strides.resize(rank);
  if (rank) {
    std::memcpy(v.sizes.data(), meta, rank * sizeof(int64_t));
    std::memcpy(v.strides.data(), meta + rank * sizeof(int64_t), rank * sizeof(int64_t));
  }
  // One pass: negative sizes, an empty array, and the byte size of local
  // data (volume * element size), which must not wrap unless the array is
  // empty: every byte count and offset the runtime derives from a view is
  // bounded by it.
  bool empty = false, wraps = false;
  int64_t bytes = static_cast<int64_t>(elemSize);
  for (int64_t s : v.sizes) {
    if (s < 0)
      fail("%s: negative size in descriptor", what);
    empty |= s == 0;
    wraps |= __builtin_mul_overflow(bytes, s, &bytes);
  }
  if (wraps && !empty)
    fail("%s: the array of shape %s has more than 2^63 - 1 bytes", what, str(v.sizes).c_str());
  v.data = static_cast<char *>(head.aligned) +
           head.offset * static_cast<int64_t>(elemSize);
  v.allocated = head.allocated;
  if (!head.aligned && !empty)
    fail("%s: null data pointer", what);
}

bool denseArray(int64_t rank, const void *desc, size_t elemSize, char *&data,
                int64_t &count) {
  if (rank < 0 || rank > 8 || !desc)
    return false;
  DescriptorHead head;
  std::memcpy(&head, desc, sizeof(head));
  // Fixed-size loads, no memcpy of a variable length: this is the path of
  // every scalar allreduce.
  const char *meta = static_cast<const char *>(desc) + sizeof(head);
  int64_t expected = 1;
  bool empty = false;
  for (int64_t k = rank; k-- > 0;) {
    int64_t size, stride;
    std::memcpy(&size, meta + k * sizeof(int64_t), sizeof(int64_t));
    std::memcpy(&stride, meta + (rank + k) * sizeof(int64_t), sizeof(int64_t));
    if (size < 0)
      return false;
    empty |= size == 0;
    if (size != 1 && stride != expected)
      return false;
    // A count (or byte size) that wraps is malformed: the checked path
    // reports it.
    if (__builtin_mul_overflow(expected, size, &expected))
      return false;
  }
  int64_t bytes;
  if (__builtin_mul_overflow(expected, static_cast<int64_t>(elemSize), &bytes))
    return false;
  count = empty ? 0 : expected;
  if (!head.aligned && count != 0)
    return false;
  data = static_cast<char *>(head.aligned) +
         head.offset * static_cast<int64_t>(elemSize);
  return true;
}

bool sameSizes(int64_t rank, const void *a, const void *b) {
  if (rank < 0 || rank > 64 || !a || !b)
    return false;
  const char *sa = static_cast<const char *>(a) + sizeof(DescriptorHead);
  const char *sb = static_cast<const char *>(b) + sizeof(DescriptorHead);
  for (int64_t k = 0; k < rank; ++k) {
    int64_t x, y;
    std::memcpy(&x, sa + k * sizeof(int64_t), sizeof(int64_t));
    std::memcpy(&y, sb + k * sizeof(int64_t), sizeof(int64_t));
    if (x != y)
      return false;
  }
  return true;
}

Shape readIndexArray(int64_t rank, const void *desc, const char *what) {
  if (rank != 1)
    fail("%s: expected a 1-D index array, got rank %lld", what,
         static_cast<long long>(rank));
  View v = viewFromDescriptor(rank, desc, sizeof(int64_t), what);
  Shape values(v.sizes[0]);
  for (int64_t i = 0; i < v.sizes[0]; ++i)
    std::memcpy(&values[i], v.data + i * v.strides[0] * 8, 8);
  return values;
}

} // namespace idtr
