// Decimal digits of binary floating-point values as numpy prints them:
// numpy's Dragon4 (numpy/core/src/multiarray/dragon4.c, after Steele &
// White and Ryan Juckett) in its "unique" mode, with numpy's cutoffs, and
// numpy's format_float_positional / format_float_scientific around it.
//
// "Unique" digits are the shortest that identify the value among the
// values of *its own type* (0.1 in f16 is 0.0999755859375, and "0.1" is
// the shortest text that reads back as that f16), so every type gets its
// own digits from the width of its mantissa. Digits forced beyond the
// unique ones (a minimum count, as numpy's arrays in scientific notation
// ask for) are the value's exact digits, rounded; they are not zeros
// (f32 1e-5 with 7 digits after the point is 9.9999997e-06). The values
// exactly between two decimal candidates and at the boundary of the
// rounding interval follow numpy (round half to even; a boundary belongs to
// a value with an even mantissa), so that the text is numpy's byte for
// byte; exact integer arithmetic, no libc conversion, no MPI.
#ifndef IDTR_DRAGON4_H
#define IDTR_DRAGON4_H

#include "support/ElementTypes.h"

#include <cstdint>
#include <string>

namespace idtr::dragon4 {

/// A finite value: (-1)^negative * mantissa * 2^exponent, as the bits of
/// its type give it.
struct Binary {
  uint64_t mantissa = 0;
  int32_t exponent = 0;
  int32_t mantissaBit = 0;     // index of the highest set bit of mantissa
  bool unequalMargins = false; // a power of two above the smallest normal:
                               // the next value below is twice as close
  bool negative = false;
};

Binary decompose(double value);
Binary decompose(float value);
Binary decompose(Half value);
Binary decompose(BFloat16 value);

/// Digits d0 d1 d2 ... of a value: d0.d1d2... * 10^exponent (no leading
/// zero; "0" for zero).
struct Digits {
  std::string digits;
  int exponent = 0;
};

/// The unique digits of `b`, cut at `cutoffMax` digits and extended to
/// `cutoffMin` digits (-1: neither), counted after the decimal point when
/// `afterPoint`, else in total.
Digits unique(const Binary &b, bool afterPoint, int cutoffMax, int cutoffMin);

/// numpy's trim modes: 'k' keeps trailing zeros, '.' removes them and
/// keeps the point.
enum class Trim { Keep, Zeros };

/// numpy.format_float_positional / format_float_scientific (unique=True,
/// fractional=True, sign=False) with these options; -1 leaves one out.
struct Options {
  int precision = -1; // at most this many digits after the point
  int minDigits = -1; // at least this many (unique mode)
  Trim trim = Trim::Keep;
  int padLeft = -1;   // characters before the point, sign included
  int padRight = -1;  // characters after it (positional)
  int expDigits = -1; // at least this many exponent digits (scientific; 2 when -1)
};

std::string positional(const Binary &b, const Options &options);
std::string scientific(const Binary &b, const Options &options);

} // namespace idtr::dragon4

#endif // IDTR_DRAGON4_H
