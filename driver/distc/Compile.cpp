//===- Compile.cpp - From one .mlir file to IR, assembly or an object -----===//

#include "Compile.h"
#include "Backend.h"
#include "DebugInfo.h"
#include "HeaderEmitter.h"
#include "Diagnostics.h"
#include "OutputFile.h"

#include "driver/frontend/FrontEnd.h"
#include "driver/frontend/InputLimits.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/Timing.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Target/TargetMachine.h"

using namespace mlir;

namespace distc {

struct Compiler::Impl {
  Impl(const DriverOptions &opts, TimingScope &timing)
      : opts(opts), timing(timing), backend(opts, timing) {}

  LogicalResult initialize();
  LogicalResult buildPipeline();
  LogicalResult configureIRPrinting();

  OwningOpRef<ModuleOp>
  runFrontEnd(llvm::SourceMgr &sourceMgr, llvm::StringRef inputPath,
              ModuleHook beforePipeline = {});
  LogicalResult writeHeader(llvm::StringRef inputPath,
                            llvm::StringRef outputPath);
  std::unique_ptr<llvm::Module> translate(ModuleOp module,
                                          llvm::LLVMContext &llvmCtx);
  std::unique_ptr<llvm::Module> lowerToLLVM(OwningOpRef<ModuleOp> module,
                                            llvm::StringRef inputPath,
                                            llvm::LLVMContext &llvmCtx);
  std::unique_ptr<llvm::Module> loadLLVMInput(llvm::StringRef inputPath,
                                              llvm::LLVMContext &llvmCtx);
  std::unique_ptr<llvm::Module> toLLVM(llvm::StringRef inputPath,
                                       llvm::LLVMContext &llvmCtx,
                                       llvm::StringRef tempsStem);
  LogicalResult compileFile(llvm::StringRef inputPath,
                            llvm::StringRef outputPath, EmitKind kind,
                            llvm::StringRef tempsStem);
  LogicalResult compileToObjects(llvm::StringRef inputPath,
                                 llvm::StringRef stem,
                                 std::vector<std::string> &objects,
                                 bool saveTemps);

  const DriverOptions &opts;
  TimingScope &timing;
  FrontEndOptions frontEndOpts;
  std::unique_ptr<MLIRContext> ctx;
  std::unique_ptr<PassManager> pm;
  Backend backend;
  bool sawMain = false;
};

//===----------------------------------------------------------------------===//
// Set-up, once per invocation
//===----------------------------------------------------------------------===//

LogicalResult Compiler::Impl::initialize() {
  TimingScope scope = timing.nest("Set-up");
  DialectRegistry registry;
  registerFrontEndDialects(registry);
  // Dialects load lazily, when the parser or a pass first needs them.
  // Threads only for modules with many functions (distc::runPipeline).
  ctx = std::make_unique<MLIRContext>(registry,
                                      MLIRContext::Threading::DISABLED);
  // Located diagnostics already show the source line; a generic dump of the
  // offending op on top of it is noise for a compiler user.
  ctx->printOpOnDiagnostic(false);

  // The target first: the MLIR pipeline tiles for its vector registers,
  // also when only MLIR is written (the same IR as the one compiled).
  if (failed(backend.initialize()) || failed(buildPipeline()) ||
      failed(configureIRPrinting()))
    return failure();
  // After IR printing: timing must be the last instrumentation added.
  if (opts.timing)
    pm->enableTiming(timing);
  return success();
}

/// The front end's pipeline (FrontEnd.h): the default one from
/// PipelineOptions, or the user's --pipeline, followed by the program
/// finalization. Also decides the front end's other options.
LogicalResult Compiler::Impl::buildPipeline() {
  frontEndOpts.pipeline = opts.pipeline;
  frontEndOpts.pipeline.vectorBits = backend.vectorRegisterBits();
  frontEndOpts.pipelineText = opts.pipelineText;
  // Printing the whole module around each pass is only well defined when
  // passes do not run on functions in parallel.
  frontEndOpts.allowMultithreading =
      !opts.printsIR() && opts.printIRTreeDir.empty();
  std::string error;
  pm = distc::buildPipeline(*ctx, frontEndOpts, error);
  if (!pm)
    return reportError("invalid --pipeline: " + error);
  return success();
}

/// --print-ir-*: mlir-opt's IR printing, driven by pass arguments.
LogicalResult Compiler::Impl::configureIRPrinting() {
  bool toTree = !opts.printIRTreeDir.empty();
  if (!opts.printsIR() && !toTree)
    return success();
  for (const auto *list : {&opts.printIRBefore, &opts.printIRAfter})
    for (const std::string &name : *list)
      if (!PassInfo::lookup(name))
        return reportError("unknown pass '" + name + "' in --print-ir-" +
                           (list == &opts.printIRBefore ? "before" : "after"));

  std::vector<std::string> before = opts.printIRBefore;
  std::vector<std::string> after = opts.printIRAfter;
  // After all: explicitly, or implied by --print-ir-after-change alone or by
  // --print-ir-tree-dir alone (which only says where to print).
  bool afterAll = opts.printIRAfterAll ||
                  (after.empty() && before.empty() &&
                   (opts.printIRAfterChange || toTree));
  auto shouldPrintBefore = [before](Pass *pass, Operation *) {
    return llvm::is_contained(before, pass->getArgument());
  };
  auto shouldPrintAfter = [after, afterAll](Pass *pass, Operation *) {
    return afterAll || llvm::is_contained(after, pass->getArgument());
  };
  if (toTree)
    pm->enableIRPrintingToFileTree(shouldPrintBefore, shouldPrintAfter,
                                   /*printModuleScope=*/true,
                                   opts.printIRAfterChange,
                                   /*printAfterOnlyOnFailure=*/false,
                                   opts.printIRTreeDir);
  else
    pm->enableIRPrinting(shouldPrintBefore, shouldPrintAfter,
                         /*printModuleScope=*/true, opts.printIRAfterChange,
                         /*printAfterOnlyOnFailure=*/false, llvm::errs());
  return success();
}

//===----------------------------------------------------------------------===//
// The chain, once per input
//===----------------------------------------------------------------------===//

/// The front end's translation, for the target distc compiles for.
std::unique_ptr<llvm::Module>
Compiler::Impl::translate(ModuleOp module, llvm::LLVMContext &llvmCtx) {
  TimingScope scope = timing.nest("Translate to LLVM IR");
  std::unique_ptr<llvm::Module> llvmModule =
      translateToLLVMIR(module, llvmCtx);
  if (!llvmModule)
    return nullptr; // located diagnostics were emitted
  // Without these, the module would carry MLIR's default data layout and no
  // triple, and LLVM's optimizer and codegen would guess. They come from
  // the target machine, which the MLIR pipeline does not know: the only
  // difference from `mlir-translate --mlir-to-llvmir` of the same module.
  const llvm::TargetMachine &targetMachine = backend.targetMachine();
  llvmModule->setTargetTriple(targetMachine.getTargetTriple());
  llvmModule->setDataLayout(targetMachine.createDataLayout());
  return llvmModule;
}

/// The input, within the input limits (InputLimits.h); null after one
/// sentence saying why it cannot be read.
static std::unique_ptr<llvm::MemoryBuffer> readInput(StringRef inputPath) {
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      readInputFile(inputPath);
  if (!buffer) {
    (void)reportError("cannot read input '" + inputPath + "'",
                      buffer.takeError());
    return nullptr;
  }
  return std::move(*buffer);
}

/// The front end (parse, checks, the MLIR pipeline), with diagnostics
/// through `sourceMgr`, then the -g scopes. Null on failure (diagnostics
/// already reported).
OwningOpRef<ModuleOp>
Compiler::Impl::runFrontEnd(llvm::SourceMgr &sourceMgr, StringRef inputPath,
                            ModuleHook beforePipeline) {
  std::unique_ptr<llvm::MemoryBuffer> buffer = readInput(inputPath);
  if (!buffer)
    return nullptr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  bool definesMain = false;
  OwningOpRef<ModuleOp> module = processBuffer(
      sourceMgr, *pm, frontEndOpts, timing, inputPath, definesMain,
      [&](const llvm::Twine &step) { reportStep(opts.verbose, step); },
      beforePipeline);
  if (!module)
    return nullptr;
  sawMain |= definesMain;
  // After the pipeline, whichever it was (--pipeline included): the scopes
  // are attached to the llvm.func ops it produced.
  if (failed(attachDebugInfoScopes(*module, opts.debugInfo,
                                   opts.pipeline.optLevel, inputPath)))
    return nullptr;
  return module;
}

/// The MLIR module after the pipeline -> an LLVM module ready for LLVM's
/// pipeline. The MLIR module is freed before LLVM's passes run.
std::unique_ptr<llvm::Module>
Compiler::Impl::lowerToLLVM(OwningOpRef<ModuleOp> module, StringRef inputPath,
                            llvm::LLVMContext &llvmCtx) {
  reportStep(opts.verbose, "translate " + inputPath + " to LLVM IR");
  std::unique_ptr<llvm::Module> llvmModule = translate(*module, llvmCtx);
  if (!llvmModule)
    return nullptr;
  module = nullptr;
  // -g only: DWARF that the LLVM dialect cannot express (DebugInfo.h).
  describeCMainWrapper(*llvmModule);
  setDebugInfoModuleFlags(*llvmModule);
  std::string level = opts.sizeLevel == 0
                          ? std::to_string(opts.pipeline.optLevel)
                          : (opts.sizeLevel == 1 ? "s" : "z");
  reportStep(opts.verbose, "optimize at -O" + level + " for " +
                               backend.targetMachine().getTargetCPU());
  return llvmModule;
}

/// Writes one -save-temps file with `write`; reports a failure to write.
template <typename WriteFn>
static LogicalResult saveTemp(llvm::StringRef path, bool verbose,
                              WriteFn write) {
  reportStep(verbose, "write " + path + " (-save-temps)");
  std::unique_ptr<OutputFile> file = OutputFile::open(path);
  if (!file)
    return failure();
  write(file->os());
  return file->commit();
}

/// A `.ll` or `.bc` input: parsed (and verified) into `llvmCtx`, for the
/// target distc compiles for. Null on failure, with a located message.
std::unique_ptr<llvm::Module>
Compiler::Impl::loadLLVMInput(StringRef inputPath, llvm::LLVMContext &llvmCtx) {
  TimingScope scope = timing.nest("Parse LLVM IR");
  reportStep(opts.verbose, "parse " + inputPath + " (LLVM IR)");
  std::unique_ptr<llvm::MemoryBuffer> buffer = readInput(inputPath);
  if (!buffer)
    return nullptr;
  llvm::MemoryBufferRef ref = buffer->getMemBufferRef();
  std::unique_ptr<llvm::Module> module;
  if (llvm::isBitcode(
          reinterpret_cast<const unsigned char *>(ref.getBufferStart()),
          reinterpret_cast<const unsigned char *>(ref.getBufferEnd()))) {
    llvm::Expected<std::unique_ptr<llvm::Module>> parsed =
        llvm::parseBitcodeFile(ref, llvmCtx);
    if (!parsed) {
      (void)reportError("invalid LLVM bitcode in '" + inputPath + "'",
                        parsed.takeError());
      return nullptr;
    }
    module = std::move(*parsed);
  } else {
    llvm::SMDiagnostic error;
    module = llvm::parseAssembly(ref, error, llvmCtx);
    if (!module) {
      // `file:line:col: error: ...` and the line, as the MLIR parser's.
      error.print(nullptr, llvm::errs());
      return nullptr;
    }
  }
  // The verifier, as for MLIR: LLVM here has no assertions to catch
  // invalid IR later.
  std::string problems;
  llvm::raw_string_ostream problemStream(problems);
  if (llvm::verifyModule(*module, &problemStream)) {
    (void)reportError("invalid LLVM IR in '" + inputPath + "': " +
                      StringRef(problems).split('\n').first);
    return nullptr;
  }
  const llvm::TargetMachine &targetMachine = backend.targetMachine();
  if (!module->getTargetTriple().empty() &&
      module->getTargetTriple() != targetMachine.getTargetTriple())
    reportWarning("'" + inputPath + "': overriding the module's target '" +
                  module->getTargetTriple().str() + "' with '" +
                  targetMachine.getTargetTriple().str() + "'");
  module->setTargetTriple(targetMachine.getTargetTriple());
  module->setDataLayout(targetMachine.createDataLayout());
  if (llvm::Function *main = module->getFunction("main"))
    if (!main->isDeclaration())
      sawMain = true;
  return module;
}

/// Any input to an LLVM module ready for LLVM's pipeline: LLVM IR inputs
/// as they are, MLIR through the front end and the translation. Writes the
/// -save-temps files when `tempsStem` is not empty.
std::unique_ptr<llvm::Module>
Compiler::Impl::toLLVM(StringRef inputPath, llvm::LLVMContext &llvmCtx,
                       StringRef tempsStem) {
  if (Compiler::isLLVMInput(inputPath))
    return loadLLVMInput(inputPath, llvmCtx);
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, ctx.get());
  OwningOpRef<ModuleOp> module = runFrontEnd(sourceMgr, inputPath);
  if (!module)
    return nullptr;
  if (!tempsStem.empty() &&
      failed(saveTemp((tempsStem + ".mlir").str(), opts.verbose,
                      [&](llvm::raw_ostream &os) {
                        module->print(os);
                        os << "\n";
                      })))
    return nullptr;
  std::unique_ptr<llvm::Module> llvmModule =
      lowerToLLVM(std::move(module), inputPath, llvmCtx);
  if (llvmModule && !tempsStem.empty() &&
      failed(saveTemp((tempsStem + ".ll").str(), opts.verbose,
                      [&](llvm::raw_ostream &os) {
                        llvmModule->print(os, nullptr);
                      })))
    return nullptr;
  return llvmModule;
}

/// --emit=header: the signatures as written, checked against the lowered
/// module (HeaderEmitter.h).
LogicalResult Compiler::Impl::writeHeader(StringRef inputPath,
                                          StringRef outputPath) {
  if (Compiler::isLLVMInput(inputPath))
    return reportError("cannot emit a header from the LLVM IR input '" +
                       inputPath + "'");
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, ctx.get());
  std::vector<HeaderFunction> functions;
  OwningOpRef<ModuleOp> module =
      runFrontEnd(sourceMgr, inputPath, [&](ModuleOp parsed) {
        functions = collectHeaderFunctions(parsed);
      });
  if (!module)
    return failure();
  std::string text;
  llvm::raw_string_ostream os(text);
  if (failed(emitHeader(*module, functions, inputPath, os)))
    return failure();
  std::unique_ptr<OutputFile> output = OutputFile::open(outputPath);
  if (!output)
    return failure();
  output->os() << text;
  return output->commit();
}

LogicalResult Compiler::Impl::compileFile(StringRef inputPath,
                                          StringRef outputPath, EmitKind kind,
                                          StringRef tempsStem) {
  if (kind == EmitKind::Header)
    return writeHeader(inputPath, outputPath);
  if (kind == EmitKind::MLIR) {
    if (Compiler::isLLVMInput(inputPath))
      return reportError("cannot emit MLIR from the LLVM IR input '" +
                         inputPath + "'");
    llvm::SourceMgr sourceMgr;
    SourceMgrDiagnosticHandler diagHandler(sourceMgr, ctx.get());
    OwningOpRef<ModuleOp> module = runFrontEnd(sourceMgr, inputPath);
    if (!module)
      return failure();
    // Opened only now that the input is parsed and lowered: a failure so
    // far leaves no trace, and the temporary is renamed into place only
    // below.
    std::unique_ptr<OutputFile> output = OutputFile::open(outputPath);
    if (!output)
      return failure();
    module->print(output->os());
    output->os() << "\n";
    return output->commit();
  }
  llvm::LLVMContext llvmCtx;
  routeLLVMDiagnostics(llvmCtx);
  std::unique_ptr<llvm::Module> llvmModule =
      toLLVM(inputPath, llvmCtx, tempsStem);
  if (!llvmModule)
    return failure();
  std::unique_ptr<OutputFile> output = OutputFile::open(outputPath);
  if (!output)
    return failure();
  reportStep(opts.verbose, "write " + outputPath);
  if (failed(backend.emit(*llvmModule, kind, output->os())))
    return failure();
  return output->commit();
}

LogicalResult
Compiler::Impl::compileToObjects(StringRef inputPath, StringRef stem,
                                 std::vector<std::string> &objects,
                                 bool saveTemps) {
  llvm::LLVMContext llvmCtx;
  routeLLVMDiagnostics(llvmCtx);
  std::unique_ptr<llvm::Module> llvmModule =
      toLLVM(inputPath, llvmCtx, saveTemps ? stem : "");
  if (!llvmModule)
    return failure();
  return backend.emitObjects(std::move(llvmModule), stem, objects);
}

//===----------------------------------------------------------------------===//
// Public interface
//===----------------------------------------------------------------------===//

Compiler::Compiler(const DriverOptions &opts, TimingScope &timing)
    : impl(std::make_unique<Impl>(opts, timing)) {}
Compiler::~Compiler() = default;

LogicalResult Compiler::initialize() { return impl->initialize(); }

void Compiler::dumpPipeline(llvm::raw_ostream &os) const {
  // One line, in the form --pipeline accepts back.
  impl->pm->printAsTextualPipeline(os);
  os << "\n";
}

LogicalResult Compiler::compileFile(StringRef inputPath, StringRef outputPath,
                                    EmitKind kind, StringRef tempsStem) {
  return impl->compileFile(inputPath, outputPath, kind, tempsStem);
}

LogicalResult Compiler::compileToObjects(StringRef inputPath, StringRef stem,
                                        std::vector<std::string> &objects,
                                        bool saveTemps) {
  return impl->compileToObjects(inputPath, stem, objects, saveTemps);
}

bool Compiler::isLLVMInput(StringRef path) {
  StringRef ext = llvm::sys::path::extension(path);
  return ext == ".ll" || ext == ".bc";
}

bool Compiler::sawMain() const { return impl->sawMain; }

} // namespace distc
