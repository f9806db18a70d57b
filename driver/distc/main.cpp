//===- main.cpp - distc: .mlir in, MPI executable out ----------------------===//
//
//   distc prog.mlir -o prog && mpirun -n 4 ./prog
//
// main parses the command line into DriverOptions (Options.cpp) and runs the
// driver: compile every .mlir input (Compile.cpp), then, for an executable,
// link the objects with LLD (Link.cpp). See docs/driver.md.
//
//===----------------------------------------------------------------------===//

#include "Compile.h"
#include "Diagnostics.h"
#include "DriverOptions.h"
#include "FatalErrors.h"
#include "InputLimits.h"
#include "Link.h"
#include "Options.h"
#include "OutputFile.h"
#include "ScratchDirectory.h"

#include "dialect/DistcRegistration.h"
#include "pipelines/Pipelines.h"

#include "mlir/Support/Timing.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <signal.h>

using namespace mlir;
using namespace distc;

/// Inputs that go to the linker as they are; everything else is MLIR.
static bool isLinkerInput(llvm::StringRef path) {
  llvm::StringRef ext = llvm::sys::path::extension(path);
  return ext == ".o" || ext == ".a" || ext == ".so" ||
         path.contains(".so."); // versioned shared libraries
}

static llvm::StringRef extensionFor(EmitKind kind) {
  switch (kind) {
  case EmitKind::LLVM:
    return ".ll";
  case EmitKind::BC:
    return ".bc";
  case EmitKind::Asm:
    return ".s";
  default:
    return ".o";
  }
}

/// Where the per-input output of `--emit`/`-c`/`-S` goes: -o if given,
/// stdout for MLIR (as mlir-opt), else `<input stem><ext>` in the current
/// directory (as a C compiler).
static std::string outputFor(const DriverOptions &opts,
                             llvm::StringRef input) {
  if (!opts.output.empty())
    return opts.output;
  if (opts.emit == EmitKind::MLIR)
    return "-";
  llvm::StringRef stem = input == "-" ? "out" : llvm::sys::path::stem(input);
  return (stem + extensionFor(opts.emit)).str();
}

/// Rejects combinations that cannot mean anything, and outputs that would
/// overwrite an input, before any work is done.
static LogicalResult checkInvocation(const DriverOptions &opts,
                                     llvm::ArrayRef<std::string> mlirInputs,
                                     llvm::ArrayRef<std::string> linkInputs) {
  if (opts.inputs.empty())
    return reportError("no input files (run 'distc --help' for the options)");
  if (opts.emit == EmitKind::Exe) {
    if (opts.output == "-")
      return reportError("cannot write an executable to stdout");
    // `.o` inputs included: LLD would truncate one it is about to read.
    return checkOutputIsNotInput(opts.output.empty() ? "a.out" : opts.output,
                                 opts.inputs);
  }
  if (mlirInputs.empty())
    return reportError("no .mlir input to compile");
  if (mlirInputs.size() > 1 && !opts.output.empty())
    return reportError("cannot use -o with several inputs when not linking");
  for (const std::string &input : mlirInputs)
    if (failed(checkOutputIsNotInput(outputFor(opts, input), opts.inputs)))
      return failure();
  for (const std::string &input : linkInputs)
    reportWarning("'" + input + "': linker input unused when not linking");
  return success();
}

/// `--emit`, `-c`, `-S`: one output per MLIR input, nothing linked.
static LogicalResult compileEach(Compiler &compiler,
                                 const DriverOptions &opts,
                                 llvm::ArrayRef<std::string> mlirInputs) {
  for (const std::string &input : mlirInputs)
    if (failed(compiler.compileFile(input, outputFor(opts, input), opts.emit)))
      return failure();
  return success();
}

/// The default: every MLIR input to an object in a temporary directory, then
/// one link of all objects, in the order of the inputs.
static LogicalResult buildExecutable(Compiler &compiler,
                                     const DriverOptions &opts,
                                     const char *argv0, bool hasLinkInputs,
                                     TimingScope &timing) {
  std::string runtimeLib = findRuntimeLibrary(argv0);
  // Holds the objects of every input, however many each produced; removed
  // on every way out, signals and fatal errors included.
  ScratchDirectory tmp;
  if (failed(tmp.create()))
    return failure();

  std::vector<std::string> objects;
  for (const std::string &input : opts.inputs) {
    if (isLinkerInput(input)) {
      objects.push_back(input);
      continue;
    }
    // <index>-<input stem>: inputs with the same name do not collide.
    llvm::SmallString<128> stem(tmp.path());
    llvm::StringRef name = input == "-" ? "stdin" : llvm::sys::path::stem(input);
    llvm::sys::path::append(stem, std::to_string(objects.size()) + "-" + name);
    if (failed(compiler.compileToObjects(input, stem, objects)))
      return failure();
  }
  // Objects may define main; only MLIR inputs are checked here.
  if (!compiler.sawMain() && !hasLinkInputs)
    return reportError("no 'main' function in the input: an executable needs "
                       "'func.func @main()' (use -c or --emit to compile "
                       "without one)");
  std::string output = opts.output.empty() ? "a.out" : opts.output;
  reportStep(opts.verbose, "link " + output);
  return linkExecutable(opts, objects, runtimeLib, output, timing);
}

/// Whether distc ends without destroying what it built (as clang does):
/// the work is done and its files are closed, so freeing the compiler and
/// running the destructors of LLVM's and MLIR's global registries
/// (thousands of options, passes and dialect hooks) would only delay the
/// exit, by ~2-3 ms for a sample. Not with -mllvm options: some of them
/// (-time-passes, -stats) print their reports when LLVM's globals are
/// destroyed.
static bool exitsWithoutCleanup(const DriverOptions &opts) {
  return opts.llvmArgs.empty();
}

/// The whole driver: list, check, set up, compile, link.
static LogicalResult runDriver(const DriverOptions &opts, const char *argv0) {
  if (opts.listPipelines) {
    printNamedPipelines(llvm::outs(), opts.pipeline);
    return success();
  }
  std::vector<std::string> mlirInputs, linkInputs;
  for (const std::string &input : opts.inputs)
    (isLinkerInput(input) ? linkInputs : mlirInputs).push_back(input);
  // --dump-pipeline alone is a question about distc, not a compilation.
  bool onlyDump = opts.dumpPipeline && opts.inputs.empty();
  if (!onlyDump && failed(checkInvocation(opts, mlirInputs, linkInputs)))
    return failure();

  // Textual pipelines and pass names need the pass registry; the default
  // pipeline is built from C++ and does not, so skip the cost otherwise.
  if (opts.pipelineText || opts.printsIR()) {
    registerDistcPasses();
    registerDistcPipelines(opts.pipeline.optLevel);
  }

  DefaultTimingManager timingManager;
  timingManager.setEnabled(opts.timing);
  timingManager.setDisplayMode(DefaultTimingManager::DisplayMode::Tree);
  TimingScope timing = timingManager.getRootScope();

  auto owned = std::make_unique<Compiler>(opts, timing);
  Compiler &compiler = *owned;
  if (exitsWithoutCleanup(opts))
    (void)owned.release();
  if (failed(compiler.initialize()))
    return failure();
  if (opts.dumpPipeline)
    compiler.dumpPipeline(llvm::errs());
  if (onlyDump)
    return success();
  if (opts.emit != EmitKind::Exe)
    return compileEach(compiler, opts, mlirInputs);
  return buildExecutable(compiler, opts, argv0, !linkInputs.empty(), timing);
}

/// Runs the driver on a thread with a stack of kDriverStackBytes (as clang
/// runs its -cc1 on an 8 MiB thread): MLIR's parser, verifier, printer and
/// the affine simplifications recurse once per level of an input's nesting,
/// and InputLimits.h bounds that nesting for this stack, not for whatever
/// `ulimit -s` the user has.
///
/// The thread also gets an alternate signal stack: should a crash still
/// overflow its stack, LLVM's handler (stack dump, removal of temporaries,
/// ScratchDirectory.h) can run instead of the kernel killing distc outright.
static int runDriverOnLargeStack(const DriverOptions &opts, const char *argv0) {
  int code = 1;
  llvm::thread worker(std::optional<unsigned>(kDriverStackBytes), [&] {
    static char signalStack[1 << 16]; // one driver thread per process
    stack_t alternate = {};
    alternate.ss_sp = signalStack;
    alternate.ss_size = sizeof(signalStack);
    sigaltstack(&alternate, nullptr);
    code = succeeded(runDriver(opts, argv0)) ? 0 : 1;
  });
  worker.join();
  return code;
}

int main(int argc, char **argv) {
  noteIgnoredSignals();
  llvm::InitLLVM initLLVM(argc, argv);
  keepIgnoredSignalsIgnored();
  installFatalErrorHandlers();
  DriverOptions opts;
  if (std::optional<int> exitCode = parseCommandLine(argc, argv, opts))
    return *exitCode;
  int code = runDriverOnLargeStack(opts, argv[0]);
  if (!exitsWithoutCleanup(opts))
    return code;
  llvm::outs().flush();
  llvm::errs().flush();
  llvm::sys::Process::Exit(code, /*NoCleanup=*/true);
}
