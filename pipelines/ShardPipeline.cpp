//===- ShardPipeline.cpp - the upstream `shard` front-end stage -----------===//
//
// The stage that takes programs annotated with upstream MLIR's shard dialect
// to the distruntime level (docs/shard.md). It runs first in the default
// pipeline and does nothing to a module without shard ops, so distc needs
// no flag to recognize shard input.
//
//===----------------------------------------------------------------------===//

#include "pipelines/Pipelines.h"

#include "passes/Passes.h"

#include "mlir/Pass/PassManager.h"

using namespace mlir;

namespace distc {

void buildShardToDistRuntime(OpPassManager &pm, const PipelineOptions &opts) {
  // Upstream propagation + partitioning on each annotated function, with
  // global tensors at function boundaries.
  mlir::distc::ShardPartitionOptions partitionOptions;
  partitionOptions.remarks = opts.remarks;
  pm.addPass(mlir::distc::createShardPartition(partitionOptions));
  // No canonicalize here, although partitioning leaves no-op tensor.casts:
  // it would run on dist programs too, before their own lowering, and fold
  // an scf.if on dist tensors into an arith.select the dist lowering does
  // not handle. The distruntime stage canonicalizes after both front ends.
  pm.addPass(mlir::distc::createConvertShardToDistRuntime());
}

} // namespace distc
