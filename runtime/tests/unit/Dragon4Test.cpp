// Dragon4.h and NumpyFormat.h's float formats against numpy's (numpy
// 1.24: format_float_positional / format_float_scientific, print() of
// arrays): each type's own unique digits, the exact digits beyond them,
// the boundaries of the rounding interval, and the array statistics.
#include "io/Dragon4.h"
#include "io/NumpyFormat.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>
#include <vector>

using namespace idtr;
using namespace idtr::dragon4;

namespace {

Options unique8() {
  Options o;
  o.precision = 8;
  o.trim = Trim::Zeros;
  return o;
}

Options shortest() {
  Options o;
  o.trim = Trim::Zeros;
  return o;
}

Options exactly(int digits) {
  Options o;
  o.precision = o.minDigits = digits;
  o.trim = Trim::Keep;
  return o;
}

Half half(float f) { return fromFloat<Half>(f); }

/// numpy's print() of a 1-D array, through both rounds of ElementFormat.
template <typename T> std::string printed(const std::vector<T> &values) {
  numpyfmt::ElementFormat<T> fmt("");
  fmt.setMagnitudes(fmt.magnitudes(values));
  fmt.setWidths(fmt.widths(values));
  size_t k = 0;
  return numpyfmt::layout({static_cast<int64_t>(values.size())},
                          [&] { return fmt(values[k++]); });
}

} // namespace

TEST(Dragon4, DigitsOfTheValuesOwnType) {
  // 0.1 as f16 is 0.0999755859375: "0.1" reads back as it, in f16.
  Digits d = unique(decompose(half(0.1f)), false, -1, -1);
  EXPECT_EQ(d.digits, "1");
  EXPECT_EQ(d.exponent, -1);
  EXPECT_EQ(scientific(decompose(half(0.1f)), shortest()), "1.e-01");
  EXPECT_EQ(positional(decompose(0.1f), shortest()), "0.1");
  EXPECT_EQ(positional(decompose(1 / 3.f), shortest()), "0.33333334");
  EXPECT_EQ(positional(decompose(1 / 3.), unique8()), "0.33333333");
  EXPECT_EQ(scientific(decompose(BFloat16{0x4049}), shortest()), "3.14e+00");
  EXPECT_EQ(scientific(decompose(1e-5f), shortest()), "1.e-05");
}

TEST(Dragon4, ExactDigitsBeyondTheUniqueOnes) {
  // What numpy prints for 1e-5 among 7-digit mantissas: f32's 1e-5 is
  // 9.99999974737875e-06, f64's 1.00000000000000008e-05.
  EXPECT_EQ(scientific(decompose(1e-5f), exactly(7)), "9.9999997e-06");
  EXPECT_EQ(scientific(decompose(1e-5), exactly(7)), "1.0000000e-05");
  EXPECT_EQ(scientific(decompose(half(0.1f)), exactly(3)), "9.998e-02");
  // The units of an f16 are digits too: 65504, not 65500.
  Options units = unique8();
  units.minDigits = 0;
  EXPECT_EQ(positional(decompose(half(65504.f)), units), "65504.");
  EXPECT_EQ(positional(decompose(half(65504.f)), unique8()), "65500.");
}

TEST(Dragon4, Boundaries) {
  // 4110 is the boundary between f16 4112 and 4108, and 4112's mantissa
  // is even: the boundary reads back as 4112, so 3 digits suffice.
  EXPECT_EQ(scientific(decompose(half(4112.f)), shortest()), "4.11e+03");
  // Powers of two have a closer neighbour below; the extremes.
  EXPECT_EQ(scientific(decompose(std::ldexp(1.0, -1022)), shortest()),
            "2.2250738585072014e-308");
  EXPECT_EQ(scientific(decompose(std::numeric_limits<double>::denorm_min()), shortest()),
            "5.e-324");
  EXPECT_EQ(scientific(decompose(std::numeric_limits<float>::denorm_min()), shortest()),
            "1.e-45");
  EXPECT_EQ(positional(decompose(9007199254740992.0), shortest()), "9007199254740992.");
  EXPECT_EQ(scientific(decompose(std::ldexp(1.0f, 100)), shortest()), "1.2676506e+30");
}

TEST(Dragon4, CutoffsRoundAndCarry) {
  Options two = shortest();
  two.precision = 2;
  EXPECT_EQ(positional(decompose(9.999), two), "10.");
  EXPECT_EQ(scientific(decompose(9.9999), two), "1.e+01");
  // Below the cutoff: zero digits.
  EXPECT_EQ(positional(decompose(1e-10), unique8()), "0.");
  EXPECT_EQ(positional(decompose(6e-9), unique8()), "0.00000001");
}

TEST(Dragon4, SignsAndPadding) {
  Options o = unique8();
  o.padLeft = 3;
  o.padRight = 4;
  EXPECT_EQ(positional(decompose(half(-0.f)), o), " -0.    ");
  Options e = exactly(2);
  e.padLeft = 2;
  e.expDigits = 3;
  EXPECT_EQ(scientific(decompose(1.5e100), e), " 1.50e+100");
  EXPECT_EQ(scientific(decompose(-1.5e-100), e), "-1.50e-100");
}

TEST(NumpyFormat, FloatArraysAsNumpyPrintsThem) {
  double inf = std::numeric_limits<double>::infinity(), nan = std::nan("");
  EXPECT_EQ(printed<float>({1e-5f, 0.1f, 1 / 3.f, 1e10f, -0.f, float(inf), float(nan)}),
            "[ 9.9999997e-06  1.0000000e-01  3.3333334e-01  1.0000000e+10\n"
            " -0.0000000e+00            inf            nan]");
  EXPECT_EQ(printed<double>({1e-5, 1.5}), "[1.0e-05 1.5e+00]");
  EXPECT_EQ(printed<Half>({half(1e-5f), half(0.1f), half(1 / 3.f), half(1e4f), half(-0.f),
                           half(float(inf)), half(float(nan))}),
            "[ 1.001e-05  9.998e-02  3.333e-01  1.000e+04 -0.000e+00        inf\n"
            "        nan]");
  EXPECT_EQ(printed<Half>({half(100.f), half(2049.f), half(65504.f), half(60000.f)}),
            "[  100.  2048. 65504. 60000.]");
  EXPECT_EQ(printed<Half>({half(0.1f), half(0.5f), half(1.f)}), "[0.1 0.5 1. ]");
}

TEST(NumpyFormat, MagnitudeRatioInTheElementType) {
  // 1001 / 1.0009765625 is 1000.0234, but 1000 in f16's division (through
  // f32, rounded to f16): numpy stays positional.
  EXPECT_EQ(printed<Half>({half(1.0009765625f), half(1001.f)}), "[   1.001 1001.   ]");
  EXPECT_EQ(printed<double>({1.0009765625, 1001.}), "[1.00097656e+00 1.00100000e+03]");
  // Likewise in f32.
  float lo = 1.00000012f, hi = 1000.00012f;
  EXPECT_EQ(printed<float>({lo, hi}), "[   1.0000001 1000.0001   ]");
}
