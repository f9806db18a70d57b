//===- NoProposalModel.h - sharding models that propose nothing -*- C++ -*-===//
//
// distc's own ShardingInterface models (ReplicatedSharding.cpp for ops
// without a rule, UnevenSharding.cpp for resharding carriers) take no part
// in propagation: they propose no sharding and add no annotations, so that
// propagation goes on past them. Each supplies only its `partition`.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_SHARDTODISTRUNTIME_NOPROPOSALMODEL_H
#define DISTC_PASSES_SHARDTODISTRUNTIME_NOPROPOSALMODEL_H

#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"

namespace mlir::distc {

template <typename ConcreteModel>
struct NoProposalModel
    : public shard::ShardingInterface::FallbackModel<ConcreteModel> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *) const {
    return {};
  }
  SmallVector<shard::ReductionKind>
  getReductionLoopIteratorKinds(Operation *) const {
    return {};
  }
  SmallVector<AffineMap> getIndexingMaps(Operation *) const { return {}; }
  FailureOr<shard::ShardingOption>
  getShardingOption(Operation *, ArrayRef<shard::Sharding>,
                    ArrayRef<shard::Sharding>) const {
    return shard::ShardingOption::makeEmpty();
  }
  FailureOr<std::vector<shard::Sharding>>
  getShardingAnnotations(Operation *op, const shard::ShardingOption &) const {
    return std::vector<shard::Sharding>(op->getNumOperands() +
                                        op->getNumResults());
  }
  LogicalResult addShardingAnnotations(Operation *, OpBuilder &,
                                       const shard::ShardingOption &) const {
    return success();
  }
};

} // namespace mlir::distc

#endif // DISTC_PASSES_SHARDTODISTRUNTIME_NOPROPOSALMODEL_H
