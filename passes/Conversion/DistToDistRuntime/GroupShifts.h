//===- GroupShifts.h - one halo exchange per shifted tensor -----*- C++ -*-===//
#ifndef DISTC_PASSES_DISTTODISTRUNTIME_GROUPSHIFTS_H
#define DISTC_PASSES_DISTTODISTRUNTIME_GROUPSHIFTS_H

#include "dialect/Dist/Dist.h"

#include <optional>

namespace mlir::distc {

/// Rewrites the dist.shift ops that read the same tensor with the same fill
/// value in one block into a single dist.extend (wide enough for all of
/// them) and a slice of it per shift, wrapped back with dist.with_local. A
/// 5-point stencil thus exchanges halos once instead of once per shift, and
/// the shifted views are slices of one buffer rather than copies.
void groupShiftsIntoExtends(Operation *root);

/// A dist tensor value that is a shifted slice of a dist.extend, as
/// groupShiftsIntoExtends builds it:
///   with_local(src, tensor.extract_slice(dist.extend(src), offsets)).
struct ShiftedSlice {
  dist::ExtendOp extend;
  SmallVector<int64_t> shift;
};
std::optional<ShiftedSlice> matchShiftedSlice(Value value);

} // namespace mlir::distc

#endif // DISTC_PASSES_DISTTODISTRUNTIME_GROUPSHIFTS_H
