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
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace distc {

void buildShardToDistRuntime(OpPassManager &pm, const PipelineOptions &opts) {
  // Upstream propagation + partitioning on each annotated function, with
  // global tensors at function boundaries.
  pm.addPass(mlir::distc::createShardPartition());
  // Partitioning leaves chains of no-op tensor.cast and copies of
  // shardings; folding them first keeps the lowering's input small.
  if (opts.optLevel > 0)
    pm.addPass(createCanonicalizerPass());
  pm.addPass(mlir::distc::createConvertShardToDistRuntime());
}

} // namespace distc
