// numpy's str() of an array (numpy/core/arrayprint.py, numpy 1.24 with the
// default print options), without MPI: which elements are shown (arrays of
// more than 1000 elements are summarised to 3 at each end of every longer
// dimension), how each element is formatted so that all have the width of
// the widest, and the layout (brackets, `...`, lines wrapped at 75
// columns).
//
// The element format depends on statistics of all shown elements; they
// are integers combined with a maximum, so that the ranks of a distributed
// array each compute their part and one allreduce each combines them (see
// FormattedPrint.cpp). Numbers from the ranks in any order give the same
// result.
#ifndef IDTR_NUMPYFORMAT_H
#define IDTR_NUMPYFORMAT_H

#include "copy/Descriptor.h"

#include <cstdint>
#include <functional>
#include <string>
#include <type_traits>
#include <vector>

namespace idtr::numpyfmt {

/// numpy's summarisation threshold and edge items.
constexpr int64_t kThreshold = 1000;
constexpr int64_t kEdgeItems = 3;

/// The indices of dimension `d` that numpy shows for an array of `shape`.
std::vector<int64_t> shownIndices(const Shape &shape, size_t d);

/// The number of elements shown: the product of the shown indices.
int64_t shownVolume(const Shape &shape);

/// The storage of elements of type T in a std::vector (bytes for bool:
/// std::vector<bool> has no data() to send from).
template <typename T>
using Stored = std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>;

/// How one element type is printed. `format` is a printf conversion for
/// one element (as in the vector layout), or "" for numpy's own float
/// format, for f64, f32, f16 and bf16 (Dragon4.h: the shortest digits that
/// round-trip in the element's own type, at most 8 after the point;
/// scientific when the magnitudes ask for it, every mantissa then with the
/// digits of the longest; decimal points aligned). Every element is
/// right-aligned to the widest (numpy pads the same way).
template <typename T> class ElementFormat {
public:
  explicit ElementFormat(const char *format);

  /// Round 1, only when needsMagnitudes(): statistics of the magnitudes of
  /// `values`, to be combined with a maximum over all shown values.
  bool needsMagnitudes() const;
  std::vector<int64_t> magnitudes(const std::vector<Stored<T>> &values) const;
  void setMagnitudes(const std::vector<int64_t> &combined);

  /// Round 2: statistics of the widths of `values`, combined by maximum.
  std::vector<int64_t> widths(const std::vector<Stored<T>> &values) const;
  void setWidths(const std::vector<int64_t> &combined);

  /// One element, padded (after both rounds).
  std::string operator()(T value) const;

private:
  std::string text(T value) const;

  std::string format_;
  bool numpyFloat_;
  bool expFormat_ = false;
  int64_t padLeft_ = 0, padRight_ = 0, expSize_ = 0, precision_ = 0, width_ = 0;
};

/// The text of an array of `shape` (rank >= 1) in numpy's layout, without
/// the final newline; `next` returns the shown elements, formatted, in C
/// order.
std::string layout(const Shape &shape, const std::function<std::string()> &next);

} // namespace idtr::numpyfmt

#endif // IDTR_NUMPYFORMAT_H
