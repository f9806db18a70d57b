//===- GridHaloSlabs.h - the slabs an N-D halo exchange fills ---*- C++ -*-===//
//
// One definition of the halo geometry of _idtr_update_grid_halo_*, shared by
// the compiler (the dist lowering slices the halo buffer into slabs with
// it) and the runtime (which fills them). Plain C++ with no MLIR and no
// MPI, like HaloRows.h; not part of the installed interface.
//
// A rank owns the block [own, own + size) of a global array. A stencil
// reaching lo[d] elements before and hi[d] after the block in dimension d
// reads the *extended box*: per dimension [own - lo, own + size + hi),
// clipped to [0, n) unless the dimension is periodic (then the coordinates
// outside wrap around: x means x mod n). The extended box minus the block
// is cut into 2 slabs per dimension, peeled in dimension order:
//
//   slab (d, low):  dims e < d the block's range, dim d [ext_lo, own),
//                   dims e > d the extended range
//   slab (d, high): the same with [own + size, ext_hi) in dim d
//
// so the slabs of dimension 0 span the whole extended width of the other
// dimensions (they hold the corners a 9-point stencil reads), those of the
// last dimension only the block's rows. The halo buffer holds the slabs one
// after the other, (0, low), (0, high), (1, low), ..., each dense row-major.
// For a 2-D block with widths 1:
//
//     +---+-----------+---+
//     |   (0, low)        |     one row, corners included
//     +---+-----------+---+
//     |1, |           |1, |
//     |low|   block   |hi |     the block's rows
//     +---+-----------+---+
//     |   (0, high)       |
//     +---+-----------+---+
//
// Without corners (a star stencil: no shift moves along two dimensions at
// once, so nothing outside the block in two dimensions is read) every slab
// spans only the block's range in the other dimensions: the faces, no
// element and no message of a diagonal neighbour.
//
//     +---+-----------+---+
//         |  (0, low) |
//     +---+-----------+---+
//     |1, |           |1, |
//     |low|   block   |hi |
//     +---+-----------+---+
//         | (0, high) |
//     +---+-----------+---+
//
//===----------------------------------------------------------------------===//
#ifndef IDTR_DETAIL_GRIDHALOSLABS_H
#define IDTR_DETAIL_GRIDHALOSLABS_H

#include "HaloRows.h"

#include <cstdint>

namespace idtr::detail {

/// The extended range [begin, end) of one dimension: clipped to [0, n)
/// unless periodic.
template <typename T, typename Arith = IntArith>
RowRange<T> extendedRange(T own, T size, int64_t lo, int64_t hi, T n, bool periodic,
                          const Arith &a = Arith()) {
  if (!periodic)
    return haloBox(own, size, lo, hi, n, a);
  return {a.sub(own, a.constant(lo)), a.add(a.add(size, a.constant(lo)), a.constant(hi))};
}

/// The box of slab (d, side) in unwrapped global coordinates: `begin` and
/// `sizes` (rank entries each). `side` 0 is low, 1 high. Without `corners`
/// the slab spans the block's range in every other dimension (a face).
template <typename T, typename Arith = IntArith>
void gridHaloSlab(int rank, int d, int side, const T *own, const T *size, const int64_t *lo,
                  const int64_t *hi, const T *n, const bool *periodic, bool corners, T *begin,
                  T *sizes, const Arith &a = Arith()) {
  for (int e = 0; e < rank; ++e) {
    RowRange<T> ext = extendedRange(own[e], size[e], lo[e], hi[e], n[e], periodic[e], a);
    if (e < d || (e > d && !corners)) {
      begin[e] = own[e];
      sizes[e] = size[e];
    } else if (e > d) {
      begin[e] = ext.begin;
      sizes[e] = ext.rows;
    } else if (side == 0) {
      begin[e] = ext.begin;
      sizes[e] = a.max(a.sub(own[e], ext.begin), a.zero());
    } else {
      T ownEnd = a.add(own[e], size[e]);
      begin[e] = ownEnd;
      sizes[e] = a.max(a.sub(a.add(ext.begin, ext.rows), ownEnd), a.zero());
    }
  }
}

} // namespace idtr::detail

#endif // IDTR_DETAIL_GRIDHALOSLABS_H
