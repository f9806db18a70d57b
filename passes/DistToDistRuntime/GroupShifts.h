//===- GroupShifts.h - one halo exchange per shifted tensor -----*- C++ -*-===//
#ifndef DISTC_PASSES_DISTTODISTRUNTIME_GROUPSHIFTS_H
#define DISTC_PASSES_DISTTODISTRUNTIME_GROUPSHIFTS_H

namespace mlir {
class Operation;
namespace distc {

/// Rewrites the dist.shift ops that read the same tensor with the same fill
/// value in one block into a single dist.extend (wide enough for all of
/// them) and a slice of it per shift, wrapped back with dist.with_local. A
/// 5-point stencil thus exchanges halos once instead of once per shift, and
/// the shifted views are slices of one buffer rather than copies.
void groupShiftsIntoExtends(Operation *root);

} // namespace distc
} // namespace mlir

#endif // DISTC_PASSES_DISTTODISTRUNTIME_GROUPSHIFTS_H
