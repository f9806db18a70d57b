//===- Stencil.h - halo exchange, interior/frame sweeps --------*- C++ -*-===//
//
// A stencil reads its neighbours through dist.shift; distc-form-stencils
// (FormStencils.cpp) turns the shifts of one tensor into one dist.halo (the
// local part and what lies around it) and the element-wise op reading them
// into a dist.stencil. Materializing the extended tensor would cost a copy
// of the whole local part per sweep, which is as much memory traffic as the
// sweep itself. So a dist.stencil is computed in pieces instead:
//
//   * the interior, where every shifted neighbour lies inside this rank's
//     part: the shifted operands are views of the unextended local part and
//     nothing is copied;
//   * the frame, 2 slabs per shifted dimension: each slab reads a small
//     window of the extended tensor (fill values, the edge of the local
//     part and, for slabs across dimension 0, the halo rows), built for that
//     slab only and lowered to loops LLVM does not vectorize (a row or a
//     column of the block is not worth it).
//
// The interior comes first in the IR, before anything reads the halos, so
// that the overlap pass can leave the halo exchange in flight during it.
//
// An accumulating stencil (`out = out + f(shifts of in)`: an operand read
// unshifted, of the result's type) is built in that operand's tensor, each
// piece reading it through the slice it writes, so that bufferization
// updates it in place rather than allocating a new block per sweep.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_DISTTODISTRUNTIME_STENCIL_H
#define DISTC_PASSES_DISTTODISTRUNTIME_STENCIL_H

#include "passes/Conversion/DistToDistRuntime/DistLayout.h"

#include <vector>


namespace mlir::distc {

/// Everything a dist.extend is made of, before it is assembled into one
/// tensor: this rank's part, the halo rows received along dimension 0
/// (null when the extension along dimension 0 is zero) and the fill value
/// outside the global array. The extended tensor has the local part at
/// `low`, lowHalo right above it and highHalo right below it (both spanning
/// the local part's other dimensions), and `fill` everywhere else.
struct HaloedPart {
  Value local;
  Value lowHalo, highHalo;
  SmallVector<int64_t> low, high;
  Value fill;
  /// The dimensions (bits) along which the halos wrap around the array
  /// (periodic dist.shift): exchanged as grid slabs, never rows.
  int64_t periodic = 0;
  /// Whether the grid slabs hold the corners (GridHaloSlabs.h); without
  /// them they are the faces only and the corners of the extended tensor
  /// stay `fill` (nothing reads them: a star stencil's halo).
  bool corners = true;
  /// On a process grid (or a 1-D split other than 0), instead of the halo
  /// rows: the slabs of update_grid_halo (idtr/detail/GridHaloSlabs.h) of
  /// the sides of non-zero width (numGridSlabs), each with its first
  /// element's position in the extended tensor's coordinates (its box
  /// clipped to the array, so what lies outside stays `fill`).
  std::vector<Value> slabs;
  std::vector<SmallVector<Value>> slabOrigins;
};

/// Whether an extension of `type` by low/high reaches across ranks through
/// update_grid_halo (a grid, a 1-D split other than 0, or a periodic
/// extension) rather than update_halo's rows.
bool usesGridHalo(dist::DistTensorType type, ArrayRef<int64_t> low,
                  ArrayRef<int64_t> high, int64_t periodic = 0);

/// The number of grid halo slabs for an extension by low/high: one per
/// side of a dimension whose width there is not 0 (at most 2 * rank).
int64_t numGridSlabs(ArrayRef<int64_t> low, ArrayRef<int64_t> high);

/// The slabs' positions for `part` (HaloedPart::slabOrigins) and sizes,
/// from `source`'s box (GridHaloSlabs.h as IR; faces only without
/// `corners`), for the numGridSlabs sides of non-zero width, dimension by
/// dimension, low side first.
void gridSlabBoxes(OpBuilder &b, Location loc, const DistParts &source,
                   ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                   int64_t periodic, bool corners,
                   std::vector<SmallVector<Value>> &origins,
                   std::vector<SmallVector<Value>> &sizes);

/// Starts the halo exchange of `source` for an extension by low/high (one
/// update_halo along dimension 0, followed by its wait; none when
/// low[0] == high[0] == 0; on a grid one update_grid_halo, usesGridHalo).
/// `periodic` (a bit per dimension) wraps the halos around the array.
/// Without `corners` a grid halo exchanges the faces only (nothing will
/// read outside the part in two split or periodic dimensions at once).
HaloedPart exchangeHalos(OpBuilder &b, Location loc, const DistParts &source,
                         dist::DistTensorType type, ArrayRef<int64_t> low,
                         ArrayRef<int64_t> high, Value fill,
                         int64_t periodic = 0, bool corners = true);

/// The box [begin, begin + sizes) of the extended tensor of `part`
/// (coordinates of the extended tensor, whose local part starts at `low`),
/// as a fresh tensor with dynamic dimensions. With `thin`, the whole
/// window is filled first (one fill: the frame's windows are a few rows or
/// columns); otherwise only what the local part and the halos do not cover
/// is filled (no second write of a whole extended block). Without
/// `withHalos` the halo rows are left as fill: for windows whose halo rows
/// are never read.
Value extendedWindow(OpBuilder &b, Location loc, const HaloedPart &part,
                     ArrayRef<Value> begin, ArrayRef<Value> sizes, bool thin,
                     bool withHalos = true);

/// Creates the global index along a dimension of the element being
/// computed, inside the body of an element-wise linalg.generic.
using GlobalIndexFn = function_ref<Value(OpBuilder &, int64_t)>;
/// Builds the result element of an element-wise op from its input
/// elements (and, if it needs them, the global indices of the element).
using ElementBodyFn =
    function_ref<Value(OpBuilder &, Location, ValueRange, GlobalIndexFn)>;

/// A linalg.generic applying `body` element-wise to `inputs` (tensors of
/// one shape), writing into `init`, whose first element has the global
/// indices `origin`. With `initOperand` >= 0 the body also reads `init`:
/// its element is the body's operand number `initOperand` (between the
/// inputs' elements), so the op updates `init` in place.
Value elementwiseGeneric(OpBuilder &b, Location loc, ValueRange inputs,
                         Value init, ArrayRef<Value> origin,
                         ElementBodyFn body, int64_t initOperand = -1);

/// An operand of a split element-wise op: either a plain local tensor or
/// a shifted view of a HaloedPart (operand[x] = extended[x + low + shift]).
struct StencilOperand {
  Value local;                      // plain operand (null when shifted)
  const HaloedPart *part = nullptr; // shifted operand
  SmallVector<int64_t> shift;
};

/// The element-wise op over `operands` computed as interior + frame (see
/// the file comment), into a tensor of `resultType` with `sizes` whose
/// first element has the global indices `origin`.
Value splitElementwise(OpBuilder &b, Location loc,
                       ArrayRef<StencilOperand> operands,
                       RankedTensorType resultType, ArrayRef<Value> sizes,
                       ArrayRef<Value> origin, ElementBodyFn body);

} // namespace mlir::distc

#endif // DISTC_PASSES_DISTTODISTRUNTIME_STENCIL_H
