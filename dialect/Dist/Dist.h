//===- Dist.h - the dist dialect ---------------------------------*- C++ -*-===//
//
// Distributed tensors and the operations on them (generated from the .td
// files beside this header).
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DIALECT_DIST_DIST_H
#define DISTC_DIALECT_DIST_DIST_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "dialect/DistRuntime/DistRuntime.h"

namespace mlir::dist {
/// Shift offsets and halo widths larger than this in magnitude are rejected:
/// no array dimension comes near it, and the lowering adds them to sizes
/// and offsets in int64 arithmetic that must not overflow (INT64_MIN is also
/// MLIR's marker for a dynamic offset).
inline constexpr int64_t kMaxStencilWidth = int64_t(1) << 48;
} // namespace mlir::dist

#include "dialect/Dist/DistOpsDialect.h.inc"
// The reduction kinds are distruntime's: one enum for both dialects.
namespace mlir::dist {
using ::mlir::distruntime::ReduceKind;
using ::mlir::distruntime::stringifyReduceKind;
using ::mlir::distruntime::symbolizeReduceKind;
} // namespace mlir::dist

#define GET_TYPEDEF_CLASSES
#include "dialect/Dist/DistOpsTypes.h.inc"

#define GET_OP_CLASSES
#include "dialect/Dist/DistOps.h.inc"


#endif // DISTC_DIALECT_DIST_DIST_H
