// numpy's str() of an array: the element formats of arrayprint.py's
// IntegerFormat, BoolFormat and FloatingFormat (precision 8, floatmode
// 'maxprec', sign '-'; its two passes over numpy's Dragon4, Dragon4.h) and
// _formatArray's layout (summary, wrapping at linewidth 75), for the
// default print options. See NumpyFormat.h.
#include "io/NumpyFormat.h"

#include "io/Dragon4.h"
#include "support/ElementTypes.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <type_traits>

namespace idtr::numpyfmt {
namespace {

/// numpy's FloatingFormat precision: at most 8 digits after the point.
constexpr int kPrecision = 8;

template <typename T> constexpr bool kIsFloat = std::is_floating_point_v<T> || isHalfType<T>;

template <typename T> double toDouble(T v) {
  if constexpr (isHalfType<T>)
    return static_cast<double>(toFloat(v));
  else
    return static_cast<double>(v);
}

/// Whether max / min, computed in the element type as numpy computes it
/// (float16 through float32, rounded once more; an overflow is inf),
/// exceeds 1000: f16 1001 / 1.0009765625 is 1000.02 in double, but 1000 in
/// float16, and numpy prints the two positionally.
template <typename T> bool ratioAbove1000(double maxValue, double minValue) {
  if constexpr (isHalfType<T>)
    return toFloat(fromFloat<T>(static_cast<float>(maxValue) / static_cast<float>(minValue))) >
           1000.f;
  else
    return static_cast<T>(maxValue) / static_cast<T>(minValue) > static_cast<T>(1000);
}

/// A finite float as FloatingFormat's first pass writes it (precision 8,
/// unique, trim '.'), split: the integer part with its sign, the digits
/// after the point and (scientific) the exponent's digits.
struct FloatParts {
  size_t integer = 0, fraction = 0, exponent = 0;
};

template <typename T> FloatParts firstPass(T value, bool scientific) {
  dragon4::Options options;
  options.precision = kPrecision;
  options.trim = dragon4::Trim::Zeros;
  dragon4::Binary b = dragon4::decompose(value);
  std::string s = scientific ? dragon4::scientific(b, options) : dragon4::positional(b, options);
  size_t point = s.find('.'), e = s.find('e');
  FloatParts parts;
  parts.integer = point;
  parts.fraction = (e == std::string::npos ? s.size() : e) - point - 1;
  if (e != std::string::npos)
    parts.exponent = s.size() - e - 2; // after "e+" / "e-"
  return parts;
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
    : format_(format), numpyFloat_(kIsFloat<T> && format_.empty()) {}

template <typename T> bool ElementFormat<T>::needsMagnitudes() const { return numpyFloat_; }

template <typename T>
std::vector<int64_t> ElementFormat<T>::magnitudes(const std::vector<Stored<T>> &values) const {
  // The largest and (negated) smallest non-zero finite magnitude, as the
  // bits of a double (ordered like the values for non-negative doubles).
  std::vector<int64_t> m{-1, std::numeric_limits<int64_t>::min()};
  if constexpr (kIsFloat<T>) {
    for (T v : values) {
      double a = std::fabs(toDouble(v));
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
  expFormat_ = maxValue >= 1.e8 || minValue < 0.0001 || ratioAbove1000<T>(maxValue, minValue);
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
  if constexpr (kIsFloat<T>) {
    for (T v : values) {
      double d = toDouble(v);
      if (!std::isfinite(d)) {
        w[4] = 1;
        if (std::isinf(d) && d < 0)
          w[5] = 1;
        continue;
      }
      w[0] = 1;
      FloatParts parts = firstPass(v, expFormat_);
      w[1] = std::max(w[1], static_cast<int64_t>(parts.integer));
      w[2] = std::max(w[2], static_cast<int64_t>(parts.fraction));
      w[3] = std::max(w[3], static_cast<int64_t>(parts.exponent));
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
    if constexpr (kIsFloat<T>)
      len = std::snprintf(buf, sizeof(buf), format_.c_str(), toDouble(value));
    else
      len = std::snprintf(buf, sizeof(buf), format_.c_str(), static_cast<long long>(value));
    return std::string(buf, len < 0 ? 0 : std::min<size_t>(static_cast<size_t>(len), sizeof(buf) - 1));
  }
}

template <typename T> std::string ElementFormat<T>::operator()(T value) const {
  if (!numpyFloat_)
    return padLeft(text(value), width_);
  if constexpr (kIsFloat<T>) {
    double d = toDouble(value);
    if (!std::isfinite(d))
      return padLeft(std::isnan(d) ? "nan" : d < 0 ? "-inf" : "inf", padLeft_ + padRight_ + 1);
    // FloatingFormat.__call__: scientific with exactly `precision` digits
    // after the point (the exact digits beyond the unique ones, trim 'k'),
    // or positional with the unique digits and the units at least
    // (min_digits 0), padded to the widest.
    dragon4::Options options;
    options.padLeft = static_cast<int>(padLeft_);
    if (expFormat_) {
      options.precision = options.minDigits = static_cast<int>(precision_);
      options.trim = dragon4::Trim::Keep;
      options.expDigits = static_cast<int>(expSize_);
      return dragon4::scientific(dragon4::decompose(value), options);
    }
    options.precision = kPrecision;
    options.minDigits = 0;
    options.trim = dragon4::Trim::Zeros;
    options.padRight = static_cast<int>(padRight_);
    return dragon4::positional(dragon4::decompose(value), options);
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
template class ElementFormat<Half>;
template class ElementFormat<BFloat16>;

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
