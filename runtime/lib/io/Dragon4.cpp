// numpy's Dragon4 in unique mode and the positional / scientific formats
// around it (Dragon4.h). The digit loop keeps the value, the scale and the
// margins (half the distance to the neighbouring values) as exact
// integers, scaled so that value / scale is the remaining fraction of the
// current digit.
#include "io/Dragon4.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

namespace idtr::dragon4 {
namespace {

/// An unsigned integer of any size, in 32-bit words, least significant
/// first, without leading zero words. Only what the digit loop needs; the
/// largest values (f64's subnormals times 10^323) take about 36 words.
class BigInt {
public:
  BigInt() = default;
  explicit BigInt(uint64_t v) {
    while (v) {
      words_.push_back(static_cast<uint32_t>(v));
      v >>= 32;
    }
  }
  static BigInt pow2(int n) {
    BigInt b(1);
    b.shiftLeft(n);
    return b;
  }

  bool isZero() const { return words_.empty(); }

  void shiftLeft(int n) {
    if (isZero() || n == 0)
      return;
    int wordsShift = n / 32, bits = n % 32;
    std::vector<uint32_t> out(words_.size() + static_cast<size_t>(wordsShift) + 1, 0);
    for (size_t i = 0; i < words_.size(); ++i) {
      uint64_t v = static_cast<uint64_t>(words_[i]) << bits;
      out[i + static_cast<size_t>(wordsShift)] |= static_cast<uint32_t>(v);
      out[i + static_cast<size_t>(wordsShift) + 1] |= static_cast<uint32_t>(v >> 32);
    }
    words_ = std::move(out);
    trim();
  }

  void multiply(uint32_t m) {
    uint64_t carry = 0;
    for (uint32_t &w : words_) {
      uint64_t v = static_cast<uint64_t>(w) * m + carry;
      w = static_cast<uint32_t>(v);
      carry = v >> 32;
    }
    if (carry)
      words_.push_back(static_cast<uint32_t>(carry));
    trim();
  }

  void multiplyPow10(int n) {
    for (; n >= 9; n -= 9)
      multiply(1000000000u);
    static const uint32_t kSmall[] = {1, 10, 100, 1000, 10000, 100000, 1000000, 10000000,
                                      100000000};
    multiply(kSmall[n]);
  }

  friend BigInt operator+(const BigInt &a, const BigInt &b) {
    BigInt r;
    size_t n = std::max(a.words_.size(), b.words_.size());
    r.words_.resize(n + 1, 0);
    uint64_t carry = 0;
    for (size_t i = 0; i < n; ++i) {
      uint64_t v = carry + (i < a.words_.size() ? a.words_[i] : 0) +
                   (i < b.words_.size() ? b.words_[i] : 0);
      r.words_[i] = static_cast<uint32_t>(v);
      carry = v >> 32;
    }
    r.words_[n] = static_cast<uint32_t>(carry);
    r.trim();
    return r;
  }

  /// *this -= b, for b <= *this.
  void subtract(const BigInt &b) {
    int64_t borrow = 0;
    for (size_t i = 0; i < words_.size(); ++i) {
      int64_t v = static_cast<int64_t>(words_[i]) - borrow -
                  (i < b.words_.size() ? static_cast<int64_t>(b.words_[i]) : 0);
      borrow = v < 0;
      words_[i] = static_cast<uint32_t>(v + (borrow << 32));
    }
    trim();
  }

  friend int compare(const BigInt &a, const BigInt &b) {
    if (a.words_.size() != b.words_.size())
      return a.words_.size() < b.words_.size() ? -1 : 1;
    for (size_t i = a.words_.size(); i-- > 0;)
      if (a.words_[i] != b.words_[i])
        return a.words_[i] < b.words_[i] ? -1 : 1;
    return 0;
  }

private:
  void trim() {
    while (!words_.empty() && words_.back() == 0)
      words_.pop_back();
  }

  std::vector<uint32_t> words_;
};

Binary fromBits(uint64_t bits, int mantissaBits, int exponentBits) {
  uint64_t fraction = bits & ((uint64_t(1) << mantissaBits) - 1);
  uint64_t field = (bits >> mantissaBits) & ((uint64_t(1) << exponentBits) - 1);
  int bias = (1 << (exponentBits - 1)) - 1;
  Binary b;
  b.negative = (bits >> (mantissaBits + exponentBits)) & 1;
  if (field != 0) {
    b.mantissa = fraction | uint64_t(1) << mantissaBits;
    b.exponent = static_cast<int32_t>(field) - bias - mantissaBits;
    b.mantissaBit = mantissaBits;
    b.unequalMargins = field != 1 && fraction == 0;
  } else {
    b.mantissa = fraction;
    b.exponent = 1 - bias - mantissaBits;
    b.mantissaBit = fraction ? 63 - __builtin_clzll(fraction) : 0;
  }
  return b;
}

} // namespace

Binary decompose(double value) {
  uint64_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return fromBits(bits, 52, 11);
}

Binary decompose(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof(bits));
  return fromBits(bits, 23, 8);
}

Binary decompose(Half value) { return fromBits(value.bits, 10, 5); }
Binary decompose(BFloat16 value) { return fromBits(value.bits, 7, 8); }

Digits unique(const Binary &b, bool afterPoint, int cutoffMax, int cutoffMin) {
  Digits out;
  if (b.mantissa == 0) {
    out.digits = "0";
    return out;
  }
  // value / scale is the number; low and high are the margins, scaled
  // alike (high = 2 * low at a power of two). Everything carries a factor
  // 2 (4 with unequal margins) so that half a unit is an integer.
  BigInt value(b.mantissa), scale, low;
  int shift = b.unequalMargins ? 2 : 1;
  if (b.exponent > 0) {
    value.shiftLeft(b.exponent + shift);
    scale = BigInt(uint64_t(1) << shift);
    low = BigInt::pow2(b.exponent);
  } else {
    value.shiftLeft(shift);
    scale = BigInt::pow2(-b.exponent + shift);
    low = BigInt(1);
  }
  uint32_t highFactor = b.unequalMargins ? 2 : 1;

  // An estimate of the exponent of the first digit, plus one, that is
  // right or one too small (Burger & Dybvig), corrected below. A fraction
  // cutoff never needs digits before it: the estimate is clamped there,
  // which only makes the first digits zeros.
  int digitExponent = static_cast<int>(
      std::ceil((b.mantissaBit + b.exponent) * 0.30102999566398119521373889472449 - 0.69));
  if (cutoffMax >= 0 && afterPoint && digitExponent <= -cutoffMax)
    digitExponent = -cutoffMax + 1;
  if (digitExponent > 0) {
    scale.multiplyPow10(digitExponent);
  } else if (digitExponent < 0) {
    value.multiplyPow10(-digitExponent);
    low.multiplyPow10(-digitExponent);
  }
  if (compare(value, scale) >= 0) {
    ++digitExponent;
  } else {
    value.multiply(10);
    low.multiply(10);
  }

  // The exponents of the last digit allowed and of the last one required.
  // Without a cutoff the loop ends by uniqueness long before this bound.
  int cutoffMaxExponent = digitExponent - 1000;
  if (cutoffMax >= 0)
    cutoffMaxExponent =
        std::max(cutoffMaxExponent, afterPoint ? -cutoffMax : digitExponent - cutoffMax);
  int cutoffMinExponent = digitExponent;
  if (cutoffMin >= 0)
    cutoffMinExponent =
        std::min(cutoffMinExponent, afterPoint ? -cutoffMin : digitExponent - cutoffMin);
  out.exponent = digitExponent - 1;

  // A boundary of the rounding interval reads back as this value when its
  // mantissa is even (round half to even): then it is inside.
  bool even = (b.mantissa & 1) == 0;
  bool roundsDown = false, roundsUp = false;
  uint32_t digit = 0;
  for (;;) {
    --digitExponent;
    digit = 0;
    while (compare(value, scale) >= 0) {
      value.subtract(scale);
      ++digit;
    }
    BigInt high = low;
    high.multiply(highFactor);
    int down = compare(value, low), up = compare(value + high, scale);
    roundsDown = even ? down <= 0 : down < 0; // this digit, truncated, is inside
    roundsUp = even ? up >= 0 : up > 0;       // this digit plus one is inside
    if (((roundsDown || roundsUp) && digitExponent <= cutoffMinExponent) ||
        digitExponent == cutoffMaxExponent)
      break;
    out.digits += static_cast<char>('0' + digit);
    value.multiply(10);
    low.multiply(10);
  }

  // The last digit: the one inside the interval, or the closer one when
  // both or neither are (half to even).
  bool down = roundsDown;
  if (roundsDown == roundsUp) {
    value.multiply(2);
    int c = compare(value, scale);
    down = c < 0 || (c == 0 && (digit & 1) == 0);
  }
  if (down || digit < 9) {
    out.digits += static_cast<char>('0' + digit + (down ? 0 : 1));
    return out;
  }
  // Rounding up a 9 carries into the digits before it.
  while (!out.digits.empty() && out.digits.back() == '9')
    out.digits.pop_back();
  if (out.digits.empty()) {
    out.digits = "1";
    ++out.exponent;
  } else {
    ++out.digits.back();
  }
  return out;
}

namespace {

/// Applies the trim mode and the minimum digit count to the digits after
/// the point.
void trimFraction(std::string &fraction, const Options &options) {
  if (options.trim == Trim::Keep) {
    if (options.minDigits > static_cast<int>(fraction.size()))
      fraction.append(static_cast<size_t>(options.minDigits) - fraction.size(), '0');
    return;
  }
  while (!fraction.empty() && fraction.back() == '0')
    fraction.pop_back();
}

} // namespace

std::string positional(const Binary &b, const Options &options) {
  Digits d = unique(b, /*afterPoint=*/true, options.precision, options.minDigits);
  std::string whole, fraction;
  if (d.exponent >= 0) {
    size_t wholeDigits = static_cast<size_t>(d.exponent) + 1;
    if (d.digits.size() <= wholeDigits) {
      whole = d.digits + std::string(wholeDigits - d.digits.size(), '0');
    } else {
      whole = d.digits.substr(0, wholeDigits);
      fraction = d.digits.substr(wholeDigits);
    }
  } else {
    whole = "0";
    fraction = std::string(static_cast<size_t>(-d.exponent - 1), '0') + d.digits;
  }
  trimFraction(fraction, options);
  std::string s = (b.negative ? "-" : "") + whole + "." + fraction;
  if (options.padRight > static_cast<int>(fraction.size()))
    s.append(static_cast<size_t>(options.padRight) - fraction.size(), ' ');
  int left = static_cast<int>(whole.size()) + b.negative;
  if (options.padLeft > left)
    s.insert(0, static_cast<size_t>(options.padLeft - left), ' ');
  return s;
}

std::string scientific(const Binary &b, const Options &options) {
  Digits d = unique(b, /*afterPoint=*/false,
                    options.precision < 0 ? -1 : options.precision + 1,
                    options.minDigits < 0 ? -1 : options.minDigits + 1);
  std::string fraction = d.digits.substr(1);
  trimFraction(fraction, options);
  std::string s;
  int left = 1 + b.negative;
  if (options.padLeft > left)
    s.append(static_cast<size_t>(options.padLeft - left), ' ');
  s += (b.negative ? "-" : "") + d.digits.substr(0, 1) + "." + fraction + "e" +
       (d.exponent < 0 ? "-" : "+");
  std::string exponent = std::to_string(std::abs(d.exponent));
  int expDigits = options.expDigits < 0 ? 2 : std::min(options.expDigits, 5);
  if (static_cast<int>(exponent.size()) < expDigits)
    exponent.insert(0, static_cast<size_t>(expDigits) - exponent.size(), '0');
  return s + exponent;
}

} // namespace idtr::dragon4
