// The typed C entry points, selectable by element type in templates.
#ifndef IDTR_TEST_ENTRIES_H
#define IDTR_TEST_ENTRIES_H

#include "idtr/idtr.h"

#include <cstdint>

namespace idtr_test {

template <typename T> struct Entry;

#define IDTR_TEST_ENTRY(T, SUFFIX, NAME)                                        \
  template <> struct Entry<T> {                                                \
    static constexpr const char *name = NAME;                                  \
    static constexpr auto reshape = _idtr_copy_reshape_##SUFFIX;               \
    static constexpr auto permute = _idtr_copy_permute_##SUFFIX;               \
    static constexpr auto permuteAdd = _idtr_copy_permute_add_##SUFFIX;        \
    static constexpr auto halo = _idtr_update_halo_##SUFFIX;                   \
    static constexpr auto gridHalo = _idtr_update_grid_halo_##SUFFIX;          \
    static constexpr auto allreduce = _idtr_allreduce_##SUFFIX;                \
    static constexpr auto reduceAll = _idtr_reduce_all_##SUFFIX;               \
  };
IDTR_TEST_ENTRY(double, f64, "f64")
IDTR_TEST_ENTRY(float, f32, "f32")
IDTR_TEST_ENTRY(int64_t, i64, "i64")
IDTR_TEST_ENTRY(int32_t, i32, "i32")
IDTR_TEST_ENTRY(int16_t, i16, "i16")
IDTR_TEST_ENTRY(int8_t, i8, "i8")
IDTR_TEST_ENTRY(bool, i1, "i1")
#undef IDTR_TEST_ENTRY

template <typename T> struct TypeTag {
  using type = T;
};

// Calls f(TypeTag<T>{}) for the element type number `which` (0..6).
template <typename F> void withType(int which, F &&f) {
  switch (which % 7) {
  case 0: return f(TypeTag<double>{});
  case 1: return f(TypeTag<float>{});
  case 2: return f(TypeTag<int64_t>{});
  case 3: return f(TypeTag<int32_t>{});
  case 4: return f(TypeTag<int16_t>{});
  case 5: return f(TypeTag<int8_t>{});
  default: return f(TypeTag<bool>{});
  }
}

} // namespace idtr_test

#endif
