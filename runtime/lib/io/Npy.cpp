#include "io/Npy.h"

#include <cctype>
#include <cstdlib>
#include <cstring>

namespace idtr {
namespace npy {
namespace {

const char kMagic[] = "\x93NUMPY";
constexpr int kMagicBytes = 6;

// A cursor over the header's Python dict literal: only what numpy writes
// (and reasonable spacing around it) is accepted.
struct Cursor {
  const char *p, *end;
  void skipSpace() {
    while (p < end && std::isspace(static_cast<unsigned char>(*p)))
      ++p;
  }
  bool eat(char c) {
    skipSpace();
    if (p < end && *p == c) {
      ++p;
      return true;
    }
    return false;
  }
  bool string(std::string &out) {
    skipSpace();
    if (p >= end || (*p != '\'' && *p != '"'))
      return false;
    char quote = *p++;
    const char *start = p;
    while (p < end && *p != quote)
      ++p;
    if (p >= end)
      return false;
    out.assign(start, p);
    ++p;
    return true;
  }
  bool word(const char *w) {
    skipSpace();
    size_t n = std::strlen(w);
    if (static_cast<size_t>(end - p) < n || std::strncmp(p, w, n) != 0)
      return false;
    p += n;
    return true;
  }
  bool integer(int64_t &v) {
    skipSpace();
    const char *start = p;
    v = 0;
    while (p < end && std::isdigit(static_cast<unsigned char>(*p))) {
      if (v > (INT64_MAX - (*p - '0')) / 10)
        return false;
      v = v * 10 + (*p++ - '0');
    }
    // numpy on some platforms wrote "3L".
    if (p > start && p < end && *p == 'L')
      ++p;
    return p > start;
  }
};

} // namespace

std::string shapeText(const Shape &shape) {
  std::string text = "(";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? ", " : "") + std::to_string(shape[i]);
  if (shape.size() == 1)
    text += ",";
  return text + ")";
}

std::string encodeHeader(const std::string &descr, const Shape &shape) {
  std::string dict = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " +
                     shapeText(shape) + ", }";
  // numpy.save (GROWTH_AXIS_MAX_DIGITS in numpy/lib/format.py, numpy 1.24
  // and 2.x) leaves room for the first dimension to grow to 21
  // digits before padding, so that appending can rewrite the header in
  // place: without these spaces the data would start 64 bytes earlier for
  // the shapes whose text ends just below a multiple of 64.
  constexpr size_t kGrowthAxisMaxDigits = 21;
  if (!shape.empty()) {
    size_t digits = std::to_string(shape[0]).size();
    if (digits < kGrowthAxisMaxDigits)
      dict.append(kGrowthAxisMaxDigits - digits, ' ');
  }
  // Version 1.0 if the padded text fits a uint16 length.
  for (int major = 1; major <= 2; ++major) {
    int64_t fixed = kMagicBytes + 2 + (major == 1 ? 2 : 4);
    int64_t total = fixed + static_cast<int64_t>(dict.size()) + 1;
    total = (total + 63) / 64 * 64;
    int64_t len = total - fixed;
    if (major == 1 && len > 65535)
      continue;
    std::string h(kMagic, kMagicBytes);
    h += static_cast<char>(major);
    h += '\0';
    for (int b = 0; b < (major == 1 ? 2 : 4); ++b)
      h += static_cast<char>((len >> (8 * b)) & 0xff);
    h += dict;
    h.append(static_cast<size_t>(total - 1) - h.size(), ' ');
    h += '\n';
    return h;
  }
  return std::string(); // unreachable: version 2.0 always fits
}

int64_t headerSize(const char *bytes, int64_t size, int64_t fileSize, std::string &error) {
  if (size < 10 || std::memcmp(bytes, kMagic, kMagicBytes) != 0) {
    error = "not a .npy file (no \\x93NUMPY magic)";
    return -1;
  }
  int major = static_cast<unsigned char>(bytes[6]);
  const unsigned char *len = reinterpret_cast<const unsigned char *>(bytes + 8);
  int64_t total;
  if (major == 1) {
    total = 10 + (len[0] | len[1] << 8);
  } else if (major == 2 || major == 3) {
    if (size < 12) {
      error = "truncated header";
      return -1;
    }
    total = 12 + (static_cast<int64_t>(len[0]) | static_cast<int64_t>(len[1]) << 8 |
                  static_cast<int64_t>(len[2]) << 16 | static_cast<int64_t>(len[3]) << 24);
  } else {
    error = "unsupported .npy format version " + std::to_string(major) + "." +
            std::to_string(static_cast<unsigned char>(bytes[7]));
    return -1;
  }
  if (total > fileSize) {
    error = "truncated header: its length field announces " + std::to_string(total) +
            " bytes but the file holds " + std::to_string(fileSize);
    return -1;
  }
  return total;
}

bool parseHeader(const char *bytes, int64_t size, Header &header, std::string &error) {
  int64_t total = headerSize(bytes, size, size, error);
  if (total < 0)
    return false;
  header.dataOffset = total;
  int64_t start = static_cast<unsigned char>(bytes[6]) == 1 ? 10 : 12;
  Cursor c{bytes + start, bytes + total};
  bool haveDescr = false, haveOrder = false, haveShape = false;
  if (!c.eat('{')) {
    error = "malformed header (no dict)";
    return false;
  }
  while (!c.eat('}')) {
    std::string key;
    if (!c.string(key) || !c.eat(':')) {
      error = "malformed header dict";
      return false;
    }
    if (key == "descr") {
      if (!c.string(header.descr)) {
        error = "the header's descr is not a simple dtype string (structured arrays are "
                "not supported)";
        return false;
      }
      haveDescr = true;
    } else if (key == "fortran_order") {
      if (c.word("True"))
        header.fortranOrder = true;
      else if (c.word("False"))
        header.fortranOrder = false;
      else {
        error = "malformed fortran_order";
        return false;
      }
      haveOrder = true;
    } else if (key == "shape") {
      if (!c.eat('(')) {
        error = "malformed shape";
        return false;
      }
      header.shape.clear();
      while (!c.eat(')')) {
        int64_t v = 0;
        if (!c.integer(v)) {
          error = "malformed shape";
          return false;
        }
        header.shape.push_back(v);
        if (!c.eat(',') && !(c.skipSpace(), c.p < c.end && *c.p == ')')) {
          error = "malformed shape";
          return false;
        }
      }
      haveShape = true;
    } else {
      error = "unknown header key '" + key + "'";
      return false;
    }
    if (!c.eat(',') && !(c.skipSpace(), c.p < c.end && *c.p == '}')) {
      error = "malformed header dict";
      return false;
    }
  }
  if (!haveDescr || !haveOrder || !haveShape) {
    error = "the header lacks descr, fortran_order or shape";
    return false;
  }
  return true;
}

bool checkDataSize(const Header &header, int64_t itemSize, int64_t fileSize,
                   std::string &error) {
  // An empty array needs no data whatever its other dimensions.
  int64_t need = itemSize;
  for (int64_t n : header.shape)
    if (n == 0)
      need = 0;
  for (int64_t n : header.shape)
    if (__builtin_mul_overflow(need, n, &need)) {
      error = "the shape " + shapeText(header.shape) + " is too large";
      return false;
    }
  // The header fits the file (headerSize), so this does not wrap.
  int64_t have = fileSize < header.dataOffset ? 0 : fileSize - header.dataOffset;
  if (need > have) {
    error = "is truncated: the shape " + shapeText(header.shape) + " needs " +
            std::to_string(need) + " bytes of data but the file holds " + std::to_string(have);
    return false;
  }
  return true;
}

int64_t itemSize(const std::string &descr) {
  if (descr.size() < 3)
    return 0;
  return std::atoll(descr.c_str() + 2);
}

} // namespace npy
} // namespace idtr
