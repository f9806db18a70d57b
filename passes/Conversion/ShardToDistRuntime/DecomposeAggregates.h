//===- DecomposeAggregates.h - aggregate linalg ops as generics -*- C++ -*-===//
//
// linalg.softmax has no sharding rule upstream and no lowering in distc's
// pipeline. Its decomposition (a max reduction, exp of the difference, a
// sum reduction, a division: linalg.generic ops) has both: split along a
// dimension other than the softmax's, every step is local; split along the
// softmax's dimension, the two reductions become partial reductions and an
// all_reduce each (max and sum), by upstream's rule for linalg reductions.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_SHARDTODISTRUNTIME_DECOMPOSEAGGREGATES_H
#define DISTC_PASSES_SHARDTODISTRUNTIME_DECOMPOSEAGGREGATES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::distc {

/// Replaces every linalg.softmax in `func` by its decomposition.
LogicalResult decomposeAggregateOps(func::FuncOp func);

} // namespace mlir::distc

#endif // DISTC_PASSES_SHARDTODISTRUNTIME_DECOMPOSEAGGREGATES_H
