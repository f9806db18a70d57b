//===- DistcRegistration.cpp - Dialects, extensions and passes of distc ---===//

#include "dialect/DistcRegistration.h"

#include "dialect/Dist/Dist.h"
#include "dialect/DistRuntime/DistRuntime.h"
#include "passes/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"

void distc::registerDistcDialects(mlir::DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registry.insert<mlir::dist::DistDialect,
                  mlir::distruntime::DistRuntimeDialect>();
}

void distc::registerDistcPasses() {
  mlir::registerAllPasses();
  mlir::distc::registerDistcPasses();
}
