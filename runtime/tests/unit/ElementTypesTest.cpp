// f16/bf16 conversions (ElementTypes.h): every half and bfloat16 value
// widens exactly and narrows back to itself; narrowing rounds to nearest
// even like the compiler's arith.truncf (checked against the compiler's own
// _Float16 conversion on a sweep of floats, and by hand at the edges).
#include "support/ElementTypes.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>

using namespace idtr;

namespace {
uint32_t bitsOf(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
float floatOf(uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}
} // namespace

TEST(ElementTypes, EveryHalfRoundTrips) {
  for (uint32_t h = 0; h < 0x10000; ++h) {
    float f = halfToFloat(static_cast<uint16_t>(h));
    bool nan = (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu);
    if (nan) {
      EXPECT_TRUE(std::isnan(f)) << h;
      EXPECT_TRUE(std::isnan(halfToFloat(floatToHalf(f)))) << h;
      continue;
    }
    EXPECT_EQ(floatToHalf(f), h) << h;
#ifdef __FLT16_MANT_DIG__
    _Float16 ref;
    uint16_t bits = static_cast<uint16_t>(h);
    std::memcpy(&ref, &bits, 2);
    EXPECT_EQ(bitsOf(static_cast<float>(ref)), bitsOf(f)) << h;
#endif
  }
}

TEST(ElementTypes, HalfRoundsToNearestEven) {
  EXPECT_EQ(floatToHalf(65504.0f), 0x7bffu);
  EXPECT_EQ(floatToHalf(65519.0f), 0x7bffu);
  EXPECT_EQ(floatToHalf(65520.0f), 0x7c00u); // halfway: to even, infinity
  EXPECT_EQ(floatToHalf(-1e10f), 0xfc00u);
  EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -24)), 0x0001u);   // smallest subnormal
  EXPECT_EQ(floatToHalf(std::ldexp(1.0f, -25)), 0x0000u);   // halfway: to even, 0
  EXPECT_EQ(floatToHalf(std::ldexp(1.5f, -25)), 0x0001u);
  EXPECT_EQ(floatToHalf(std::ldexp(3.0f, -25)), 0x0002u);   // 1.5 ulp: to even
  EXPECT_EQ(floatToHalf(1.0f + std::ldexp(1.0f, -11)), 0x3c00u); // halfway to 1+ulp
  EXPECT_EQ(floatToHalf(1.0f + std::ldexp(3.0f, -11)), 0x3c02u);
  EXPECT_EQ(floatToHalf(-0.0f), 0x8000u);
#ifdef __FLT16_MANT_DIG__
  std::mt19937 rng(7);
  std::uniform_int_distribution<uint32_t> any;
  for (int i = 0; i < 200000; ++i) {
    float f = floatOf(any(rng));
    if (std::isnan(f))
      continue;
    _Float16 ref = static_cast<_Float16>(f);
    uint16_t bits;
    std::memcpy(&bits, &ref, 2);
    ASSERT_EQ(floatToHalf(f), bits) << f;
  }
#endif
}

TEST(ElementTypes, BFloat16) {
  for (uint32_t b = 0; b < 0x10000; ++b) {
    float f = bfloatToFloat(static_cast<uint16_t>(b));
    if (std::isnan(f))
      continue;
    EXPECT_EQ(floatToBFloat(f), b) << b;
  }
  EXPECT_EQ(floatToBFloat(floatOf(0x3f808000u)), 0x3f80u); // halfway: to even
  EXPECT_EQ(floatToBFloat(floatOf(0x3f818000u)), 0x3f82u);
  EXPECT_EQ(floatToBFloat(floatOf(0x3f808001u)), 0x3f81u);
  EXPECT_TRUE(std::isnan(bfloatToFloat(floatToBFloat(std::nanf("")))));
  EXPECT_TRUE(std::isnan(bfloatToFloat(floatToBFloat(floatOf(0x7f800001u)))));
}
