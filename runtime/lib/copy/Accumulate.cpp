#include "copy/Accumulate.h"

namespace idtr {

size_t accumulateElementSize(Accumulate add) {
  size_t size = 0;
  withAddType(add, [&](auto *tag) { size = sizeof(*tag); });
  return size;
}

void addRow(Accumulate add, char *dst, int64_t ds, const char *src, int64_t ss, int64_t n) {
  withAddType(add, [&](auto *tag) {
    using E = std::remove_pointer_t<decltype(tag)>;
    E *d = reinterpret_cast<E *>(dst);
    const E *s = reinterpret_cast<const E *>(src);
    if (ds == 1 && ss == 1) {
      // The common case apart: unit strides let the compiler vectorize.
      for (int64_t i = 0; i < n; ++i)
        addInto(d[i], s[i]);
      return;
    }
    for (int64_t i = 0; i < n; ++i)
      addInto(d[i * ds], s[i * ss]);
  });
}

} // namespace idtr
