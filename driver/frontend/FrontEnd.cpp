//===- FrontEnd.cpp - From MLIR text to the final LLVM dialect ------------===//

#include "FrontEnd.h"
#include "InlineAsmCheck.h"
#include "InputLimits.h"
#include "ParserHazards.h"
#include "passes/Conversion/ShardToDistRuntime/ShardGridCheck.h"

#include "dialect/DistcRegistration.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

namespace distc {

void registerFrontEndDialects(DialectRegistry &registry) {
  registerDistcDialects(registry);
  registerAllToLLVMIRTranslations(registry);
}

void registerFrontEndPasses(unsigned defaultOptLevel,
                            bool defaultRuntimeChecks,
                            FPContract defaultFPContract) {
  registerUpstreamAndDistcPasses();
  registerDistcPipelines(defaultOptLevel, defaultRuntimeChecks,
                         defaultFPContract);
}

/// `text` as a pipeline on builtin.module. The parser reports through a
/// SourceMgr as `MLIR Textual PassPipeline Parser:1:N: error: <msg>` plus a
/// caret line; `error` keeps only <msg>, which is one sentence.
static FailureOr<OpPassManager> parseTextualPipeline(StringRef text,
                                                     std::string &error) {
  // Always parse into a *returned* OpPassManager: the overload that adds to
  // an existing module pass manager would nest `builtin.module(...)` inside
  // it, and that nested pipeline silently never runs.
  std::string anchored = text.starts_with("builtin.module(")
                             ? text.str()
                             : ("builtin.module(" + text + ")").str();
  std::string errorText;
  llvm::raw_string_ostream errorStream(errorText);
  FailureOr<OpPassManager> parsed = parsePassPipeline(anchored, errorStream);
  if (succeeded(parsed))
    return parsed;
  StringRef msg = errorText;
  size_t pos = msg.find("error: ");
  if (pos != StringRef::npos)
    msg = msg.drop_front(pos + 7);
  error = msg.take_until([](char c) { return c == '\n'; }).trim().str();
  return failure();
}

std::unique_ptr<PassManager> buildPipeline(MLIRContext &ctx,
                                           const FrontEndOptions &opts,
                                           std::string &error) {
  auto pm = std::make_unique<PassManager>(&ctx, ModuleOp::getOperationName());
  if (!opts.pipelineText) {
    buildDefaultPipeline(*pm, opts.pipeline);
    return pm;
  }
  StringRef text = StringRef(*opts.pipelineText).trim();
  // Empty: the input is expected to be at the LLVM level already.
  if (!text.empty() && text != "builtin.module()") {
    FailureOr<OpPassManager> parsed = parseTextualPipeline(text, error);
    if (failed(parsed))
      return nullptr;
    static_cast<OpPassManager &>(*pm) = std::move(*parsed);
  }
  // Whatever the user's pipeline, the module that is translated is a C
  // program that links: the finalization is what distc would otherwise do
  // behind the pipeline's back, and --dump-pipeline shows it.
  if (!hasProgramFinalization(*pm))
    addProgramFinalization(*pm);
  return pm;
}

OwningOpRef<ModuleOp> parseInput(llvm::SourceMgr &sourceMgr,
                                 MLIRContext &ctx) {
  // The parser recurses once per nesting level: refuse what would overflow
  // its stack.
  if (failed(checkNestingDepth(sourceMgr, &ctx)))
    return nullptr;
  // A few upstream parsers crash on malformed custom syntax they report.
  if (failed(checkParserHazards(sourceMgr, &ctx)))
    return nullptr;
  // Parsed without the verifier, which runs next: some upstream verifiers
  // divide by what the ops they look up hold (shard.all_slice by its grid's
  // extents), so those are checked first.
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(
      sourceMgr, ParserConfig(&ctx, /*verifyAfterParse=*/false));
  if (!module || failed(mlir::distc::checkShardGrids(*module)) ||
      failed(verify(*module)) || failed(checkStaticSizes(*module)))
    return nullptr;
  return module;
}

LogicalResult checkEntryPoint(ModuleOp module, bool &definesMain) {
  definesMain = false;
  Operation *symbol = SymbolTable::lookupSymbolIn(module, "main");
  if (!symbol)
    return success();
  auto isI32 = [](Type t) { return t.isInteger(32); };
  if (auto func = dyn_cast<func::FuncOp>(symbol)) {
    if (func.isDeclaration())
      return success();
    FunctionType type = func.getFunctionType();
    if (type.getNumInputs() != 0 || type.getNumResults() > 1 ||
        (type.getNumResults() == 1 && !isI32(type.getResult(0))))
      return func.emitError("the entry point 'main' must have type '() -> ()' "
                            "or '() -> i32', not ")
             << type;
  } else if (auto func = dyn_cast<LLVM::LLVMFuncOp>(symbol)) {
    if (func.isExternal())
      return success();
    LLVM::LLVMFunctionType type = func.getFunctionType();
    Type result = type.getReturnType();
    if (!isa<LLVM::LLVMVoidType>(result) && !isI32(result))
      return func.emitError("the entry point 'main' must return void or i32");
  } else {
    return symbol->emitError("the symbol 'main' must be a function");
  }
  definesMain = true;
  return success();
}

LogicalResult runPipeline(PassManager &pm, ModuleOp module,
                          const FrontEndOptions &opts) {
  // Threads only for modules with many functions: for a program of a few
  // functions, starting and synchronizing the pass manager's workers costs
  // more than they save.
  constexpr size_t kParallelFunctions = 16;
  size_t functions = llvm::range_size(module.getOps<FunctionOpInterface>());
  module.getContext()->enableMultithreading(opts.allowMultithreading &&
                                            functions >= kParallelFunctions);
  if (failed(pm.run(module)))
    return failure();
  return verify(module);
}

std::unique_ptr<llvm::Module> translateToLLVMIR(ModuleOp module,
                                                llvm::LLVMContext &llvmCtx) {
  // Constraints LLVM would only assert on are refused first.
  if (failed(checkInlineAsm(module)))
    return nullptr;
  // Null after located diagnostics on failure.
  return translateModuleToLLVMIR(module, llvmCtx, "distc");
}

OwningOpRef<ModuleOp> processBuffer(llvm::SourceMgr &sourceMgr,
                                    PassManager &pm,
                                    const FrontEndOptions &opts,
                                    TimingScope &timing, StringRef name,
                                    bool &definesMain, StepReporter reportStep,
                                    ModuleHook beforePipeline) {
  auto report = [&](const llvm::Twine &step) {
    if (reportStep)
      reportStep(step);
  };
  report("parse " + name);
  OwningOpRef<ModuleOp> module;
  {
    TimingScope scope = timing.nest("Parse");
    module = parseInput(sourceMgr, *pm.getContext());
  }
  if (!module || failed(checkEntryPoint(*module, definesMain)))
    return nullptr;
  if (beforePipeline)
    beforePipeline(*module);
  report("run the MLIR pass pipeline on " + name);
  if (failed(runPipeline(pm, *module, opts)))
    return nullptr;
  return module;
}

} // namespace distc
