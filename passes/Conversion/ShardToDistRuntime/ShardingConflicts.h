//===- ShardingConflicts.h - consistent shardings before partitioning -*- C++ -*-===//
//
// Upstream 22's sharding-propagation gives up silently on an op whose
// annotations contradict each other (a grid axis on two of its loops, an
// operand demanding a split its result does not have) and leaves it, and
// the values around it, partly annotated. Its shard-partition then reads
// an annotation that is not there and crashes. distc settles every such op
// the way GSPMD and Shardy do: the op runs in one loop sharding, taken from
// its annotated results first and then from those of its operands that
// agree with them, and every operand or result annotated otherwise is
// resharded to or from it.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_SHARDTODISTRUNTIME_SHARDINGCONFLICTS_H
#define DISTC_PASSES_SHARDTODISTRUNTIME_SHARDINGCONFLICTS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::distc {

/// After propagation, before uneven shardings are completed: gives every op
/// of `func` that has a loop-based sharding rule one loop sharding, and its
/// operands and results the annotations it implies (adding reshardings
/// where they were annotated otherwise, and annotations where propagation
/// left none). Shardings of different grids meeting at one op, or chained
/// by an annotation, are a located error: upstream defines no resharding
/// between grids.
LogicalResult resolveShardingConflicts(func::FuncOp func);

} // namespace mlir::distc

#endif // DISTC_PASSES_SHARDTODISTRUNTIME_SHARDINGCONFLICTS_H
