// The element types that C++ and MPI have no arithmetic type for: f16 (IEEE
// binary16) and bf16 (bfloat16), held as their 16 bits. Data movement
// (redistribution, halos, gather, files) only needs their size; the
// reductions and printing convert them to float, exactly, and back with
// round-to-nearest-even, as MLIR's arith.extf/arith.truncf do. Complex
// numbers are std::complex<float/double>, whose layout is MLIR's
// complex<f32/f64> (re, im) and MPI's MPI_C_FLOAT/DOUBLE_COMPLEX.
#ifndef IDTR_ELEMENTTYPES_H
#define IDTR_ELEMENTTYPES_H

#include "idtr/element_types.def"

#include <complex>
#include <cstdint>
#include <cstring>

namespace idtr {

struct Half {
  uint16_t bits;
};
struct BFloat16 {
  uint16_t bits;
};

// The C++ type of each element type of the ABI, by its suffix.
namespace element {
using f64 = double;
using f32 = float;
using i64 = int64_t;
using i32 = int32_t;
using i16 = int16_t;
using i8 = int8_t;
using i1 = bool;
using f16 = Half;
using bf16 = BFloat16;
using c32 = std::complex<float>;
using c64 = std::complex<double>;
} // namespace element

inline float halfToFloat(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16;
  uint32_t exp = (h >> 10) & 0x1f;
  uint32_t mant = h & 0x3ffu;
  uint32_t bits;
  if (exp == 0x1f) {
    bits = sign | 0x7f800000u | (mant << 13);
  } else if (exp != 0) {
    bits = sign | ((exp + 112) << 23) | (mant << 13);
  } else if (mant == 0) {
    bits = sign;
  } else { // subnormal: normalise
    int e = -1;
    do {
      ++e;
      mant <<= 1;
    } while (!(mant & 0x400u));
    bits = sign | (static_cast<uint32_t>(112 - e) << 23) | ((mant & 0x3ffu) << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

// Round to nearest, ties to even; overflow to infinity; NaN stays NaN (quiet).
inline uint16_t floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t abs = x & 0x7fffffffu;
  if (abs > 0x7f800000u) // NaN
    return static_cast<uint16_t>(sign | 0x7e00u | ((abs >> 13) & 0x3ffu));
  if (abs >= 0x477ff000u) // 65520 and above round to infinity
    return static_cast<uint16_t>(sign | 0x7c00u);
  if (abs < 0x38800000u) { // below 2^-14: a half subnormal (or zero)
    if (abs < 0x33000000u) // below 2^-25: rounds to zero
      return static_cast<uint16_t>(sign);
    uint32_t exp = abs >> 23;
    uint32_t mant = (abs & 0x7fffffu) | 0x800000u;
    uint32_t shift = 126 - exp; // units of 2^-24
    uint32_t r = mant >> shift, rest = mant & ((1u << shift) - 1), halfway = 1u << (shift - 1);
    if (rest > halfway || (rest == halfway && (r & 1)))
      ++r;
    return static_cast<uint16_t>(sign | r);
  }
  uint32_t rebased = abs - 0x38000000u; // exponent bias 127 -> 15
  uint32_t h = rebased >> 13, rest = rebased & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1)))
    ++h; // a carry into the exponent is the right result
  return static_cast<uint16_t>(sign | h);
}

inline float bfloatToFloat(uint16_t b) {
  uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

inline uint16_t floatToBFloat(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffffu) > 0x7f800000u) // NaN: keep it one (quiet)
    return static_cast<uint16_t>((x >> 16) | 0x40u);
  x += 0x7fffu + ((x >> 16) & 1u);
  return static_cast<uint16_t>(x >> 16);
}

inline float toFloat(Half v) { return halfToFloat(v.bits); }
inline float toFloat(BFloat16 v) { return bfloatToFloat(v.bits); }
template <typename H> H fromFloat(float f);
template <> inline Half fromFloat<Half>(float f) { return Half{floatToHalf(f)}; }
template <> inline BFloat16 fromFloat<BFloat16>(float f) { return BFloat16{floatToBFloat(f)}; }

template <typename T> inline constexpr bool isHalfType = false;
template <> inline constexpr bool isHalfType<Half> = true;
template <> inline constexpr bool isHalfType<BFloat16> = true;

template <typename T> inline constexpr bool isComplex = false;
template <typename F> inline constexpr bool isComplex<std::complex<F>> = true;

} // namespace idtr

// Applies M(SUFFIX, T) to every element type of the ABI
// (idtr/element_types.def), in its order: what every file that defines a
// typed family of entry points expands.
#define IDTR_FOR_EACH_ELEMENT_TYPE(M) IDTR_ELEMENT_TYPES(IDTR_WITH_CXX_TYPE_, M)
#define IDTR_WITH_CXX_TYPE_(M, SUFFIX) M(SUFFIX, ::idtr::element::SUFFIX)

#endif
