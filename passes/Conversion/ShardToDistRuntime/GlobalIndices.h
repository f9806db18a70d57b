//===- GlobalIndices.h - linalg.index of partitioned ops -------*- C++ -*-===//
//
// Upstream's partitioning keeps a linalg.index in a partitioned body as it
// is: the index within the local shard, not within the global tensor the
// program indexes. distc offsets it by the first global index of the
// process's block along that loop. Before partitioning, while the
// annotations still say how each loop is split, every linalg.index of a
// split loop records its grid, axes and block offsets (tagShardedIndices);
// after partitioning each such index becomes `index + offset`, the offset
// read from the table at the process's linear index along those axes
// (offsetShardedIndices).
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_SHARDTODISTRUNTIME_GLOBALINDICES_H
#define DISTC_PASSES_SHARDTODISTRUNTIME_GLOBALINDICES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::distc {

/// After the shardings are final (resolveShardingConflicts,
/// completeUnevenShardings), before any annotation chain is rewritten.
void tagShardedIndices(func::FuncOp func, SymbolTableCollection &symbols);

/// After partitioning.
void offsetShardedIndices(func::FuncOp func, SymbolTableCollection &symbols);

} // namespace mlir::distc

#endif // DISTC_PASSES_SHARDTODISTRUNTIME_GLOBALINDICES_H
