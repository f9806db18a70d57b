// The .npy file format (numpy's NEP 1, as numpy.save writes it): the header
// that precedes the data, built and parsed here without any I/O or MPI so
// that it can be unit-tested. The data follows the header in C order.
//
//   "\x93NUMPY" major minor  header_len  "{'descr': '<f8', 'fortran_order':
//   False, 'shape': (3, 4), }" padded with spaces and ended by '\n'
//
// header_len is a little-endian uint16 in version 1.0 and a uint32 in 2.0
// and 3.0 (3.0: the header text is UTF-8, which changes nothing here); the
// data starts at a multiple of 64 bytes.
#ifndef IDTR_NPY_H
#define IDTR_NPY_H
#include "geometry/Box.h"
#include <cstdint>
#include <string>

namespace idtr {
namespace npy {

struct Header {
  std::string descr;         // "<f8", "|b1", ...
  bool fortranOrder = false;
  Shape shape;
  int64_t dataOffset = 0;    // bytes before the first element
};

// The complete header (magic to '\n') for `descr` and `shape`, C order:
// version 1.0, or 2.0 when the text does not fit 64 KiB.
std::string encodeHeader(const std::string &descr, const Shape &shape);

// The bytes of the file's start that parseHeader needs to see the header
// length: magic, version and length field.
constexpr int64_t kPreambleBytes = 12;

// The total header size announced by the preamble `bytes` (`size` of them,
// kPreambleBytes suffice) of a file of `fileSize` bytes, or -1 with the
// reason in `error`: not a .npy file, a version this reader does not know,
// or a header longer than the file (a reader allocates the header's bytes
// next: a corrupt length must not make it allocate gigabytes).
int64_t headerSize(const char *bytes, int64_t size, int64_t fileSize, std::string &error);

// Parses the whole header `bytes` (headerSize of them). Returns false with
// the reason in `error` when it is malformed.
bool parseHeader(const char *bytes, int64_t size, Header &header, std::string &error);

// Whether the file of `fileSize` bytes holds all the data `header`
// announces in elements of `itemSize` bytes; else false with the reason in
// `error` (a shape too large to have a size, or the data truncated).
// Overflow-checked: a shape whose size wraps around is not a small one.
bool checkDataSize(const Header &header, int64_t itemSize, int64_t fileSize,
                   std::string &error);

// The item size of a dtype string ("<f8" -> 8, "<c16" -> 16), 0 if it has
// none.
int64_t itemSize(const std::string &descr);

// A shape as Python writes a tuple: "(3, 4)", "(7,)", "()".
std::string shapeText(const Shape &shape);

} // namespace npy
} // namespace idtr
#endif
