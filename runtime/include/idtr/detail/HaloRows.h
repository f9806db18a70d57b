//===- HaloRows.h - the rows a halo exchange moves --------------*- C++ -*-===//
//
// One definition of the halo geometry along dimension 0, shared by the
// compiler (the dist lowering asks for a box, the distruntime verifier and
// canonicalizer derive the halo shapes from it) and the runtime
// (_idtr_update_halo_* checks the halos it is given and fills them). Plain
// C++ with no MLIR and no MPI: the runtime includes it as
// "idtr/detail/HaloRows.h", the compiler as
// "runtime/include/idtr/detail/HaloRows.h". It is not part of the installed
// interface (idtr.h does not include it).
//
// An exchange for a stencil reaching `low` rows before and `high` rows after
// this rank's own rows [ownBegin, ownBegin + ownRows) of an array of
// `globalRows` rows asks for the bounding box haloBox(); the rows of a box
// [boxBegin, boxBegin + boxRows) before the own rows are the left halo, those
// after them the right halo (haloRowsBefore, haloRowsAfter).
//
//===----------------------------------------------------------------------===//
#ifndef IDTR_DETAIL_HALOROWS_H
#define IDTR_DETAIL_HALOROWS_H

#include "IntArith.h"

#include <algorithm>
#include <cstdint>

namespace idtr::detail {

template <typename T> struct RowRange {
  T begin, rows;
};

/// The rows [ownBegin - low, ownBegin + ownRows + high) clipped to the
/// array [0, globalRows): what a rank asks for (its own rows included).
template <typename T, typename Arith = IntArith>
RowRange<T> haloBox(T ownBegin, T ownRows, int64_t low, int64_t high,
                    T globalRows, const Arith &a = Arith()) {
  T zero = a.zero();
  T lowRows = a.constant(low);
  T begin = a.max(a.sub(ownBegin, lowRows), zero);
  T ownEnd = a.add(ownBegin, ownRows);
  T highRows = a.constant(high);
  T end = a.min(a.add(ownEnd, highRows), globalRows);
  T rows = a.max(a.sub(end, begin), zero);
  return {begin, rows};
}

/// The rows of the box [boxBegin, boxBegin + boxRows) before the own rows
/// starting at `ownBegin` (the left halo).
inline int64_t haloRowsBefore(int64_t ownBegin, int64_t boxBegin,
                              int64_t boxRows) {
  return std::clamp<int64_t>(std::min(ownBegin, boxBegin + boxRows) - boxBegin,
                             0, boxRows);
}

/// The first row of the right halo: the first box row after the own rows,
/// which end at `ownEnd`, clipped to the array (an empty right halo of a
/// rank at the end of the array starts at globalRows).
inline int64_t haloRightBegin(int64_t ownEnd, int64_t boxBegin,
                              int64_t globalRows) {
  return std::min(std::max(boxBegin, ownEnd), globalRows);
}

/// The rows of the box [boxBegin, boxBegin + boxRows) after the own rows,
/// which end at `ownEnd` (the right halo).
inline int64_t haloRowsAfter(int64_t ownEnd, int64_t boxBegin,
                             int64_t boxRows) {
  return std::clamp<int64_t>(boxBegin + boxRows - std::max(ownEnd, boxBegin),
                             0, boxRows);
}

} // namespace idtr::detail

#endif // IDTR_DETAIL_HALOROWS_H
