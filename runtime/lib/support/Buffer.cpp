#include "support/Buffer.h"

#include "support/Settings.h"

#include "support/Errors.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <utility>

#include <sys/mman.h>

namespace idtr {

namespace {

// Buffers below this size come straight from malloc (cheap, and too small
// to make glibc trim its heap when freed).
constexpr size_t kPoolMinBytes = size_t(16) << 10;
constexpr int kPoolSlots = 8;
constexpr size_t kHugeBytes = size_t(2) << 20;
// Never keep more than this much idle memory.
constexpr size_t kPoolMaxBytes = size_t(4) << 30;

struct Pool {
  char *data[kPoolSlots] = {};
  size_t capacity[kPoolSlots] = {};

  // The smallest cached block that fits and is not more than twice too big.
  char *take(size_t bytes, size_t &cap) {
    int best = -1;
    for (int i = 0; i < kPoolSlots; ++i)
      if (data[i] && capacity[i] >= bytes && capacity[i] <= 2 * bytes &&
          (best < 0 || capacity[i] < capacity[best]))
        best = i;
    if (best < 0)
      return nullptr;
    char *p = data[best];
    cap = capacity[best];
    data[best] = nullptr;
    return p;
  }

  size_t cached() const {
    size_t total = 0;
    for (int i = 0; i < kPoolSlots; ++i)
      total += data[i] ? capacity[i] : 0;
    return total;
  }

  // Keeps the block, evicting the smallest cached one if full.
  void give(char *p, size_t cap) {
    if (cap > kPoolMaxBytes) {
      std::free(p);
      return;
    }
    // Drop the largest blocks until the new one fits under the cap.
    while (cached() + cap > kPoolMaxBytes) {
      int largest = -1; // exists: cached() > 0 here since cap <= kPoolMaxBytes
      for (int i = 0; i < kPoolSlots; ++i)
        if (data[i] && (largest < 0 || capacity[i] > capacity[largest]))
          largest = i;
      std::free(data[largest]);
      data[largest] = nullptr;
      capacity[largest] = 0;
    }
    int slot = 0;
    for (int i = 0; i < kPoolSlots; ++i) {
      if (!data[i]) {
        slot = i;
        break;
      }
      if (capacity[i] < capacity[slot])
        slot = i;
    }
    std::free(data[slot]);
    data[slot] = p;
    capacity[slot] = cap;
  }
};

Pool &pool() {
  static Pool p; // trivially destructible: safe at exit
  return p;
}

} // namespace

Buffer::Buffer(size_t bytes) {
  if (bytes == 0)
    return;
  if (bytes >= kPoolMinBytes)
    data_ = pool().take(bytes, capacity_);
  if (!data_) {
    // Big buffers on huge pages: packing transposes write with large
    // strides, and 4 KiB pages would cost a TLB miss every few elements.
    data_ = static_cast<char *>(bytes >= kHugeBytes
                                    ? allocateOnHugePages(bytes)
                                    : std::aligned_alloc(64, (bytes + 63) / 64 * 64));
    capacity_ = bytes;
    if (!data_)
      failOutOfMemory(bytes);
  }
}

size_t hugePageRounded(size_t bytes, size_t alignment) {
  size_t align = std::max(alignment, kHugeBytes);
  // Rounding up must not wrap: SIZE_MAX - 7 rounded to 0 bytes and returned
  // a usable pointer.
  if (align & (align - 1) || bytes > SIZE_MAX - (align - 1))
    return 0;
  return (bytes + align - 1) / align * align;
}

void *allocateOnHugePages(size_t bytes, size_t alignment) {
  const bool advise = settings().hugePages;
  size_t rounded = hugePageRounded(bytes, alignment);
  if (rounded == 0)
    return nullptr;
  size_t align = std::max(alignment, kHugeBytes);
  void *p = std::aligned_alloc(align, rounded);
#ifdef MADV_HUGEPAGE
  if (p && advise)
    madvise(p, rounded, MADV_HUGEPAGE);
#endif
  return p;
}

Buffer::~Buffer() {
  if (!data_)
    return;
  if (capacity_ >= kPoolMinBytes)
    pool().give(data_, capacity_);
  else
    std::free(data_);
}

Buffer &Buffer::operator=(Buffer &&o) noexcept {
  if (this != &o) {
    Buffer tmp(std::move(*this));
    data_ = std::exchange(o.data_, nullptr);
    capacity_ = std::exchange(o.capacity_, 0);
  }
  return *this;
}

} // namespace idtr
