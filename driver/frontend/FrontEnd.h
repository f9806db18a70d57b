//===- FrontEnd.h - From MLIR text to the final LLVM dialect ------*- C++ -*-===//
//
// The one front end of distc: what happens to an `.mlir` input before LLVM
// takes over. distc (driver/distc/Compile.cpp), distc-opt (registration)
// and the fuzzer (fuzz/distc-fuzz.cpp) all call it, so the fuzzer tests
// what users run. As CIRCT's firtool, in stage builders and one
// `processBuffer` that chains them:
//
//   parseInput        input limits (InputLimits.h), parse, verify, sizes
//   checkEntryPoint   `main` has a type the C start files can call
//   runPipeline       the pass pipeline (buildPipeline), then verify
//   translateToLLVMIR the inline-asm check (InlineAsmCheck.h), translation
//
// The pipeline ends with the program finalization (Pipelines.h), so the
// module processBuffer returns is exactly what translateToLLVMIR turns
// into LLVM IR: `distc-opt --pass-pipeline=<distc --dump-pipeline>` piped
// to `mlir-translate --mlir-to-llvmir` gives the same module.
//
// Nothing here reads command-line state or prints: errors are MLIR
// diagnostics (located), or returned as text for the caller to report.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_FRONTEND_FRONTEND_H
#define DISTC_DRIVER_FRONTEND_FRONTEND_H

#include "pipelines/Pipelines.h"

#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"

#include "llvm/ADT/FunctionExtras.h"

#include <memory>
#include <optional>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class SourceMgr;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class MLIRContext;
class ModuleOp;
class PassManager;
class TimingScope;
} // namespace mlir

namespace distc {

/// Every dialect, interface extension and LLVM IR translation an input may
/// use: the registry of distc's contexts and the fuzzer's.
void registerFrontEndDialects(mlir::DialectRegistry &registry);

/// Passes and named pipelines, for textual pipelines (distc --pipeline,
/// --print-ir-*, distc-opt). A named pipeline written without `opt-level`
/// is built at `defaultOptLevel`, one without `runtime-checks` at
/// `defaultRuntimeChecks`, one without `fp-contract` at `defaultFPContract`.
void registerFrontEndPasses(unsigned defaultOptLevel = 2,
                            bool defaultRuntimeChecks = false,
                            FPContract defaultFPContract = FPContract::On);

/// What changes the front end's work; a plain struct, filled from distc's
/// command line or by the fuzzer.
struct FrontEndOptions {
  PipelineOptions pipeline;
  /// A textual pipeline that replaces the default one (distc --pipeline);
  /// empty or `builtin.module()`: only the program finalization, for input
  /// already in the LLVM dialect.
  std::optional<std::string> pipelineText;
  /// Whether the pass manager may run on functions in parallel, for modules
  /// with many functions. Off when IR is printed around passes.
  bool allowMultithreading = true;
};

/// Stage: a pass manager with the default pipeline, or with `pipelineText`
/// followed by the program finalization when the text does not include it.
/// On a bad pipeline, null and `error` holds one sentence.
std::unique_ptr<mlir::PassManager>
buildPipeline(mlir::MLIRContext &ctx, const FrontEndOptions &opts,
              std::string &error);

/// Stage: parses the main buffer of `sourceMgr` after the nesting limits,
/// and checks the static sizes. Null on failure (diagnosed).
mlir::OwningOpRef<mlir::ModuleOp> parseInput(llvm::SourceMgr &sourceMgr,
                                             mlir::MLIRContext &ctx);

/// Stage: `func.func @main()`, `func.func @main() -> i32` (or an
/// `llvm.func @main` returning void or i32) or no main at all; anything
/// else named `main` is an error. `definesMain` tells whether the module
/// defines the program's entry.
mlir::LogicalResult checkEntryPoint(mlir::ModuleOp module, bool &definesMain);

/// Stage: runs `pm` on `module`, then verifies the result once (translation
/// of invalid IR would be undefined behaviour: LLVM here has no assertions).
mlir::LogicalResult runPipeline(mlir::PassManager &pm, mlir::ModuleOp module,
                                const FrontEndOptions &opts);

/// Stage: the module after the pipeline -> LLVM IR in `llvmCtx`, after the
/// checks of what LLVM would crash on. Null on failure (diagnosed). The
/// target triple and data layout are the caller's (its target machine).
std::unique_ptr<llvm::Module> translateToLLVMIR(mlir::ModuleOp module,
                                                llvm::LLVMContext &llvmCtx);

/// Reports the start of a step ("parse X", "run the MLIR pass pipeline on
/// X") for distc -v; may be empty.
using StepReporter = llvm::function_ref<void(const llvm::Twine &step)>;

/// Sees the module as written, after the checks and before the pipeline
/// (distc --emit=header reads the signatures the user wrote); may be empty.
using ModuleHook = llvm::function_ref<void(mlir::ModuleOp)>;

/// parseInput, checkEntryPoint and runPipeline in order, each timed under
/// `timing`; `name` names the input in the steps reported. Null on failure
/// (diagnosed through the context's handlers).
mlir::OwningOpRef<mlir::ModuleOp>
processBuffer(llvm::SourceMgr &sourceMgr, mlir::PassManager &pm,
              const FrontEndOptions &opts, mlir::TimingScope &timing,
              llvm::StringRef name, bool &definesMain,
              StepReporter reportStep = {}, ModuleHook beforePipeline = {});

} // namespace distc

#endif // DISTC_DRIVER_FRONTEND_FRONTEND_H
