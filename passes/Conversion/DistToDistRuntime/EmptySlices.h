//===- EmptySlices.h - slices that hold no element ---------------*- C++ -*-===//
//
// The dist lowering builds tensor.extract_slice / insert_slice from box
// arithmetic that folds to constants where shapes are static. A box that is
// empty along a static dimension (a 4x0 tensor, a slice whose step leaves
// no element) then yields a slice with a static size 0 whose static offset
// or stride MLIR 22's slice verifier rejects although nothing is read
// ("offset 1 is out-of-bounds: 0 >= 0", "slice along dimension 1 runs
// out-of-bounds: 2 >= 1"). Such slices carry no data: an extraction is an
// empty tensor, an insertion leaves its destination as it is.
//
//===----------------------------------------------------------------------===//

#ifndef DISTC_PASSES_CONVERSION_DISTTODISTRUNTIME_EMPTYSLICES_H
#define DISTC_PASSES_CONVERSION_DISTTODISTRUNTIME_EMPTYSLICES_H

namespace mlir {
class Operation;
namespace distc {

/// Replaces every tensor.extract_slice under `root` that selects nothing (a
/// size that is a constant 0, or a source with a static size 0) by a
/// tensor.empty of its type, and every such tensor.insert_slice by its
/// destination: the distruntime dialect's patterns for empty views
/// (dialect/DistRuntime/EmptyViews.cpp), which canonicalize also applies.
void dropEmptySlices(Operation *root);

} // namespace distc
} // namespace mlir

#endif // DISTC_PASSES_CONVERSION_DISTTODISTRUNTIME_EMPTYSLICES_H
