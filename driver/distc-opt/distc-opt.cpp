//===- distc-opt.cpp - mlir-opt with distc's dialects and passes ----------===//
//
// Runs any pass or named pipeline of distc in isolation, for lit tests and
// debugging: `distc-opt --lower-distruntime-to-idtr in.mlir`. It knows what
// distc's front end knows (driver/frontend/FrontEnd.h): the same dialects,
// passes and pipelines, so that
// `distc-opt --pass-pipeline="$(distc --dump-pipeline ...)"` runs exactly
// distc's pipeline. The rest of the front end (input limits, entry point)
// is distc's: distc-opt reads what mlir-opt reads.
//
//===----------------------------------------------------------------------===//

#include "driver/frontend/FrontEnd.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  distc::registerFrontEndPasses();
  mlir::DialectRegistry registry;
  distc::registerFrontEndDialects(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "distc optimizer driver: distc's dialects and passes\n",
      registry));
}
