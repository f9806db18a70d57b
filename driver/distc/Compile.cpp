//===- Compile.cpp - From one .mlir file to IR, assembly or an object -----===//

#include "Compile.h"
#include "Backend.h"
#include "DebugInfo.h"
#include "HeaderEmitter.h"
#include "Diagnostics.h"
#include "InlineAsmCheck.h"
#include "InputLimits.h"
#include "OutputFile.h"

#include "dialect/DistcRegistration.h"
#include "pipelines/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Parser/Parser.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Target/LLVMIR/Export.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/IRBuilder.h"
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

  OwningOpRef<ModuleOp> parse(llvm::SourceMgr &sourceMgr,
                              llvm::StringRef inputPath);
  LogicalResult checkEntryPoint(ModuleOp module);
  LogicalResult runPipeline(ModuleOp module);
  OwningOpRef<ModuleOp>
  runFrontEnd(llvm::SourceMgr &sourceMgr, llvm::StringRef inputPath,
              llvm::function_ref<void(ModuleOp)> beforePipeline = {});
  LogicalResult writeHeader(llvm::StringRef inputPath,
                            llvm::StringRef outputPath);
  void internalizePrivateFunctions(ModuleOp module);
  std::unique_ptr<llvm::Module> translate(ModuleOp module,
                                          llvm::LLVMContext &llvmCtx);
  void makeMainCCompatible(llvm::Module &module);
  void describeAllocators(llvm::Module &module);
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
  registerDistcDialects(registry);
  registerAllToLLVMIRTranslations(registry);
  // Dialects load lazily, when the parser or a pass first needs them.
  // Threads only for modules with many functions (runPipeline): for a
  // program of a few functions, starting and synchronizing the pass
  // manager's workers costs more than they save.
  ctx = std::make_unique<MLIRContext>(registry,
                                      MLIRContext::Threading::DISABLED);
  // Located diagnostics already show the source line; a generic dump of the
  // offending op on top of it is noise for a compiler user.
  ctx->printOpOnDiagnostic(false);

  if (failed(buildPipeline()) || failed(configureIRPrinting()))
    return failure();
  // After IR printing: timing must be the last instrumentation added.
  if (opts.timing)
    pm->enableTiming(timing);
  if (opts.emit != EmitKind::MLIR && opts.emit != EmitKind::Header)
    return backend.initialize();
  return success();
}

/// The default pipeline from PipelineOptions, or the user's --pipeline.
LogicalResult Compiler::Impl::buildPipeline() {
  pm = std::make_unique<PassManager>(ctx.get(), ModuleOp::getOperationName());
  if (!opts.pipelineText) {
    buildDefaultPipeline(*pm, opts.pipeline);
    return success();
  }
  StringRef text = StringRef(*opts.pipelineText).trim();
  if (text.empty() || text == "builtin.module()")
    return success(); // the input is expected to be at the LLVM level already
  // Always parse into a *returned* OpPassManager: the overload that adds to
  // an existing module pass manager would nest `builtin.module(...)` inside
  // it, and that nested pipeline silently never runs.
  std::string anchored = text.starts_with("builtin.module(")
                             ? text.str()
                             : ("builtin.module(" + text + ")").str();
  std::string errorText;
  llvm::raw_string_ostream errorStream(errorText);
  FailureOr<OpPassManager> parsed = parsePassPipeline(anchored, errorStream);
  if (failed(parsed)) {
    // The parser reports through a SourceMgr as
    // `MLIR Textual PassPipeline Parser:1:N: error: <msg>` plus a caret line;
    // keep only <msg>, which is one sentence.
    StringRef msg = errorText;
    size_t pos = msg.find("error: ");
    if (pos != StringRef::npos)
      msg = msg.drop_front(pos + 7);
    msg = msg.take_until([](char c) { return c == '\n'; }).trim();
    return reportError("invalid --pipeline: " + msg);
  }
  static_cast<OpPassManager &>(*pm) = std::move(*parsed);
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

/// Reads and parses (and verifies) the input. Diagnostics go through the
/// caller's SourceMgrDiagnosticHandler, so they show file:line:col.
OwningOpRef<ModuleOp> Compiler::Impl::parse(llvm::SourceMgr &sourceMgr,
                                            StringRef inputPath) {
  TimingScope scope = timing.nest("Parse");
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      readInputFile(inputPath);
  if (!buffer) {
    (void)reportError("cannot read input '" + inputPath + "'",
                      buffer.takeError());
    return nullptr;
  }
  sourceMgr.AddNewSourceBuffer(std::move(*buffer), llvm::SMLoc());
  // The parser recurses once per nesting level: refuse what would overflow
  // its stack.
  if (failed(checkNestingDepth(sourceMgr, ctx.get())))
    return nullptr;
  return parseSourceFile<ModuleOp>(sourceMgr, ParserConfig(ctx.get()));
}

/// A program's entry is `func.func @main()` or `func.func @main() -> i32`
/// (or an `llvm.func @main` returning void or i32 when the input is already
/// at the LLVM level). Anything else named `main` would be called by the C
/// start files with the wrong signature, so it is an error here.
LogicalResult Compiler::Impl::checkEntryPoint(ModuleOp module) {
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
  sawMain = true;
  return success();
}

/// Runs the MLIR pipeline, then verifies the result once: translation of
/// invalid IR would be undefined behaviour (LLVM here has no assertions).
LogicalResult Compiler::Impl::runPipeline(ModuleOp module) {
  // Printing the whole module around each pass is only well defined when
  // passes do not run on functions in parallel.
  constexpr size_t kParallelFunctions = 16;
  bool printsIR = opts.printsIR() || !opts.printIRTreeDir.empty();
  size_t functions = llvm::range_size(module.getOps<FunctionOpInterface>());
  ctx->enableMultithreading(!printsIR && functions >= kParallelFunctions);
  if (failed(pm->run(module)))
    return failure();
  return verify(module);
}

/// MLIR's `private` visibility survives the conversion to LLVM only as an
/// attribute: the functions would be exported from the object file, and two
/// inputs that both got a `dealloc_helper` from buffer deallocation would
/// clash at link time. Give private definitions internal linkage.
void Compiler::Impl::internalizePrivateFunctions(ModuleOp module) {
  for (auto func : module.getOps<LLVM::LLVMFuncOp>())
    if (!func.isExternal() && func.isPrivate())
      func.setLinkage(LLVM::Linkage::Internal);
}

std::unique_ptr<llvm::Module>
Compiler::Impl::translate(ModuleOp module, llvm::LLVMContext &llvmCtx) {
  TimingScope scope = timing.nest("Translate to LLVM IR");
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmCtx, "distc");
  if (!llvmModule)
    return nullptr; // the translation emitted located diagnostics
  // Without these, the module would carry MLIR's default data layout and no
  // triple, and LLVM's optimizer and codegen would guess.
  const llvm::TargetMachine &targetMachine = backend.targetMachine();
  llvmModule->setTargetTriple(targetMachine.getTargetTriple());
  llvmModule->setDataLayout(targetMachine.createDataLayout());
  return llvmModule;
}

/// C's start files call `int main(...)`. A `void` main is renamed and called
/// from a new `i32 main()` that returns 0, so a program that returns
/// normally exits with status 0; an i32 main is already right.
void Compiler::Impl::makeMainCCompatible(llvm::Module &module) {
  llvm::Function *user = module.getFunction("main");
  if (!user || user->isDeclaration())
    return;
  user->setLinkage(llvm::GlobalValue::ExternalLinkage);
  if (!user->getReturnType()->isVoidTy())
    return;
  user->setName("__distc_user_main");
  user->setLinkage(llvm::GlobalValue::InternalLinkage);
  llvm::LLVMContext &llvmCtx = module.getContext();
  auto *mainType =
      llvm::FunctionType::get(llvm::Type::getInt32Ty(llvmCtx), false);
  llvm::Function *main = llvm::Function::Create(
      mainType, llvm::GlobalValue::ExternalLinkage, "main", module);
  llvm::IRBuilder<> builder(llvm::BasicBlock::Create(llvmCtx, "entry", main));
  builder.CreateCall(user);
  builder.CreateRet(builder.getInt32(0));
  // With -g: without a scope of its own, the wrapper would drop the user's
  // lines once LLVM inlines the user's main into it (from -O1 on).
  describeCMainWrapper(*main, *user);
}

/// The compiled program allocates buffers through the runtime's
/// `_mlir_memref_to_llvm_*alloc` (runtime/lib/BufferAllocator.cpp), which
/// return fresh memory like malloc. Saying so (a noalias result) lets LLVM
/// keep a reduction's accumulator, a freshly allocated 0-d buffer, in a
/// register instead of loading and storing it for every element: it can
/// then prove that the buffer does not alias the array being reduced.
void Compiler::Impl::describeAllocators(llvm::Module &module) {
  for (const char *name :
       {"_mlir_memref_to_llvm_alloc", "_mlir_memref_to_llvm_aligned_alloc"})
    if (llvm::Function *alloc = module.getFunction(name))
      alloc->addRetAttr(llvm::Attribute::NoAlias);
}

/// Parse, checks and the MLIR pipeline, with diagnostics through
/// `sourceMgr`. Null on failure (diagnostics already reported).
OwningOpRef<ModuleOp> Compiler::Impl::runFrontEnd(
    llvm::SourceMgr &sourceMgr, StringRef inputPath,
    llvm::function_ref<void(ModuleOp)> beforePipeline) {
  reportStep(opts.verbose, "parse " + inputPath);
  OwningOpRef<ModuleOp> module = parse(sourceMgr, inputPath);
  if (!module || failed(checkStaticSizes(*module)) ||
      failed(checkEntryPoint(*module)))
    return nullptr;
  if (beforePipeline)
    beforePipeline(*module);
  reportStep(opts.verbose, "run the MLIR pass pipeline on " + inputPath);
  if (failed(runPipeline(*module)))
    return nullptr;
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
  if (failed(checkInlineAsm(*module)))
    return nullptr;
  internalizePrivateFunctions(*module);
  std::unique_ptr<llvm::Module> llvmModule = translate(*module, llvmCtx);
  if (!llvmModule)
    return nullptr;
  module = nullptr;
  makeMainCCompatible(*llvmModule);
  describeAllocators(*llvmModule);
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
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      readInputFile(inputPath);
  if (!buffer) {
    (void)reportError("cannot read input '" + inputPath + "'",
                      buffer.takeError());
    return nullptr;
  }
  llvm::MemoryBufferRef ref = (*buffer)->getMemBufferRef();
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
