//===- UnevenSharding.h - uneven partitions of annotated programs -*- C++ -*-===//
//
// Upstream 22's shard-partition gives every shard of a split dimension
// `size / n` elements unless the sharding carries `sharded_dims_offsets`,
// propagation drops those offsets from the shardings it derives, and its
// resharding crashes on any sharding with offsets. distc-shard-partition
// therefore
//
//   1. gives every sharding that splits a dimension unevenly (or one whose
//      dimension the user partitioned with explicit offsets) its offsets
//      table: the user's, or the shard dialect's balanced partition
//      (completeUnevenShardings), so that upstream types the shards
//      dynamically and sizes them with shard.shard_shape;
//   2. takes every resharding from or to such a sharding out of upstream's
//      hands (insertReshardCarriers): a `distc.reshard`
//      builtin.unrealized_conversion_cast between the two annotations, whose
//      sharding model partitions it into the same cast on local shards with
//      both shardings as operands. convert-shard-to-distruntime lowers that
//      to one any-box redistribution (ShardReshard.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_SHARDTODISTRUNTIME_UNEVENSHARDING_H
#define DISTC_PASSES_SHARDTODISTRUNTIME_UNEVENSHARDING_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir {
class DialectRegistry;
namespace distc {

/// The attribute of a resharding carrier: the global shape of the tensor.
inline constexpr llvm::StringLiteral kReshardAttrName = "distc.reshard";
/// On a carrier that also transposes (ShardPartition.cpp's
/// fuseReshardTransposes): the permutation, as linalg.transpose's. The
/// carrier's type and its distc.reshard shape are then the transposed ones.
inline constexpr llvm::StringLiteral kPermuteAttrName = "distc.permute";

/// The split axes of dimension `dim` of `sharding` (empty past its list).
inline ArrayRef<shard::GridAxis> axesOf(shard::ShardingOp sharding,
                                        int64_t dim) {
  auto all = sharding.getSplitAxes().getAxes();
  if (dim >= static_cast<int64_t>(all.size()))
    return {};
  return all[dim].asArrayRef();
}

/// The shards of `axes` on `grid`: positive and within int64, since
/// distc-shard-partition starts with checkShardGrids and checkAnnotation
/// refuses grids with `?` extents.
inline int64_t shardCount(shard::GridOp grid,
                          ArrayRef<shard::GridAxis> axes) {
  int64_t n = 1;
  for (shard::GridAxis axis : axes)
    n *= grid.getShape()[axis];
  return n;
}

/// Step 1 above, after propagation; errors at the annotation for offsets
/// tables that do not describe the tensor and for uneven halo shardings.
LogicalResult completeUnevenShardings(func::FuncOp func,
                                      SymbolTableCollection &symbols);
/// Step 2 above, just before partitioning.
void insertReshardCarriers(func::FuncOp func);
/// The sharding model of the carriers.
void registerReshardShardingModel(DialectRegistry &registry);

} // namespace distc
} // namespace mlir

#endif // DISTC_PASSES_SHARDTODISTRUNTIME_UNEVENSHARDING_H
