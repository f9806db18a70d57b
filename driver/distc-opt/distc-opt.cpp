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
// One difference from mlir-opt: the input is verified by a first pass
// instead of by the parser, so that the shard grids are checked before any
// verifier runs (ShardGridCheck.h: upstream's shard.all_slice verifier
// divides by its grid's extents). The diagnostics are the parser's would-be
// ones, at the same locations; `--verify-diagnostics` tests see no change.
//
//===----------------------------------------------------------------------===//

#include "driver/frontend/FrontEnd.h"
#include "passes/Conversion/ShardToDistRuntime/ShardGridCheck.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"

using namespace mlir;

namespace {

/// What the parser's verification would do, with the shard grids checked
/// first. Not registered: distc-opt adds it in front of every pipeline.
struct VerifyInputPass
    : public PassWrapper<VerifyInputPass, OperationPass<>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(VerifyInputPass)
  StringRef getArgument() const final { return "distc-opt-verify-input"; }
  StringRef getDescription() const final {
    return "check the shard grids, then verify the parsed input";
  }
  void runOnOperation() final {
    // The parser's verification attaches no "see current operation" note to
    // its errors; neither does this pass.
    MLIRContext &ctx = getContext();
    bool printOp = ctx.shouldPrintOpOnDiagnostic();
    ctx.printOpOnDiagnostic(false);
    if (failed(mlir::distc::checkShardGrids(getOperation())) ||
        failed(verify(getOperation())))
      signalPassFailure();
    ctx.printOpOnDiagnostic(printOp);
    markAllAnalysesPreserved();
  }
};

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  ::distc::registerFrontEndPasses();
  DialectRegistry registry;
  ::distc::registerFrontEndDialects(registry);
  auto [inputFilename, outputFilename] = registerAndParseCLIOptions(
      argc, argv, "distc optimizer driver: distc's dialects and passes\n",
      registry);
  MlirOptMainConfig config = MlirOptMainConfig::createFromCLOptions();
  // Listing dialects or passes, or an input the user asked not to verify:
  // mlir-opt's own behaviour.
  if (config.shouldShowDialects() || config.shouldListPasses() ||
      !config.shouldVerifyOnParsing())
    return asMainReturnCode(
        MlirOptMain(argc, argv, inputFilename, outputFilename, registry));

  MlirOptMainConfig cliPipeline = config;
  config.verifyOnParsing(false).setPassPipelineSetupFn(
      [cliPipeline](PassManager &pm) {
        pm.addPass(std::make_unique<VerifyInputPass>());
        return cliPipeline.setupPassPipeline(pm);
      });
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      openInputFile(inputFilename, &errorMessage);
  if (!input) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &errorMessage);
  if (!output) {
    llvm::errs() << errorMessage << "\n";
    return 1;
  }
  if (failed(MlirOptMain(output->os(), std::move(input), registry, config)))
    return 1;
  output->keep();
  return 0;
}
