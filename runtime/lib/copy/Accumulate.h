// Accumulating writes: a redistribution that adds what it moves into its
// output instead of replacing it (_idtr_copy_permute_add_T, the PRK
// transpose's B += A^T without a temporary for A^T). The data movement is
// the same as a copy's; only the last write of each element differs, so
// the mode travels from the entry point to the kernels that write outputs
// (StridedCopy.h, Transpose.cpp) and the plans stay those of the copies.
#ifndef IDTR_ACCUMULATE_H
#define IDTR_ACCUMULATE_H

#include "support/ElementTypes.h"

#include <complex>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace idtr {

// How an output element is written: replaced (Assign), or added to with
// the arithmetic of the element type -- that of the ops the compiled
// program would otherwise have run (arith.addf, arith.addi, complex.add):
// IEEE addition; f16 and bf16 through f32, whose precision (24 bits, more
// than twice theirs plus 2) makes the rounded f32 sum round to the exact
// sum's nearest f16/bf16; integers modulo 2^bits; i1 modulo 2 (exclusive
// or, as arith.addi on i1).
enum class Accumulate : uint8_t {
  Assign = 0,
  F64,
  F32,
  I64,
  I32,
  I16,
  I8,
  I1,
  F16,
  BF16,
  C32,
  C64
};

// The i1 element as the accumulating kernels see it: one byte whose low
// bit is the value (what MLIR stores; a load truncates to that bit).
struct BoolByte {
  uint8_t bits;
};

// d += s for each element type (the storage types of ElementTypes.h).
inline void addInto(double &d, double s) { d += s; }
inline void addInto(float &d, float s) { d += s; }
template <typename I,
          std::enable_if_t<std::is_integral_v<I> && !std::is_same_v<I, bool>, int> = 0>
inline void addInto(I &d, I s) {
  using U = std::make_unsigned_t<I>; // wraps, no signed overflow
  d = static_cast<I>(static_cast<U>(static_cast<U>(d) + static_cast<U>(s)));
}
inline void addInto(BoolByte &d, BoolByte s) {
  d.bits = static_cast<uint8_t>((d.bits ^ s.bits) & 1u);
}
template <typename H, std::enable_if_t<isHalfType<H>, int> = 0>
inline void addInto(H &d, H s) {
  d = fromFloat<H>(toFloat(d) + toFloat(s));
}
template <typename F> inline void addInto(std::complex<F> &d, std::complex<F> s) { d += s; }

// The mode of the entry point typed T (ElementTypes.h's storage types).
template <typename T> constexpr Accumulate accumulateFor() {
  if constexpr (std::is_same_v<T, double>)
    return Accumulate::F64;
  else if constexpr (std::is_same_v<T, float>)
    return Accumulate::F32;
  else if constexpr (std::is_same_v<T, int64_t>)
    return Accumulate::I64;
  else if constexpr (std::is_same_v<T, int32_t>)
    return Accumulate::I32;
  else if constexpr (std::is_same_v<T, int16_t>)
    return Accumulate::I16;
  else if constexpr (std::is_same_v<T, int8_t>)
    return Accumulate::I8;
  else if constexpr (std::is_same_v<T, bool>)
    return Accumulate::I1;
  else if constexpr (std::is_same_v<T, Half>)
    return Accumulate::F16;
  else if constexpr (std::is_same_v<T, BFloat16>)
    return Accumulate::BF16;
  else if constexpr (std::is_same_v<T, std::complex<float>>)
    return Accumulate::C32;
  else {
    static_assert(std::is_same_v<T, std::complex<double>>, "not an element type");
    return Accumulate::C64;
  }
}

// Calls f(E *) with a null pointer of the storage type E that `add` adds
// (not Assign), for kernels templated on it.
template <typename F> void withAddType(Accumulate add, F &&f) {
  switch (add) {
  case Accumulate::F64: return f(static_cast<double *>(nullptr));
  case Accumulate::F32: return f(static_cast<float *>(nullptr));
  case Accumulate::I64: return f(static_cast<int64_t *>(nullptr));
  case Accumulate::I32: return f(static_cast<int32_t *>(nullptr));
  case Accumulate::I16: return f(static_cast<int16_t *>(nullptr));
  case Accumulate::I8: return f(static_cast<int8_t *>(nullptr));
  case Accumulate::I1: return f(static_cast<BoolByte *>(nullptr));
  case Accumulate::F16: return f(static_cast<Half *>(nullptr));
  case Accumulate::BF16: return f(static_cast<BFloat16 *>(nullptr));
  case Accumulate::C32: return f(static_cast<std::complex<float> *>(nullptr));
  case Accumulate::C64: return f(static_cast<std::complex<double> *>(nullptr));
  case Accumulate::Assign: break;
  }
}

// The element size of `add`'s type (0 for Assign).
size_t accumulateElementSize(Accumulate add);

// dst[i * ds] += src[i * ss] for i < n (strides in elements of `add`'s type).
void addRow(Accumulate add, char *dst, int64_t ds, const char *src, int64_t ss, int64_t n);

} // namespace idtr

#endif
