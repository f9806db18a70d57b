//===- SliceLowering.h - slices and concatenation of parts ------*- C++ -*-===//
//
// The building blocks of dist.slice, dist.insert_slice and dist.concat on
// converted values (DistParts), shared with the periodic dist.shift, which
// is a concatenation of two slices (PeriodicLowering.cpp). Internal to
// convert-dist-to-distruntime.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_DISTTODISTRUNTIME_SLICELOWERING_H
#define DISTC_PASSES_DISTTODISTRUNTIME_SLICELOWERING_H

#include "passes/Conversion/DistToDistRuntime/DistLayout.h"

namespace mlir::distc::lowering {

/// The pieces of a slice of `source` (of `type`, global shape known as
/// `shape`): every rank's part of the slice cut out of its own block (no
/// communication), with the slice's global shape and this rank's offsets
/// in it, and the type that describes their partition: `type`'s when every
/// split dimension is taken whole (`0:end:1`) from a balanced source,
/// irregular along `type`'s split dimension (or on its grid) otherwise.
/// A partition in block order only with positive steps along the split
/// dimensions; otherwise the pieces are only boxes to move.
std::pair<DistParts, dist::DistTensorType>
slicePieces(OpBuilder &b, Location loc, const DistParts &source,
            dist::DistTensorType type, ArrayRef<Value> shape,
            ArrayRef<int64_t> lows, ArrayRef<int64_t> highs,
            ArrayRef<int64_t> steps);
/// The same with bounds that may be run-time values (index), normalised at
/// run time; `opName` names the op in the error for a zero step.
std::pair<DistParts, dist::DistTensorType>
slicePieces(OpBuilder &b, Location loc, const DistParts &source,
            dist::DistTensorType type, ArrayRef<Value> shape,
            ArrayRef<OpFoldResult> lows, ArrayRef<OpFoldResult> highs,
            ArrayRef<OpFoldResult> steps, StringRef opName);

/// `numpy.concatenate(inputs, axis)` (of `types`, global shapes known as
/// `shapes`, checked to agree off the axis) in the balanced partition of
/// `resultType`.
DistParts concatParts(OpBuilder &b, Location loc, ArrayRef<DistParts> inputs,
                      ArrayRef<dist::DistTensorType> types,
                      ArrayRef<SmallVector<Value>> shapes, int64_t axis,
                      dist::DistTensorType resultType);

} // namespace mlir::distc::lowering

#endif // DISTC_PASSES_DISTTODISTRUNTIME_SLICELOWERING_H
