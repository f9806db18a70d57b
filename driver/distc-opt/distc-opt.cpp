//===- distc-opt.cpp - mlir-opt with distc's dialects and passes ----------===//
//
// Runs any pass or named pipeline of distc in isolation, for lit tests and
// debugging: `distc-opt --lower-distruntime-to-idtr in.mlir`.
//
//===----------------------------------------------------------------------===//

#include "dialect/DistcRegistration.h"
#include "pipelines/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  distc::registerDistcPasses();
  distc::registerDistcPipelines();
  mlir::DialectRegistry registry;
  distc::registerDistcDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "distc optimizer driver: distc's dialects and passes\n",
      registry));
}
