// Message buffers. Buffers of 16 KiB and more are recycled through a small
// pool: a fresh multi-megabyte allocation is a fresh mmap whose page faults
// cost as much as the copy that fills it, and freeing a block of 64 KiB or
// more (a halo row) makes glibc consolidate and trim its heap, so that the
// next call faults the same pages in again (a fifth of a halo exchange).
// Contents are uninitialised.
#ifndef IDTR_BUFFER_H
#define IDTR_BUFFER_H

#include <cstddef>

namespace idtr {

// Memory on 2 MiB boundaries (and `alignment`), advised to use transparent
// huge pages unless IDTR_NO_HUGEPAGES is set (the machine's THP mode
// "madvise" grants them only on request): large strided sweeps then take a
// TLB miss, and a first touch a page fault, per 2 MiB instead of per 4 KiB.
// Freed with std::free; nullptr when out of memory.
void *allocateOnHugePages(size_t bytes, size_t alignment = 0);
// The length allocateOnHugePages gives a block of `bytes`: the pages from
// its start that belong to it alone.
size_t hugePageRounded(size_t bytes, size_t alignment = 0);

class Buffer {
public:
  Buffer() = default;
  explicit Buffer(size_t bytes);
  ~Buffer();
  Buffer(Buffer &&o) noexcept : data_(o.data_), capacity_(o.capacity_) {
    o.data_ = nullptr;
    o.capacity_ = 0;
  }
  Buffer &operator=(Buffer &&o) noexcept;
  Buffer(const Buffer &) = delete;
  Buffer &operator=(const Buffer &) = delete;

  char *data() const { return data_; }

private:
  char *data_ = nullptr;
  size_t capacity_ = 0;
};

} // namespace idtr

#endif
