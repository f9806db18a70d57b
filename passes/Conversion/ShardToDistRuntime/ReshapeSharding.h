//===- ReshapeSharding.h - sharding rules of tensor reshapes ---*- C++ -*-===//
//
// tensor.expand_shape and tensor.collapse_shape have no sharding rule
// upstream. A block split of a collapsed dimension is a block split of the
// leading dimension of its group when every block holds whole rows of the
// group (the leading extent divides by the number of shards); then the
// reshape is local on each shard. Their loops are the dimensions of the
// expanded tensor; the collapsed tensor reads each group at its leading
// dimension. Splits that a reshape cannot keep (a non-leading dimension of
// a group, an extent the shards do not divide, dynamic sizes in a group)
// are dropped after propagation (restrictReshapeLoops), and the operand or
// result annotated with them is resharded (ShardingConflicts.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_SHARDTODISTRUNTIME_RESHAPESHARDING_H
#define DISTC_PASSES_SHARDTODISTRUNTIME_RESHAPESHARDING_H

#include "mlir/Dialect/Shard/IR/ShardOps.h"

namespace mlir {
class DialectRegistry;
namespace distc {

/// Attaches the rules; before registerReplicatedShardingModels.
void registerReshapeShardingModels(DialectRegistry &registry);

/// If `op` is a reshape with distc's rule: clears the grid axes of the
/// loops in `loopAxes` (one list per dimension of the expanded tensor)
/// that the reshape cannot keep split on `grid`.
void restrictReshapeLoops(Operation *op,
                          SmallVectorImpl<SmallVector<shard::GridAxis>> &loopAxes,
                          shard::GridOp grid);

} // namespace distc
} // namespace mlir

#endif // DISTC_PASSES_SHARDTODISTRUNTIME_RESHAPESHARDING_H
