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

/// The bytes of one element of `elementType` as a !dist.tensor stores it
/// (i1 and the other narrow integers take a byte, index eight).
int64_t elementBytes(Type elementType);

/// Emits `<what> is too large: ...` and fails when the static `sizes`
/// (kDynamic entries are skipped, the others are >= 0) of an array of
/// `elementType` hold more elements, or more bytes, than fit in int64: the
/// lowering and the runtime compute element and byte counts and offsets in
/// int64, and a count that wraps would compile to a program that allocates
/// the wrapped size and writes past it.
LogicalResult verifyStaticSizesFit(function_ref<InFlightDiagnostic()> emitError,
                                   ArrayRef<int64_t> sizes, Type elementType,
                                   StringRef what);

/// As verifyStaticSizesFit for the box that extends the static sizes of
/// `shape` by `low[d]` before and `high[d]` after each dimension d (widths
/// within kMaxStencilWidth, >= 0): the extended tensor of a halo, a shift or
/// dist.extend.
LogicalResult
verifyExtendedSizesFit(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> shape, ArrayRef<int64_t> low,
                       ArrayRef<int64_t> high, Type elementType,
                       StringRef what);

class DistTensorType;
/// The dimensions of a tensor of `type` whose halo reaches beyond this
/// rank's part: the split dimensions, and those of the `periodic` mask
/// (wrapped around). Only where two of them meet does a halo have corners.
SmallVector<int64_t> haloCrossingDims(DistTensorType type, int64_t periodic);
/// Whether a shift by `shift` reads an element outside this rank's part in
/// two or more haloCrossingDims at once: a corner of the extended box,
/// which a star stencil never reads and a halo with `corners = false` does
/// not hold.
bool shiftReadsCorner(DistTensorType type, int64_t periodic,
                      ArrayRef<int64_t> shift);
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
