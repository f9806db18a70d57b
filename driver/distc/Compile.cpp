//===- Compile.cpp - From one .mlir file to IR, assembly or an object -----===//

#include "Compile.h"
#include "Diagnostics.h"
#include "InputLimits.h"

#include "dialect/DistcRegistration.h"
#include "pipelines/Pipelines.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/OptUtils.h"
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

#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/SubtargetFeature.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"

using namespace mlir;

namespace distc {

struct Compiler::Impl {
  Impl(const DriverOptions &opts, TimingScope &timing)
      : opts(opts), timing(timing) {}

  LogicalResult initialize();
  LogicalResult buildPipeline();
  LogicalResult configureIRPrinting();
  LogicalResult createTargetMachine();

  OwningOpRef<ModuleOp> parse(llvm::SourceMgr &sourceMgr,
                              llvm::StringRef inputPath);
  LogicalResult checkEntryPoint(ModuleOp module);
  LogicalResult runPipeline(ModuleOp module);
  void internalizePrivateFunctions(ModuleOp module);
  std::unique_ptr<llvm::Module> translate(ModuleOp module,
                                          llvm::LLVMContext &llvmCtx);
  void makeMainCCompatible(llvm::Module &module);
  void describeAllocators(llvm::Module &module);
  LogicalResult optimize(llvm::Module &module);
  LogicalResult generateCode(llvm::Module &module, EmitKind kind,
                             llvm::raw_ostream &os);
  LogicalResult compileFile(llvm::StringRef inputPath,
                            llvm::StringRef outputPath, EmitKind kind);

  const DriverOptions &opts;
  TimingScope &timing;
  std::unique_ptr<MLIRContext> ctx;
  std::unique_ptr<PassManager> pm;
  std::unique_ptr<llvm::TargetMachine> targetMachine;
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
  if (opts.emit != EmitKind::MLIR)
    return createTargetMachine();
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

static llvm::CodeGenOptLevel codeGenOptLevel(unsigned optLevel) {
  switch (optLevel) {
  case 0:
    return llvm::CodeGenOptLevel::None;
  case 1:
    return llvm::CodeGenOptLevel::Less;
  case 2:
    return llvm::CodeGenOptLevel::Default;
  default:
    return llvm::CodeGenOptLevel::Aggressive;
  }
}

/// Code generation options that follow the optimization level. Loop
/// Strength Reduction is half of the code generation time of a stencil
/// sample (it weighs every address of loops with many strided operands)
/// and changed no measured run time of the samples (Jacobi at N = 8192:
/// 1.84 s with and without it), so only -O3 runs it. LLVM keeps this
/// setting in a command-line option; distc is its only user in-process.
static void configureCodeGen(unsigned optLevel) {
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find("disable-lsr");
  if (it != options.end())
    static_cast<llvm::cl::opt<bool> *>(it->second)->setValue(optLevel < 3);
}

/// The host CPU with all its features: programs run on the machine (or
/// cluster of like machines) they are compiled on. PIC because executables
/// are linked as PIE.
LogicalResult Compiler::Impl::createTargetMachine() {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  configureCodeGen(opts.pipeline.optLevel);
  // -mllvm options last, so that they override distc's own choices.
  if (!opts.llvmArgs.empty()) {
    std::vector<const char *> argv = {"distc (-mllvm)"};
    for (const std::string &arg : opts.llvmArgs)
      argv.push_back(arg.c_str());
    std::string message;
    llvm::raw_string_ostream errors(message);
    if (!llvm::cl::ParseCommandLineOptions(static_cast<int>(argv.size()),
                                           argv.data(), "", &errors)) {
      // "distc (-mllvm): Unknown command line argument '-x'.  Try: ..."
      llvm::StringRef first = llvm::StringRef(message).split('\n').first;
      first = first.split(": ").second.split(".  ").first;
      return reportError("invalid -mllvm option: " + first.str());
    }
  }
  llvm::Triple triple(llvm::sys::getDefaultTargetTriple());
  std::string error;
  const llvm::Target *target =
      llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target)
    return reportError("no LLVM target for '" + triple.str() + "': " + error);
  llvm::SubtargetFeatures features;
  for (const auto &[name, enabled] : llvm::sys::getHostCPUFeatures())
    features.AddFeature(name, enabled);
  targetMachine.reset(target->createTargetMachine(
      triple, llvm::sys::getHostCPUName(), features.getString(),
      llvm::TargetOptions(), llvm::Reloc::PIC_, std::nullopt,
      codeGenOptLevel(opts.pipeline.optLevel)));
  if (!targetMachine)
    return reportError("cannot create an LLVM target machine for '" +
                       triple.str() + "'");
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
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      openInputFile(inputPath, &error);
  if (!buffer) {
    // openInputFile says "cannot open input file '<path>': <reason>".
    StringRef reason = error;
    size_t pos = reason.rfind("': ");
    if (pos != StringRef::npos)
      reason = reason.drop_front(pos + 3);
    (void)reportError("cannot read input '" + inputPath + "': " + reason);
    return nullptr;
  }
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
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
  llvmModule->setTargetTriple(targetMachine->getTargetTriple());
  llvmModule->setDataLayout(targetMachine->createDataLayout());
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

/// LLVM's own O0..O3 pipeline, tuned for the target machine.
LogicalResult Compiler::Impl::optimize(llvm::Module &module) {
  TimingScope scope = timing.nest("LLVM optimization");
  auto transformer = makeOptimizingTransformer(opts.pipeline.optLevel,
                                               /*sizeLevel=*/0,
                                               targetMachine.get());
  if (llvm::Error err = transformer(&module))
    return reportError("LLVM optimization failed", std::move(err));
  return success();
}

/// Writes LLVM IR, bitcode, assembly or an object file to `os`.
LogicalResult Compiler::Impl::generateCode(llvm::Module &module, EmitKind kind,
                                           llvm::raw_ostream &os) {
  if (kind == EmitKind::LLVM) {
    module.print(os, nullptr);
    return success();
  }
  if (kind == EmitKind::BC) {
    llvm::WriteBitcodeToFile(module, os);
    return success();
  }
  TimingScope scope = timing.nest("Code generation");
  // Object writers need a seekable stream; stdout is not, so generate into
  // memory and copy.
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream bufferStream(buffer);
  llvm::legacy::PassManager codegen;
  auto fileType = kind == EmitKind::Asm ? llvm::CodeGenFileType::AssemblyFile
                                        : llvm::CodeGenFileType::ObjectFile;
  if (targetMachine->addPassesToEmitFile(codegen, bufferStream, nullptr,
                                         fileType))
    return reportError("the LLVM target cannot emit this kind of file");
  codegen.run(module);
  os.write(buffer.data(), buffer.size());
  return success();
}

LogicalResult Compiler::Impl::compileFile(StringRef inputPath,
                                          StringRef outputPath,
                                          EmitKind kind) {
  bool v = opts.verbose;
  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagHandler(sourceMgr, ctx.get());

  reportStep(v, "parse " + inputPath);
  OwningOpRef<ModuleOp> module = parse(sourceMgr, inputPath);
  if (!module || failed(checkStaticSizes(*module)) ||
      failed(checkEntryPoint(*module)))
    return failure();

  reportStep(v, "run the MLIR pass pipeline on " + inputPath);
  if (failed(runPipeline(*module)))
    return failure();

  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputPath, &error);
  if (!output)
    return reportError("cannot write output '" + outputPath + "': " + error);

  if (kind == EmitKind::MLIR) {
    module->print(output->os());
    output->os() << "\n";
  } else {
    reportStep(v, "translate " + inputPath + " to LLVM IR");
    internalizePrivateFunctions(*module);
    llvm::LLVMContext llvmCtx;
    std::unique_ptr<llvm::Module> llvmModule = translate(*module, llvmCtx);
    if (!llvmModule)
      return failure();
    // The MLIR module is no longer needed: free it before LLVM's pipeline.
    module = nullptr;
    makeMainCCompatible(*llvmModule);
    describeAllocators(*llvmModule);
    reportStep(v, "optimize at -O" + llvm::Twine(opts.pipeline.optLevel) +
                      " for " + targetMachine->getTargetCPU());
    if (failed(optimize(*llvmModule)))
      return failure();
    reportStep(v, "write " + outputPath);
    if (failed(generateCode(*llvmModule, kind, output->os())))
      return failure();
  }
  output->os().flush();
  if (output->os().has_error()) {
    std::string msg = output->os().error().message();
    output->os().clear_error();
    return reportError("cannot write output '" + outputPath + "': " + msg);
  }
  output->keep();
  return success();
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
                                    EmitKind kind) {
  return impl->compileFile(inputPath, outputPath, kind);
}

bool Compiler::sawMain() const { return impl->sawMain; }

} // namespace distc
