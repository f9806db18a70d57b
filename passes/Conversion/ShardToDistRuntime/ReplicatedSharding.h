//===- ReplicatedSharding.h - replicated fallback for shard propagation ---===//
//
// Upstream's sharding-propagation fails on every op without a sharding rule
// (vector.print, tensor.extract, func.call, scalar arith, ...). distc
// computes such ops replicated instead: they get a ShardingInterface model
// that proposes no sharding and partitions by cloning on whole tensors, and
// distc-shard-partition annotates their tensor operands and results as
// replicated (which partitioning turns into gathers before and slices after
// them).
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_SHARDTODISTRUNTIME_REPLICATEDSHARDING_H
#define DISTC_PASSES_SHARDTODISTRUNTIME_REPLICATEDSHARDING_H

namespace mlir {
class DialectRegistry;
class Operation;
} // namespace mlir

namespace mlir::distc {

/// Attaches the replicated model to the ops distc computes replicated (those
/// that do not have a sharding model already when their dialect loads).
void registerReplicatedShardingModels(DialectRegistry &registry);

/// Whether `op` has distc's replicated model.
bool hasReplicatedSharding(Operation *op);

} // namespace mlir::distc

#endif // DISTC_PASSES_SHARDTODISTRUNTIME_REPLICATEDSHARDING_H
