// The raw arguments of an entry-point call as a flat key, read straight
// from the descriptors without building a Geometry or a View (no heap
// allocation): the fast path of a call whose plan is reused without
// agreement (PlanCache::findCall). Equal keys mean equal arguments apart
// from the data pointers and strides, so a key that once passed the entry
// point's checks passes them again.
#ifndef IDTR_CALLKEY_H
#define IDTR_CALLKEY_H

#include "copy/Descriptor.h"

#include <cstdint>
#include <cstring>

namespace idtr {

class CallKey {
public:
  static constexpr size_t kCapacity = 192;

  void push(int64_t v) {
    if (size_ < kCapacity)
      words_[size_++] = v;
    else
      ok_ = false;
  }
  // The values of a 1-D index memref (shapes, offsets).
  void indexArray(int64_t rank, const void *desc) {
    ok_ = ok_ && appendIndexArray(rank, desc, words_, kCapacity, size_);
  }
  // The sizes of an array descriptor.
  void sizes(int64_t rank, const void *desc) {
    ok_ = ok_ && appendSizes(rank, desc, words_, kCapacity, size_);
  }
  // False when some argument was malformed or the key too long: then the
  // checked path handles the call.
  bool ok() const { return ok_; }
  const int64_t *data() const { return words_; }
  size_t size() const { return size_; }
  uint64_t hash() const {
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < size_; ++i)
      h = (h ^ static_cast<uint64_t>(words_[i])) * 0x100000001b3ull;
    return h;
  }

private:
  int64_t words_[kCapacity];
  size_t size_ = 0;
  bool ok_ = true;
};

} // namespace idtr

#endif
