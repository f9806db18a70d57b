//===- ShardGridCheck.h - grid extents upstream divides by -----*- C++ -*-===//
//
// Upstream 22's shard.grid verifier accepts an extent of 0, and code that
// takes the grid as given divides by its extents or multiplies them
// unchecked: the verifier of shard.all_slice (and of the other collectives
// that compute shard sizes) divides by 0 while the module is verified
// after parsing (SIGFPE), distc-shard-partition's uneven-sharding
// completion divides a dimension's size by its shard count, and the
// lowering multiplies extents into team sizes and strides. checkShardGrids
// refuses such grids with a located error. The front end (parseInput)
// calls it after parsing and before verification, the shard passes before
// they read a grid (for IR that did not come through the front end).
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_SHARDTODISTRUNTIME_SHARDGRIDCHECK_H
#define DISTC_PASSES_SHARDTODISTRUNTIME_SHARDGRIDCHECK_H

#include "mlir/IR/Operation.h"

namespace mlir::distc {

/// Emits an error at every shard.grid nested in `root` (or `root` itself)
/// that has a static extent below 1 (0, or negative other than the
/// dynamic marker `?`) or whose static extents multiply to more than
/// INT64_MAX. Safe on IR that has not been verified: it reads only the
/// grid's `shape` attribute, if present.
LogicalResult checkShardGrids(Operation *root);

} // namespace mlir::distc

#endif // DISTC_PASSES_SHARDTODISTRUNTIME_SHARDGRIDCHECK_H
