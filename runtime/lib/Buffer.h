// Message buffers. Large buffers are recycled through a small pool, because
// a fresh multi-megabyte allocation is a fresh mmap whose page faults cost as
// much as the copy that fills it. Contents are uninitialised.
#ifndef IDTR_BUFFER_H
#define IDTR_BUFFER_H

#include <cstddef>

namespace idtr {

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
