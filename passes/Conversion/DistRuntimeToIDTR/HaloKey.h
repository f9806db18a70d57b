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

namespace mlir::distc::idtr_lowering {

/// The runtime's key for `op` (idtr.h, idtr_halo_key): its own `key`
/// attribute if it has one, else its `widths` (the same on every rank and
/// at every call: the lowering that made the op fixed them) with the call
/// site (a hash of its location), else -1 (the runtime then agrees with the
/// team on every call).
int64_t haloKey(distruntime::UpdateHaloOp op);

} // namespace mlir::distc::idtr_lowering

#endif // DISTC_PASSES_DISTRUNTIMETOIDTR_HALOKEY_H
