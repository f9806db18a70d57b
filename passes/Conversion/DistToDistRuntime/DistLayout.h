//===- DistLayout.h - run-time layout of distributed tensors ----*- C++ -*-===//
//
// After conversion a !dist.tensor value is the tuple of its parts
//   (local tensor, global size of each dimension, local offset of each
//    dimension)
// so that every consumer has the global shape and this rank's box without
// communication. This header has that tuple and the partition arithmetic,
// evaluated at run time from team_size/team_member so that one executable
// runs on any number of ranks.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_DISTTODISTRUNTIME_DISTLAYOUT_H
#define DISTC_PASSES_DISTTODISTRUNTIME_DISTLAYOUT_H

#include "dialect/Dist/Dist.h"
#include "passes/TensorSizes.h"

#include "mlir/IR/Builders.h"

namespace mlir::distc {

/// The converted form of a !dist.tensor value.
struct DistParts {
  Value local;
  SmallVector<Value> globalShape;
  SmallVector<Value> offsets;

  /// Number of values a !dist.tensor of rank `rank` converts to.
  static unsigned numValues(int64_t rank) { return 1 + 2 * rank; }
  /// The converted types of `type`, in the order of `flatten()`.
  static void convertType(dist::DistTensorType type,
                          SmallVectorImpl<Type> &types);
  static DistParts unflatten(ValueRange values);
  SmallVector<Value> flatten() const;
  int64_t rank() const { return globalShape.size(); }
};

/// The block of `size` elements that rank `rank` of `nranks` owns in a
/// balanced partition: `size / nranks` elements, one more for the first
/// `size % nranks` ranks (idtr/detail/BalancedBlocks.h, the formula the
/// runtime computes). Returns {offset, count}.
std::pair<Value, Value> balancedBlock(OpBuilder &b, Location loc, Value size,
                                      Value nranks, Value rank);

/// The extents of `type`'s process grid (`type.isGrid()`): constants for
/// the static ones, the balanced factoring (_idtr_grid_factor) of the team
/// size divided by their product for the `?` ones. Checks at run time that
/// the extents multiply to the team size.
SmallVector<Value> gridExtents(OpBuilder &b, Location loc,
                               dist::DistTensorType type);

/// This rank's coordinates in a row-major grid of `extents` (last axis
/// fastest), from its number in the team.
SmallVector<Value> gridCoordinates(OpBuilder &b, Location loc,
                                   ArrayRef<Value> extents, Value member);

/// The sub-grid team of the ranks of `type`'s grid that differ only along
/// grid `axes` (a grid column for {0}, a row for {1}), defined here with
/// distruntime.define_subgrid_team (local, idempotent; its communicator is
/// split once, at first use). A member's number is its row-major index
/// along `axes`. For static extents below 4096 and `?` extents (which the
/// runtime factors from the world's size as gridExtents does) on at most
/// four axes: the id encodes them and their number (no two grids share
/// one); std::nullopt otherwise.
std::optional<int64_t> defineGridAxesTeam(OpBuilder &b, Location loc,
                                          dist::DistTensorType type,
                                          ArrayRef<int64_t> axes);

/// This rank's box of the balanced partition of `type` (1-D along its
/// split dimension, or one balanced block per grid axis) of an array of
/// `globalShape`: {offsets, sizes}.
std::pair<SmallVector<Value>, SmallVector<Value>>
balancedBox(OpBuilder &b, Location loc, dist::DistTensorType type,
            ArrayRef<Value> globalShape);

/// The global shape of `type` as index values: constants for static
/// dimensions, `dynamicSizes` (in order) for the others.
SmallVector<Value> globalShapeOf(OpBuilder &b, Location loc,
                                 dist::DistTensorType type,
                                 ValueRange dynamicSizes);

/// An index constant.
Value indexConst(OpBuilder &b, Location loc, int64_t value);

/// Team size and this rank's number, as index values.
Value teamSize(OpBuilder &b, Location loc, int64_t team);
Value teamMember(OpBuilder &b, Location loc, int64_t team);

/// An empty tensor of `type` with the given sizes of every dimension.
Value emptyTensor(OpBuilder &b, Location loc, RankedTensorType type,
                  ArrayRef<Value> sizes);

/// `value` cast to `type` if the types differ (tensor.cast).
Value castTo(OpBuilder &b, Location loc, Value value, Type type);

/// Redistributes `source` (of type `sourceType`) into the balanced
/// partition of `targetType` (1-D or grid), with global shape
/// `targetShape` (copy_reshape + wait; an identity reshape repartitions).
DistParts redistribute(OpBuilder &b, Location loc, const DistParts &source,
                       dist::DistTensorType sourceType,
                       dist::DistTensorType targetType,
                       ArrayRef<Value> targetShape);

/// `parts` in the partition of `targetType`: unchanged if the partitions
/// match, redistributed otherwise.
DistParts toPartitionOf(OpBuilder &b, Location loc, const DistParts &parts,
                        dist::DistTensorType sourceType,
                        dist::DistTensorType targetType);

} // namespace mlir::distc

#endif // DISTC_PASSES_DISTTODISTRUNTIME_DISTLAYOUT_H
