//===- HaloKey.h - the runtime's key of a 1-D halo exchange -----*- C++ -*-===//
//
// What lets the runtime reuse a balanced halo plan without asking the team
// (idtr.h, idtr_halo_key): the call site and halo widths that are the same
// on every rank at every call. Internal to lower-distruntime-to-idtr.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_DISTRUNTIMETOIDTR_HALOKEY_H
#define DISTC_PASSES_DISTRUNTIMETOIDTR_HALOKEY_H

#include "dialect/DistRuntime/DistRuntime.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace mlir::distc::idtr_lowering {

/// The halo widths (low, high) of `op` when they are compile-time
/// constants: when its bounding box along dimension 0 is, as IR, the rows
/// [own - low, own + rows + high) clipped (or not) to [0, gShape[0]), with
/// `own` = l_offs[0], `rows` the local part's extent (tensor.dim, the size
/// of the slice it is, or static) and constant `low`, `high` >= 0 -- the
/// form that the dist and shard lowerings emit (idtr/detail/HaloRows.h,
/// haloBox). The same op runs on every rank of the team with the same
/// constants, so the widths are equal on all ranks and at every call: what
/// the runtime's key promises.
std::optional<std::pair<int64_t, int64_t>>
staticHaloWidths(distruntime::UpdateHaloOp op);

/// The runtime's key for `op` (idtr.h, idtr_halo_key): its own `key`
/// attribute if it has one, else the static widths with the call site
/// (a hash of its location), else -1 (the runtime then agrees with the team
/// on every call).
int64_t haloKey(distruntime::UpdateHaloOp op);

} // namespace mlir::distc::idtr_lowering

#endif // DISTC_PASSES_DISTRUNTIMETOIDTR_HALOKEY_H
