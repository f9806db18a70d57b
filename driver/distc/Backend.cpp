//===- Backend.cpp - LLVM optimization and code generation ----------------===//

#include "Backend.h"
#include "Diagnostics.h"
#include "ModulePartition.h"

#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Support/Timing.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Pass.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/SubtargetFeature.h"

#include <thread>

using namespace mlir;

namespace distc {

/// For tests of the split (test/driver/module-partition-*.mlir): small
/// programs are never split by the limits that pay on real ones.
static llvm::cl::opt<bool> splitAlways(
    "distc-split-always", llvm::cl::Hidden, llvm::cl::init(false),
    llvm::cl::desc("split every module that can be split for the parallel "
                   "back end (-j), however small or unbalanced"));

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

/// Sets LLVM's boolean command-line option `name` as if it had been given
/// (LLVM keeps these code generation settings in options, and some passes
/// only obey an option that was given explicitly). distc is its only user
/// in-process; -mllvm options are parsed afterwards and override it.
static void setLLVMOption(llvm::StringRef name, bool value) {
  auto &options = llvm::cl::getRegisteredOptions();
  auto it = options.find(name);
  if (it == options.end())
    return;
  auto *option = static_cast<llvm::cl::opt<bool> *>(it->second);
  option->setValue(value);
  option->setPosition(1);
}

/// Code generation options that follow the optimization level. Below -O3,
/// two machine passes are skipped that cost much of the code generation
/// time of a stencil sample and changed no measured run time of the
/// samples on this out-of-order x86 host:
///  * Loop Strength Reduction, which weighs every address of loops with
///    many strided operands (half of the code generation time; Jacobi at
///    N = 8192 on one rank: 1.84 s with and without it);
///  * the post-register-allocation list scheduler, which LLVM enables for
///    AMD Zen (10% of the code generation time; Jacobi at N = 8192 on 2
///    ranks 1.09-1.10 s with it, 1.06-1.08 s without; PRK transpose
///    1.70-1.72 s with, 1.49-1.51 s without).
static void configureCodeGen(unsigned optLevel) {
  setLLVMOption("disable-lsr", optLevel < 3);
  if (optLevel < 3)
    setLLVMOption("post-RA-scheduler", false);
}

struct Backend::Impl {
  Impl(const DriverOptions &opts, TimingScope &timing)
      : opts(opts), timing(timing) {}

  LogicalResult applyLLVMOptions();
  LogicalResult selectTarget();
  void markFunctions(llvm::Module &module) const;
  std::unique_ptr<llvm::TargetMachine> createTargetMachine() const;
  unsigned partitionLimit() const;

  /// The steps, on any thread: each takes the target machine and the timing
  /// scope of its thread. Failures are returned as text.
  llvm::Error optimize(llvm::Module &module, llvm::TargetMachine &tm,
                       TimingScope &scope) const;
  llvm::Error generate(llvm::Module &module, EmitKind kind,
                       llvm::raw_ostream &os, llvm::TargetMachine &tm,
                       TimingScope &scope) const;
  llvm::Error compileToObject(llvm::Module &module, llvm::StringRef path,
                              llvm::TargetMachine &tm,
                              TimingScope &scope) const;
  llvm::Error compilePartition(llvm::StringRef bitcode,
                               const ModulePartition &partition,
                               llvm::StringRef path, TimingScope &scope) const;

  const DriverOptions &opts;
  TimingScope &timing;
  const llvm::Target *target = nullptr;
  llvm::Triple triple;
  std::string cpu;
  std::string features;
  std::unique_ptr<llvm::TargetMachine> targetMachine;
};

//===----------------------------------------------------------------------===//
// Set-up
//===----------------------------------------------------------------------===//

/// distc's own LLVM settings, then -mllvm options, which override them.
LogicalResult Backend::Impl::applyLLVMOptions() {
  configureCodeGen(opts.pipeline.optLevel);
  if (opts.llvmArgs.empty())
    return success();
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
  return success();
}

/// What the code generator may fuse into one multiply-add (-ffp-contract):
/// clang's mapping. Standard fuses only the llvm.fmuladd calls that
/// distc-fp-contract and vector.fma emit, at every -O level; Fast also any
/// fmul feeding an fadd that instruction selection sees, which -O0's fast
/// instruction selection never does (so -O0 and -O2 round differently);
/// Strict none, not even llvm.fmuladd.
static llvm::FPOpFusion::FPOpFusionMode fpOpFusion(FPContract contract) {
  switch (contract) {
  case FPContract::Off:
    return llvm::FPOpFusion::Strict;
  case FPContract::On:
    return llvm::FPOpFusion::Standard;
  case FPContract::Fast:
    return llvm::FPOpFusion::Fast;
  }
  llvm_unreachable("unknown -ffp-contract mode");
}

/// The target triple, CPU and features of the code (see `selectTarget`).
/// PIC because executables are linked as PIE.
std::unique_ptr<llvm::TargetMachine>
Backend::Impl::createTargetMachine() const {
  llvm::TargetOptions options;
  options.AllowFPOpFusion = fpOpFusion(opts.pipeline.fpContract);
  return std::unique_ptr<llvm::TargetMachine>(target->createTargetMachine(
      triple, cpu, features, options, llvm::Reloc::PIC_, std::nullopt,
      codeGenOptLevel(opts.pipeline.optLevel)));
}

/// --target, -march/-mcpu and -mtune. By default (and with -march=native)
/// the code is for the CPU distc runs on, with all its features: programs
/// run on the machine, or the cluster of like machines, they are compiled
/// on. Where login and compute nodes differ, -march=x86-64-v3 or
/// -mcpu=generic give code any such machine runs. Unknown names are errors
/// that say how to list the valid ones.
LogicalResult Backend::Impl::selectTarget() {
  llvm::Triple host(llvm::sys::getDefaultTargetTriple());
  triple = opts.targetTriple.empty()
               ? host
               : llvm::Triple(llvm::Triple::normalize(opts.targetTriple));
  std::string error;
  target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) {
    std::string known;
    for (const llvm::Target &t : llvm::TargetRegistry::targets())
      known += (known.empty() ? "" : ", ") + std::string(t.getName());
    return reportError("unknown or unsupported target '" + triple.str() +
                       "' (distc generates code for: " + known +
                       "; e.g. --target=" + host.str() + ")");
  }
  bool native = opts.cpu.empty() || opts.cpu == "native";
  if (native && triple.getArch() == host.getArch()) {
    cpu = llvm::sys::getHostCPUName().str();
    llvm::SubtargetFeatures hostFeatures;
    for (const auto &[name, enabled] : llvm::sys::getHostCPUFeatures())
      hostFeatures.AddFeature(name, enabled);
    features = hostFeatures.getString();
  } else {
    // Another architecture's "native" is its generic CPU.
    cpu = native ? "generic" : opts.cpu;
    features.clear();
  }
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(triple, "", ""));
  for (const auto &[option, name] :
       {std::pair<llvm::StringRef, llvm::StringRef>{"-march", cpu},
        {"-mtune", opts.tuneCPU}})
    if (subtarget && !name.empty() && !subtarget->isCPUStringValid(name))
      return reportError("unknown CPU '" + name + "' in " + option +
                         " for target '" + triple.str() + "' (" + option +
                         "=help lists the CPUs)");
  return success();
}

void printTargetCPUs(const DriverOptions &opts, llvm::raw_ostream &os) {
  llvm::InitializeNativeTarget();
  llvm::Triple triple(opts.targetTriple.empty()
                          ? llvm::sys::getDefaultTargetTriple()
                          : llvm::Triple::normalize(opts.targetTriple));
  std::string error;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!target) {
    (void)reportError("unknown or unsupported target '" + triple.str() + "'");
    return;
  }
  std::unique_ptr<llvm::MCSubtargetInfo> subtarget(
      target->createMCSubtargetInfo(triple, "", ""));
  os << "CPUs for " << triple.str() << " (-march=, -mcpu=, -mtune=; "
     << "'native' is this host's, " << llvm::sys::getHostCPUName() << "):\n";
  if (subtarget)
    for (const llvm::SubtargetSubTypeKV &kv :
         subtarget->getAllProcessorDescriptions())
      os << "  " << kv.Key << "\n";
}

/// How many partitions a module may be split into: --jobs, or one per
/// hardware thread. LLVM's pass timers (-mllvm -time-passes) are global
/// and not thread-safe, so they force one.
unsigned Backend::Impl::partitionLimit() const {
  if (llvm::TimePassesIsEnabled)
    return 1;
  unsigned jobs = opts.jobs;
  if (jobs == 0)
    jobs = llvm::hardware_concurrency().compute_thread_count();
  return std::max(1u, std::min(jobs, 8u));
}

//===----------------------------------------------------------------------===//
// The steps
//===----------------------------------------------------------------------===//

/// What clang's -mtune, -Os and -Oz put on every function: LLVM reads the
/// tuning CPU and the size goals from function attributes, not from the
/// target machine.
void Backend::Impl::markFunctions(llvm::Module &module) const {
  for (llvm::Function &func : module) {
    if (func.isDeclaration())
      continue;
    if (!opts.tuneCPU.empty())
      func.addFnAttr("tune-cpu", opts.tuneCPU);
    if (opts.sizeLevel >= 1 && !func.hasFnAttribute(llvm::Attribute::OptimizeNone))
      func.addFnAttr(llvm::Attribute::OptimizeForSize);
    if (opts.sizeLevel >= 2 && !func.hasFnAttribute(llvm::Attribute::OptimizeNone))
      func.addFnAttr(llvm::Attribute::MinSize);
  }
}

/// LLVM's own O0..O3 (Os, Oz) pipeline, tuned for the target machine.
llvm::Error Backend::Impl::optimize(llvm::Module &module,
                                    llvm::TargetMachine &tm,
                                    TimingScope &scope) const {
  TimingScope step = scope.nest("LLVM optimization");
  markFunctions(module);
  auto transformer = makeOptimizingTransformer(opts.pipeline.optLevel,
                                               opts.sizeLevel, &tm);
  return transformer(&module);
}

/// Writes LLVM IR, bitcode, assembly or an object file to `os`.
llvm::Error Backend::Impl::generate(llvm::Module &module, EmitKind kind,
                                    llvm::raw_ostream &os,
                                    llvm::TargetMachine &tm,
                                    TimingScope &scope) const {
  if (kind == EmitKind::LLVM) {
    module.print(os, nullptr);
    return llvm::Error::success();
  }
  if (kind == EmitKind::BC) {
    llvm::WriteBitcodeToFile(module, os);
    return llvm::Error::success();
  }
  TimingScope step = scope.nest("Code generation");
  // Object writers need a seekable stream; stdout is not, so generate into
  // memory and copy.
  llvm::SmallVector<char, 0> buffer;
  llvm::raw_svector_ostream bufferStream(buffer);
  llvm::legacy::PassManager codegen;
  auto fileType = kind == EmitKind::Asm ? llvm::CodeGenFileType::AssemblyFile
                                        : llvm::CodeGenFileType::ObjectFile;
  if (tm.addPassesToEmitFile(codegen, bufferStream, nullptr, fileType))
    return llvm::createStringError(
        "the LLVM target cannot emit this kind of file");
  codegen.run(module);
  // E.g. an instruction the assembler rejects in inline assembly: already
  // reported (routeLLVMDiagnostics).
  if (hasLLVMErrors(module.getContext()))
    return llvm::createStringError("the LLVM back end reported errors");
  os.write(buffer.data(), buffer.size());
  return llvm::Error::success();
}

llvm::Error Backend::Impl::compileToObject(llvm::Module &module,
                                           llvm::StringRef path,
                                           llvm::TargetMachine &tm,
                                           TimingScope &scope) const {
  if (llvm::Error err = optimize(module, tm, scope))
    return err;
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return llvm::createStringError("cannot write '" + path +
                                   "': " + ec.message());
  if (llvm::Error err = generate(module, EmitKind::Obj, os, tm, scope))
    return err;
  os.close();
  if (os.has_error())
    return llvm::createStringError("cannot write '" + path +
                                   "': " + os.error().message());
  return llvm::Error::success();
}

/// One partition on its own thread: its own LLVM context (contexts are not
/// thread-safe), module (read back from the bitcode of the whole module)
/// and target machine.
llvm::Error Backend::Impl::compilePartition(llvm::StringRef bitcode,
                                            const ModulePartition &partition,
                                            llvm::StringRef path,
                                            TimingScope &scope) const {
  llvm::LLVMContext context;
  routeLLVMDiagnostics(context);
  llvm::Expected<std::unique_ptr<llvm::Module>> module =
      llvm::parseBitcodeFile(llvm::MemoryBufferRef(bitcode, path), context);
  if (!module)
    return module.takeError();
  if (llvm::Error err = restrictToPartition(**module, partition))
    return err;
  std::unique_ptr<llvm::TargetMachine> tm = createTargetMachine();
  if (!tm)
    return llvm::createStringError("cannot create an LLVM target machine");
  return compileToObject(**module, path, *tm, scope);
}

//===----------------------------------------------------------------------===//
// Public interface
//===----------------------------------------------------------------------===//

Backend::Backend(const DriverOptions &opts, TimingScope &timing)
    : impl(std::make_unique<Impl>(opts, timing)) {}
Backend::~Backend() = default;

LogicalResult Backend::initialize() {
  llvm::InitializeNativeTarget();
  llvm::InitializeNativeTargetAsmPrinter();
  // Inline assembly is assembled by the target's parser when writing an
  // object; without it LLVM aborts on any `llvm.inline_asm`.
  llvm::InitializeNativeTargetAsmParser();
  if (failed(impl->applyLLVMOptions()))
    return failure();
  if (failed(impl->selectTarget()))
    return failure();
  impl->targetMachine = impl->createTargetMachine();
  if (!impl->targetMachine)
    return reportError("cannot create an LLVM target machine for '" +
                       impl->triple.str() + "'");
  return success();
}

const llvm::TargetMachine &Backend::targetMachine() const {
  return *impl->targetMachine;
}

unsigned Backend::vectorRegisterBits() const {
  const llvm::TargetMachine &tm = *impl->targetMachine;
  if (!tm.getTargetTriple().isX86())
    return 256;
  const llvm::MCSubtargetInfo &cpu = *tm.getMCSubtargetInfo();
  if (cpu.checkFeatures("+avx512f"))
    return 512;
  return cpu.checkFeatures("+avx") ? 256 : 128;
}

LogicalResult Backend::emit(llvm::Module &module, EmitKind kind,
                            llvm::raw_ostream &os) {
  if (llvm::Error err =
          impl->optimize(module, *impl->targetMachine, impl->timing))
    return reportError("LLVM optimization failed", std::move(err));
  if (llvm::Error err =
          impl->generate(module, kind, os, *impl->targetMachine, impl->timing))
    return reportError("code generation failed", std::move(err));
  return success();
}

LogicalResult Backend::emitObjects(std::unique_ptr<llvm::Module> module,
                                   llvm::StringRef stem,
                                   std::vector<std::string> &objects) {
  PartitionLimits limits;
  limits.maxPartitions = impl->partitionLimit();
  if (splitAlways) {
    limits.minCost = 0;
    limits.maxShare = 1.0;
    limits.inlineCandidateCost = 0;
  }
  // The objects' names tell the modules of one link apart (`<N>-<input>` in
  // the scratch directory, `<input>.distc` with -save-temps): the shared
  // constants of each are named after a hash of its name, which keeps them
  // apart and the executable reproducible.
  std::string tag = llvm::utohexstr(
      llvm::xxh3_64bits(llvm::sys::path::filename(stem)), /*LowerCase=*/true);
  std::optional<std::vector<ModulePartition>> partitions =
      planPartitions(*module, limits, tag);
  std::string first = (stem + ".o").str();
  if (!partitions) {
    reportStep(impl->opts.verbose, "write " + first);
    if (llvm::Error err = impl->compileToObject(
            *module, first, *impl->targetMachine, impl->timing))
      return reportError("code generation failed", std::move(err));
    objects.push_back(first);
    return success();
  }

  size_t count = partitions->size();
  std::string sizes;
  for (const ModulePartition &part : *partitions)
    sizes += (sizes.empty() ? "" : ", ") + std::to_string(part.cost);
  reportStep(impl->opts.verbose, "optimize and generate code in " +
                                     llvm::Twine(count) +
                                     " partitions in parallel (instructions: " +
                                     sizes + ")");
  std::string scopeName = "LLVM optimization and code generation (" +
                          std::to_string(count) + " partitions in parallel)";
  TimingScope scope = impl->timing.nest(llvm::StringRef(scopeName));
  // The other threads read the module back from bitcode written before
  // this thread turns it into partition 0.
  llvm::SmallVector<char, 0> bitcode;
  {
    llvm::raw_svector_ostream os(bitcode);
    llvm::WriteBitcodeToFile(*module, os);
  }
  std::vector<std::string> paths = {first};
  for (size_t p = 1; p < count; ++p)
    paths.push_back((stem + "." + llvm::Twine(p) + ".o").str());
  reportStep(impl->opts.verbose, "write " + llvm::join(paths, ", "));
  std::vector<std::string> errors(count);
  std::vector<std::thread> threads;
  llvm::StringRef bitcodeRef(bitcode.data(), bitcode.size());
  for (size_t p = 1; p < count; ++p)
    threads.emplace_back([&, p] {
      if (llvm::Error err = impl->compilePartition(
              bitcodeRef, (*partitions)[p], paths[p], scope))
        errors[p] = llvm::toString(std::move(err));
    });
  if (llvm::Error err = restrictToPartition(*module, (*partitions)[0]))
    errors[0] = llvm::toString(std::move(err));
  else if (llvm::Error err = impl->compileToObject(
               *module, paths[0], *impl->targetMachine, scope))
    errors[0] = llvm::toString(std::move(err));
  for (std::thread &t : threads)
    t.join();
  for (size_t p = 0; p < count; ++p)
    if (!errors[p].empty())
      return reportError("code generation of partition " + llvm::Twine(p) +
                         " failed: " + errors[p]);
  objects.insert(objects.end(), paths.begin(), paths.end());
  return success();
}

} // namespace distc
