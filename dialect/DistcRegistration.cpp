//===- DistcRegistration.cpp - Dialects, extensions and passes of distc ---===//

#include "dialect/DistcRegistration.h"

#include "dialect/Dist/Dist.h"
#include "dialect/DistRuntime/DistRuntime.h"
#include "passes/Passes.h"
#include "passes/Conversion/ShardToDistRuntime/ReplicatedSharding.h"
#include "passes/Conversion/ShardToDistRuntime/ReshapeSharding.h"
#include "passes/Conversion/ShardToDistRuntime/UnevenSharding.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"

void distc::registerDistcDialects(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<mlir::dist::DistDialect,
                  mlir::distruntime::DistRuntimeDialect>();
  mlir::distruntime::registerBufferizableOpInterfaceExternalModels(registry);
  // After registerAllExtensions: upstream's sharding models come first, ops
  // without one are computed replicated in shard programs (docs/shard.md),
  // after distc's own rules.
  mlir::distc::registerReshapeShardingModels(registry);
  mlir::distc::registerReplicatedShardingModels(registry);
  mlir::distc::registerReshardShardingModel(registry);
}

void distc::registerUpstreamAndDistcPasses() {
  mlir::registerAllPasses();
  mlir::distc::registerDistcPasses();
}
