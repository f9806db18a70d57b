// numpy's str() of an array: the element formats of arrayprint.py's
// IntegerFormat, BoolFormat and FloatingFormat (precision 8, floatmode
// 'maxprec', sign '-') and _formatArray's layout (summary, wrapping at
// linewidth 75), for the default print options. See NumpyFormat.h.
#include "NumpyFormat.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <type_traits>

namespace idtr::numpyfmt {
namespace {

/// numpy's FloatingFormat precision: at most 8 digits after the point.
constexpr int kPrecision = 8;

/// A finite float as numpy's dragon4 in unique mode writes it, cut to at
/// most kPrecision digits after the point: sign, integer digits,
/// fractional digits and (scientific) the decimal exponent.
struct FloatText {
  bool negative = false;
  std::string integer, fraction;
  int exponent = 0;
};

/// The shortest digits d0 d1 ... that round-trip `x` (>= 0) and the
/// exponent of d0.
template <typename T> void shortest(T x, std::string &digits, int &exponent) {
  char buf[64];
  auto r = std::to_chars(buf, buf + sizeof(buf), x, std::chars_format::scientific);
  std::string s(buf, r.ptr);
  size_t e = s.find('e');
  exponent = std::atoi(s.c_str() + e + 1);
  digits.clear();
  for (size_t i = 0; i < e; ++i)
    if (s[i] != '.')
      digits += s[i];
}

void trimZeros(std::string &digits, size_t keep) {
  while (digits.size() > keep && digits.back() == '0')
    digits.pop_back();
}

/// Scientific: d0 . d1 d2 ... e exponent.
template <typename T> FloatText scientific(T value) {
  FloatText t;
  t.negative = std::signbit(value);
  T x = std::fabs(value);
  std::string digits;
  shortest(x, digits, t.exponent);
  if (static_cast<int>(digits.size()) - 1 > kPrecision) {
    // More digits than numpy prints: the exact value rounded to kPrecision.
    char buf[64];
    std::snprintf(buf, sizeof(buf), "%.*e", kPrecision, static_cast<double>(x));
    const char *e = std::strchr(buf, 'e');
    t.exponent = std::atoi(e + 1);
    digits.clear();
    for (const char *c = buf; c < e; ++c)
      if (*c != '.')
        digits += *c;
    trimZeros(digits, 1);
  }
  t.integer = digits.substr(0, 1);
  t.fraction = digits.substr(1);
  return t;
}

/// Positional: integer digits . fraction digits.
template <typename T> FloatText positional(T value) {
  FloatText t;
  t.negative = std::signbit(value);
  T x = std::fabs(value);
  std::string digits;
  int exponent = 0;
  shortest(x, digits, exponent);
  if (exponent >= 0) {
    if (static_cast<int>(digits.size()) < exponent + 1)
      digits.append(static_cast<size_t>(exponent + 1) - digits.size(), '0');
    t.integer = digits.substr(0, static_cast<size_t>(exponent) + 1);
    t.fraction = digits.substr(static_cast<size_t>(exponent) + 1);
  } else {
    t.integer = "0";
    t.fraction = std::string(static_cast<size_t>(-exponent - 1), '0') + digits;
  }
  if (static_cast<int>(t.fraction.size()) > kPrecision) {
    char buf[400];
    std::snprintf(buf, sizeof(buf), "%.*f", kPrecision, static_cast<double>(x));
    const char *dot = std::strchr(buf, '.');
    t.integer.assign(buf, static_cast<size_t>(dot - buf));
    t.fraction = dot + 1;
    trimZeros(t.fraction, 0);
  }
  return t;
}

int64_t doubleBits(double v) {
  int64_t bits;
  std::memcpy(&bits, &v, sizeof(bits));
  return bits;
}
double bitsDouble(int64_t bits) {
  double v;
  std::memcpy(&v, &bits, sizeof(v));
  return v;
}

std::string padLeft(std::string s, int64_t width) {
  if (static_cast<int64_t>(s.size()) < width)
    s.insert(0, static_cast<size_t>(width) - s.size(), ' ');
  return s;
}

} // namespace

std::vector<int64_t> shownIndices(const Shape &shape, size_t d) {
  int64_t n = shape[d];
  std::vector<int64_t> indices;
  bool summarize = volume(shape) > kThreshold && n > 2 * kEdgeItems;
  for (int64_t i = 0; i < n; ++i) {
    if (summarize && i == kEdgeItems)
      i = n - kEdgeItems;
    indices.push_back(i);
  }
  return indices;
}

int64_t shownVolume(const Shape &shape) {
  int64_t n = 1;
  for (size_t d = 0; d < shape.size(); ++d)
    n *= static_cast<int64_t>(shownIndices(shape, d).size());
  return n;
}

template <typename T>
ElementFormat<T>::ElementFormat(const char *format)
    : format_(format), numpyFloat_(std::is_floating_point_v<T> && format_.empty()) {}

template <typename T> bool ElementFormat<T>::needsMagnitudes() const { return numpyFloat_; }

template <typename T>
std::vector<int64_t> ElementFormat<T>::magnitudes(const std::vector<Stored<T>> &values) const {
  // The largest and (negated) smallest non-zero finite magnitude, as the
  // bits of a double (ordered like the values for non-negative doubles).
  std::vector<int64_t> m{-1, std::numeric_limits<int64_t>::min()};
  if constexpr (std::is_floating_point_v<T>) {
    for (T v : values) {
      double a = std::fabs(static_cast<double>(v));
      if (!std::isfinite(a) || a == 0)
        continue;
      m[0] = std::max(m[0], doubleBits(a));
      m[1] = std::max(m[1], -doubleBits(a));
    }
  }
  return m;
}

template <typename T> void ElementFormat<T>::setMagnitudes(const std::vector<int64_t> &m) {
  if (m[0] < 0)
    return; // no non-zero finite value: positional
  double maxValue = bitsDouble(m[0]), minValue = bitsDouble(-m[1]);
  expFormat_ = maxValue >= 1.e8 || minValue < 0.0001 || maxValue / minValue > 1000.;
}

template <typename T>
std::vector<int64_t> ElementFormat<T>::widths(const std::vector<Stored<T>> &values) const {
  if (!numpyFloat_) {
    int64_t width = 0;
    for (Stored<T> v : values)
      width = std::max<int64_t>(width, static_cast<int64_t>(text(static_cast<T>(v)).size()));
    return {width};
  }
  // any finite, integer part, fraction, exponent digits, any non-finite,
  // any -inf.
  std::vector<int64_t> w(6, 0);
  if constexpr (std::is_floating_point_v<T>) {
    for (T v : values) {
      if (!std::isfinite(v)) {
        w[4] = 1;
        if (std::isinf(v) && v < 0)
          w[5] = 1;
        continue;
      }
      w[0] = 1;
      FloatText t = expFormat_ ? scientific(v) : positional(v);
      w[1] = std::max<int64_t>(w[1], static_cast<int64_t>(t.integer.size()) + t.negative);
      w[2] = std::max<int64_t>(w[2], static_cast<int64_t>(t.fraction.size()));
      if (expFormat_) {
        int e = std::abs(t.exponent);
        int64_t digits = e >= 100 ? 3 : 2;
        w[3] = std::max(w[3], digits);
      }
    }
  }
  return w;
}

template <typename T> void ElementFormat<T>::setWidths(const std::vector<int64_t> &w) {
  if (!numpyFloat_) {
    width_ = w[0];
    if (std::is_same_v<T, bool>)
      width_ = std::max<int64_t>(width_, 5); // numpy's ' True'
    return;
  }
  if (w[0]) {
    padLeft_ = w[1];
    precision_ = w[2];
    if (expFormat_) {
      expSize_ = w[3];
      padRight_ = expSize_ + 2 + precision_;
    } else {
      padRight_ = precision_;
    }
  }
  if (w[4]) {
    int64_t offset = padRight_ + 1;
    padLeft_ = std::max({padLeft_, 3 - offset, 3 + w[5] - offset});
  }
}

template <typename T> std::string ElementFormat<T>::text(T value) const {
  if constexpr (std::is_same_v<T, bool>) {
    return value ? "True" : "False";
  } else {
    char buf[128];
    int len;
    if constexpr (std::is_floating_point_v<T>)
      len = std::snprintf(buf, sizeof(buf), format_.c_str(), static_cast<double>(value));
    else
      len = std::snprintf(buf, sizeof(buf), format_.c_str(), static_cast<long long>(value));
    return std::string(buf, len < 0 ? 0 : std::min<size_t>(static_cast<size_t>(len), sizeof(buf) - 1));
  }
}

template <typename T> std::string ElementFormat<T>::operator()(T value) const {
  if (!numpyFloat_)
    return padLeft(text(value), width_);
  if constexpr (std::is_floating_point_v<T>) {
    if (!std::isfinite(value)) {
      std::string s = std::isnan(value) ? "nan" : value < 0 ? "-inf" : "inf";
      return padLeft(s, padLeft_ + padRight_ + 1);
    }
    FloatText t = expFormat_ ? scientific(value) : positional(value);
    std::string s = padLeft((t.negative ? "-" : "") + t.integer, padLeft_) + ".";
    if (expFormat_) {
      t.fraction.append(static_cast<size_t>(std::max<int64_t>(
                            precision_ - static_cast<int64_t>(t.fraction.size()), 0)),
                        '0');
      std::string e = std::to_string(std::abs(t.exponent));
      if (static_cast<int64_t>(e.size()) < expSize_)
        e.insert(0, static_cast<size_t>(expSize_) - e.size(), '0');
      return s + t.fraction + "e" + (t.exponent < 0 ? "-" : "+") + e;
    }
    t.fraction.append(static_cast<size_t>(std::max<int64_t>(
                          padRight_ - static_cast<int64_t>(t.fraction.size()), 0)),
                      ' ');
    return s + t.fraction;
  }
  return text(value);
}

template class ElementFormat<double>;
template class ElementFormat<float>;
template class ElementFormat<int64_t>;
template class ElementFormat<int32_t>;
template class ElementFormat<int16_t>;
template class ElementFormat<int8_t>;
template class ElementFormat<bool>;

namespace {

/// arrayprint._extendLine: `word` appended to `line`, or to a new line
/// when it would pass `width` (unless the line holds only the indent).
void extendLine(std::string &s, std::string &line, const std::string &word, size_t width,
                const std::string &indent) {
  if (line.size() + word.size() > width && line.size() > indent.size()) {
    size_t end = line.find_last_not_of(' ');
    s += line.substr(0, end == std::string::npos ? 0 : end + 1) + "\n";
    line = indent;
  }
  line += word;
}

/// arrayprint._formatArray's recurser, for the separator ' ' of str().
std::string recurse(const Shape &shape, size_t axis, const std::string &indent, size_t width,
                    const std::function<std::string()> &next) {
  if (axis == shape.size())
    return next();
  std::string nextIndent = indent + ' ';
  size_t nextWidth = width - 1;
  std::vector<int64_t> shown = shownIndices(shape, axis);
  size_t count = shown.size();
  std::string s;
  auto gapBefore = [&](size_t k) { return k > 0 && shown[k] != shown[k - 1] + 1; };
  if (axis + 1 == shape.size()) {
    size_t elemWidth = width - 1; // max(len(' '.rstrip()), len(']'))
    std::string line = indent;
    for (size_t k = 0; k < count; ++k) {
      if (gapBefore(k)) {
        extendLine(s, line, "...", elemWidth, indent);
        line += ' ';
      }
      extendLine(s, line, recurse(shape, axis + 1, nextIndent, nextWidth, next), elemWidth,
                 indent);
      if (k + 1 < count)
        line += ' ';
    }
    s += line;
  } else {
    std::string lineSep(shape.size() - axis - 1, '\n');
    for (size_t k = 0; k < count; ++k) {
      if (gapBefore(k))
        s += indent + "..." + lineSep;
      s += indent + recurse(shape, axis + 1, nextIndent, nextWidth, next);
      if (k + 1 < count)
        s += lineSep;
    }
  }
  return "[" + s.substr(indent.size()) + "]";
}

} // namespace

std::string layout(const Shape &shape, const std::function<std::string()> &next) {
  if (volume(shape) == 0)
    return "[]";
  return recurse(shape, 0, " ", 75, next);
}

} // namespace idtr::numpyfmt
