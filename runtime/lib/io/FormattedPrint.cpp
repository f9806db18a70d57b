// dist.print with options (numpy layout, precision, a printf format): the
// elements of a whole array in C order with their punctuation, printed on
// rank 0 as they arrive.
//
// A distributed array is printed without gathering it: its row blocks (the
// compiler repartitions other splits to dimension 0 first) are in C order
// in rank order, so rank 0 prints its own block, then receives and prints
// the next rank's, one block at a time. The punctuation of an element
// depends only on its flat index in the global shape (Printer below), so
// the blocks need not know about each other.
//
// The numpy layout of an array of rank >= 1 follows numpy's str()
// (NumpyFormat.h): every element right-aligned to the widest, arrays of
// more than 1000 elements summarised with `...`. The widths need all shown
// elements, so the ranks first combine the statistics of their shown
// elements with one or two allreduces (max) instead of gathering them;
// then rank 0 receives only the shown elements, one rank at a time (at
// most 1000, or 6 per dimension when summarised).
#include "io/FormattedPrint.h"

#include "copy/Descriptor.h"
#include "copy/StridedCopy.h"
#include "io/Dragon4.h"
#include "io/NumpyFormat.h"
#include "support/Buffer.h"
#include "support/ElementTypes.h"
#include "support/Errors.h"
#include "transport/Mpi.h"
#include "transport/Team.h"

#include "idtr/idtr.h"

#include <cerrno>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

namespace idtr {
namespace {

enum Style { VectorStyle = 0, NumpyStyle = 1 };

// Writes `text` to stdout and flushes it. Output that cannot be written (a
// full file system, a closed pipe) stops the program: it would otherwise
// exit 0 with its results lost.
void writeOutput(const std::string &text) {
  std::fputs(text.c_str(), stdout);
  if (std::fflush(stdout) != 0 || std::ferror(stdout))
    fail("print: writing the output failed: %s", std::strerror(errno));
}

// Writes the elements of an array of `shape`, in C order, with brackets and
// separators, to stdout.
class Printer {
public:
  Printer(const Shape &shape, const char *format, int style)
      // "" asks for numpy's float format, which only printNumpy writes;
      // here (halves, complex numbers, scalars) it is the default "%g".
      : shape_(shape), format_(format && *format ? format : "%g"), numpy_(style == NumpyStyle),
        index_(shape.size(), 0) {
    // The imaginary part of a complex number always carries its sign.
    signedFormat_ = format_;
    if (signedFormat_.size() > 1 && signedFormat_.find('+') == std::string::npos)
      signedFormat_.insert(1, "+");
  }

  template <typename T> void element(T value) {
    size_t n = shape_.size();
    // Open the dimensions this element starts.
    size_t opening = 0;
    while (opening < n && index_[n - 1 - opening] == 0)
      ++opening;
    if (count_ > 0)
      separator(opening);
    for (size_t i = 0; i < opening; ++i)
      out_ += numpy_ ? "[" : "( ";
    scalar(value);
    ++count_;
    // Advance the multi-index; close the dimensions that end here.
    for (size_t d = n; d-- > 0;) {
      if (++index_[d] < shape_[d])
        break;
      index_[d] = 0;
    }
    if (out_.size() > 4096)
      flush();
  }

  // After the last element (or for an empty array): the closing brackets.
  void finish() {
    size_t n = shape_.size();
    if (volume(shape_) == 0) {
      if (numpy_)
        out_ += n == 0 ? "" : "[]";
      else
        emptyVector(0);
    } else {
      for (size_t i = 0; i < n; ++i)
        out_ += numpy_ ? "]" : " )";
    }
    out_ += '\n';
    flush();
  }

private:
  // Between two elements, `opening` dimensions end before the next (that
  // many brackets close and open again).
  void separator(size_t opening) {
    for (size_t i = 0; i < opening; ++i)
      out_ += numpy_ ? "]" : " )";
    if (!numpy_) {
      out_ += ", ";
      return;
    }
    if (opening == 0) {
      out_ += ' ';
      return;
    }
    // numpy: one newline per closed dimension, then aligned under the
    // outer brackets.
    out_.append(opening, '\n');
    out_.append(shape_.size() - opening, ' ');
  }

  // vector.print's form of an empty array: every level opened and closed.
  void emptyVector(size_t d) {
    out_ += "( ";
    if (d + 1 < shape_.size())
      for (int64_t i = 0; i < shape_[d]; ++i) {
        if (i)
          out_ += ", ";
        emptyVector(d + 1);
      }
    out_ += " )";
  }

  void formatted(double v) { append(format_, v); }
  void formatted(long long v) { append(format_, v); }
  template <typename V> void append(const char *format, V v) {
    char buf[128];
    int len = std::snprintf(buf, sizeof(buf), format, v);
    out_.append(buf, len < 0 ? 0 : std::min<size_t>(static_cast<size_t>(len), sizeof(buf) - 1));
  }

  // f16/bf16 under the default format ("%g"): the unique digits of the
  // half (Dragon4.h: the fewest that read back as the same half, as numpy
  // prints float16: 0.1, not 0.0999756) in %g's layout, with at least the
  // digits before the point (60000 and 65504, not 6e+04 and 6.55e+04) up
  // to 17 of them (bf16's 1e+30, not 31 digits). Other formats print the
  // value as a double.
  template <typename H> void half(H value) {
    double v = toFloat(value);
    if (std::string(format_) != "%g" || !std::isfinite(v)) {
      formatted(v);
      return;
    }
    dragon4::Binary b = dragon4::decompose(value);
    dragon4::Digits d = dragon4::unique(b, /*afterPoint=*/false, -1, -1);
    if (d.exponent >= static_cast<int>(d.digits.size()) && d.exponent < 17)
      d = dragon4::unique(b, /*afterPoint=*/true, -1, 0); // through the units
    out_ += gLayout(b.negative, d);
  }

  // printf's %g of `d` with as many significant digits as it has: fixed
  // notation for exponents from -4 to below the digit count, else
  // scientific with a two-digit exponent at least; no trailing zeros.
  static std::string gLayout(bool negative, const dragon4::Digits &d) {
    std::string s = negative ? "-" : "";
    int precision = static_cast<int>(d.digits.size());
    if (d.exponent < -4 || d.exponent >= precision) {
      s += d.digits.substr(0, 1);
      if (d.digits.size() > 1)
        s += "." + d.digits.substr(1);
      std::string e = std::to_string(std::abs(d.exponent));
      return s + (d.exponent < 0 ? "e-" : "e+") + (e.size() < 2 ? "0" : "") + e;
    }
    if (d.exponent < 0)
      return s + "0." + std::string(static_cast<size_t>(-d.exponent - 1), '0') + d.digits;
    size_t whole = static_cast<size_t>(d.exponent) + 1;
    s += d.digits.substr(0, whole);
    if (d.digits.size() > whole)
      s += "." + d.digits.substr(whole);
    return s;
  }

  // numpy's complex layout: "1+2j" in an array, "(1+2j)" alone (a 0-d
  // array, numpy's str of a complex scalar) and in vector.print's form.
  template <typename F> void complex(std::complex<F> value) {
    bool parens = !numpy_ || shape_.empty();
    if (parens)
      out_ += '(';
    formatted(static_cast<double>(value.real()));
    append(signedFormat_.c_str(), static_cast<double>(value.imag()));
    out_ += 'j';
    if (parens)
      out_ += ')';
  }

  template <typename T> void scalar(T value) {
    if constexpr (isHalfType<T>) {
      half(value);
    } else if constexpr (isComplex<T>) {
      complex(value);
    } else if constexpr (std::is_same_v<T, bool>) {
      if (numpy_)
        out_ += value ? "True" : "False";
      else
        formatted(static_cast<long long>(value));
    } else if constexpr (std::is_floating_point_v<T>) {
      formatted(static_cast<double>(value));
    } else {
      formatted(static_cast<long long>(value));
    }
  }

  void flush() {
    writeOutput(out_);
    out_.clear();
  }

  Shape shape_;
  const char *format_;
  std::string signedFormat_;
  bool numpy_;
  Shape index_;
  int64_t count_ = 0;
  std::string out_;
};

// The elements of `v` in C order.
template <typename T> void printView(Printer &p, const View &v) {
  int64_t n = v.volume();
  if (n == 0)
    return;
  int rank = v.rank();
  Shape index(rank, 0);
  for (int64_t k = 0; k < n; ++k) {
    const char *at = v.data;
    for (int d = 0; d < rank; ++d)
      at += index[d] * v.strides[d] * static_cast<int64_t>(sizeof(T));
    p.element(*reinterpret_cast<const T *>(at));
    for (int d = rank; d-- > 0;) {
      if (++index[d] < v.sizes[d])
        break;
      index[d] = 0;
    }
  }
}

/// The elements of `part` (the rows from `rowOffset` of an array of
/// `global` shape) that numpy shows, in C order.
template <typename T>
std::vector<numpyfmt::Stored<T>> shownElements(const View &part, const Shape &global, int64_t rowOffset) {
  int rank = part.rank();
  std::vector<std::vector<int64_t>> local(rank);
  for (int d = 0; d < rank; ++d)
    for (int64_t i : numpyfmt::shownIndices(global, d)) {
      int64_t l = d == 0 ? i - rowOffset : i;
      if (l >= 0 && l < part.sizes[d])
        local[d].push_back(l);
    }
  std::vector<numpyfmt::Stored<T>> values;
  for (const auto &indices : local)
    if (indices.empty())
      return values;
  std::vector<size_t> k(rank, 0);
  while (true) {
    const char *at = part.data;
    for (int d = 0; d < rank; ++d)
      at += local[d][k[d]] * part.strides[d] * static_cast<int64_t>(sizeof(T));
    values.push_back(static_cast<numpyfmt::Stored<T>>(*reinterpret_cast<const T *>(at)));
    int d = rank;
    while (d-- > 0) {
      if (++k[d] < local[d].size())
        break;
      k[d] = 0;
    }
    if (d < 0)
      return values;
  }
}

/// The number of shown elements in the rows [offset, offset + rows).
int64_t shownCount(const Shape &global, int64_t offset, int64_t rows) {
  int64_t count = 0;
  for (int64_t i : numpyfmt::shownIndices(global, 0))
    count += i >= offset && i < offset + rows;
  for (size_t d = 1; d < global.size(); ++d)
    count *= static_cast<int64_t>(numpyfmt::shownIndices(global, d).size());
  return count;
}

/// numpy's str() of an array of rank >= 1, printed by rank 0 of `t` (or
/// this process when `t` is null, a plain tensor). `rows` is every rank's
/// number of rows.
template <typename T>
void printNumpy(const char *format, const View &part, Team *t, const std::vector<int64_t> &rows) {
  Shape global = part.sizes;
  int64_t offset = 0;
  if (t) {
    global[0] = 0;
    for (int r = 0; r < t->size; ++r) {
      if (r == t->rank)
        offset = global[0];
      global[0] += rows[r];
    }
  }
  std::vector<numpyfmt::Stored<T>> mine = shownElements<T>(part, global, offset);
  numpyfmt::ElementFormat<T> fmt(format);
  auto combine = [&](std::vector<int64_t> stats) {
    if (t)
      mpi::allreduceMax(stats.data(), static_cast<int>(stats.size()), t->comm);
    return stats;
  };
  if (fmt.needsMagnitudes())
    fmt.setMagnitudes(combine(fmt.magnitudes(mine)));
  fmt.setWidths(combine(fmt.widths(mine)));
  int tag = t ? t->nextTag() : 0;
  if (t && t->rank != 0) {
    if (!mine.empty()) {
      std::vector<MPI_Request> reqs;
      mpi::postSend(reqs, reinterpret_cast<const char *>(mine.data()),
                    static_cast<int64_t>(mine.size() * sizeof(mine[0])), 0, tag, t->comm);
      mpi::waitAll(reqs);
    }
    return;
  }
  // Rank 0 takes the elements in C order: its own, then each rank's.
  std::vector<numpyfmt::Stored<T>> current = std::move(mine);
  size_t at = 0;
  int from = 0;
  int64_t rowStart = t ? rows[0] : 0;
  auto next = [&]() -> std::string {
    while (at == current.size()) {
      ++from;
      if (!t || from >= t->size)
        fail("print: fewer elements than the shape holds");
      int64_t count = shownCount(global, rowStart, rows[from]);
      rowStart += rows[from];
      current.assign(static_cast<size_t>(count), numpyfmt::Stored<T>());
      at = 0;
      if (count == 0)
        continue;
      std::vector<MPI_Request> reqs;
      mpi::postRecv(reqs, reinterpret_cast<char *>(current.data()),
                    static_cast<int64_t>(count * sizeof(current[0])), from, tag, t->comm);
      mpi::waitAll(reqs);
    }
    return fmt(static_cast<T>(current[at++]));
  };
  writeOutput(numpyfmt::layout(global, next) + "\n");
}

} // namespace

template <typename T>
void printPart(const char *format, int32_t style, int64_t teamId, bool distributed,
               const View &part) {
  std::fflush(stdout); // after vector.print's output
  // numpy's str() (padding, numpy's float format, summary) is written
  // for the real element types, halves included; complex numbers print
  // in the numpy bracket layout without them (docs/dist.md, "Element
  // types").
  if constexpr (!isComplex<T>) {
    if (style == NumpyStyle && part.rank() > 0) {
      if (!distributed) {
        printNumpy<T>(format, part, nullptr, {});
        return;
      }
      ensureMpi();
      Team &t = team(teamId);
      printNumpy<T>(format, part, &t, mpi::allgather({part.sizes[0]}, t.comm));
      return;
    }
  }
  if (!distributed) {
    Printer p(part.sizes, format, style);
    printView<T>(p, part);
    p.finish();
    return;
  }
  ensureMpi();
  Team &t = team(teamId);
  if (part.rank() == 0)
    fail("print: a distributed part must have rank 1 or more");
  // Every rank's number of rows: the global shape, and what rank 0
  // receives from whom.
  std::vector<int64_t> rows = mpi::allgather({part.sizes[0]}, t.comm);
  int tag = t.nextTag();
  Shape global = part.sizes;
  global[0] = 0;
  for (int64_t r : rows)
    global[0] += r;
  int64_t rowElems = volume(Shape(part.sizes.begin() + 1, part.sizes.end()));
  if (t.rank != 0) {
    if (part.volume() == 0)
      return;
    Buffer dense;
    const char *data = part.data;
    if (!part.isContiguous())
      data = denseCopy(part, dense).data;
    std::vector<MPI_Request> reqs;
    mpi::postSend(reqs, data, part.volume() * static_cast<int64_t>(sizeof(T)), 0, tag,
                  t.comm);
    mpi::waitAll(reqs);
    return;
  }
  Printer p(global, format, style);
  printView<T>(p, part);
  for (int r = 1; r < t.size; ++r) {
    if (rows[r] == 0)
      continue;
    int64_t bytes = rows[r] * rowElems * static_cast<int64_t>(sizeof(T));
    Buffer block(static_cast<size_t>(bytes));
    std::vector<MPI_Request> reqs;
    mpi::postRecv(reqs, block.data(), bytes, r, tag, t.comm);
    mpi::waitAll(reqs);
    View v;
    v.data = block.data();
    v.elemSize = sizeof(T);
    v.sizes = part.sizes;
    v.sizes[0] = rows[r];
    v.strides = rowMajorStrides(v.sizes);
    printView<T>(p, v);
  }
  p.finish();
}

#define IDTR_INSTANTIATE_PRINT(SUFFIX, T)                                                \
  template void printPart<T>(const char *, int32_t, int64_t, bool, const View &);
IDTR_FOR_EACH_ELEMENT_TYPE(IDTR_INSTANTIATE_PRINT)

} // namespace idtr
