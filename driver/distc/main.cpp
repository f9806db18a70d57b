//===- main.cpp - distc: .mlir in, MPI executable out ----------------------===//
//
//   distc prog.mlir -o prog && mpirun -n 4 ./prog
//
// main parses the command line into DriverOptions (Options.cpp) and runs the
// driver: compile every .mlir (and .ll/.bc) input (Compile.cpp), then, for an
// executable, link the objects with LLD (Link.cpp). See docs/driver.md.
//
//===----------------------------------------------------------------------===//

#include "Backend.h"
#include "Compile.h"
#include "Diagnostics.h"
#include "DriverOptions.h"
#include "FatalErrors.h"
#include "Link.h"
#include "LinkerOutputs.h"
#include "Options.h"
#include "OutputFile.h"
#include "ScratchDirectory.h"

#include "driver/frontend/FrontEnd.h"
#include "driver/frontend/InputLimits.h"
#include "driver/frontend/LargeStack.h"
#include "pipelines/Pipelines.h"

#include "mlir/Support/Timing.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <map>

using namespace mlir;
using namespace distc;

/// Inputs that go to the linker as they are; everything else is MLIR.
static bool isLinkerInput(llvm::StringRef path) {
  llvm::StringRef ext = llvm::sys::path::extension(path);
  return ext == ".o" || ext == ".a" || ext == ".so" ||
         path.contains(".so."); // versioned shared libraries
}

/// Sources distc has no front end for, and says so (rather than parsing
/// them as MLIR): what the input is, or "" when distc takes it.
static llvm::StringRef unsupportedSource(llvm::StringRef path) {
  llvm::StringRef ext = llvm::sys::path::extension(path);
  if (ext == ".c" || ext == ".cc" || ext == ".cpp" || ext == ".cxx" ||
      ext == ".c++" || ext == ".C" || ext == ".i" || ext == ".ii")
    return "C or C++";
  if (ext == ".s" || ext == ".S")
    return "assembly";
  if (ext == ".f" || ext == ".f90" || ext == ".F90" || ext == ".F")
    return "Fortran";
  return "";
}

static llvm::StringRef extensionFor(EmitKind kind) {
  switch (kind) {
  case EmitKind::LLVM:
    return ".ll";
  case EmitKind::BC:
    return ".bc";
  case EmitKind::Asm:
    return ".s";
  case EmitKind::Header:
    return ".h";
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

/// -save-temps: where the intermediate files of `input` go, without their
/// extension: `<stem>.distc` in the directory of the output (the current
/// directory for stdout or with -save-temps=cwd), so that `.mlir`, `.ll` and `.o` of the same
/// name stay apart from the inputs and outputs a user names.
static std::string tempsStemFor(const DriverOptions &opts,
                                llvm::StringRef output, llvm::StringRef input) {
  if (!opts.saveTemps)
    return "";
  llvm::SmallString<128> stem(output == "-" || opts.saveTempsInCwd
                                  ? ""
                                  : llvm::sys::path::parent_path(output));
  llvm::sys::path::append(
      stem, (input == "-" ? llvm::StringRef("stdin")
                          : llvm::sys::path::stem(input)) +
                ".distc");
  return std::string(stem);
}

static std::string executableOutput(const DriverOptions &opts) {
  return opts.output.empty() ? "a.out" : opts.output;
}

/// -save-temps files never overwrite an input, and two inputs never save
/// to the same names.
static LogicalResult checkSavedTemps(const DriverOptions &opts,
                                     llvm::ArrayRef<std::string> mlirInputs) {
  if (!opts.saveTemps)
    return success();
  std::map<std::string, std::string> owner;
  for (const std::string &input : mlirInputs) {
    std::string output = opts.emit == EmitKind::Exe ? executableOutput(opts)
                                                    : outputFor(opts, input);
    std::string stem = tempsStemFor(opts, output, input);
    auto [it, inserted] = owner.emplace(stem, input);
    if (!inserted)
      return reportError("-save-temps: inputs '" + it->second + "' and '" +
                         input + "' would both save to '" + stem + ".*'");
    for (const char *ext : {".mlir", ".ll", ".o"})
      if (failed(checkOutputIsNotInput(stem + ext, opts.inputs)))
        return failure();
  }
  return success();
}

/// Rejects combinations that cannot mean anything, and outputs that would
/// overwrite an input, before any work is done.
static LogicalResult checkInvocation(const DriverOptions &opts,
                                     llvm::ArrayRef<std::string> mlirInputs,
                                     llvm::ArrayRef<std::string> linkInputs,
                                     const char *argv0) {
  if (opts.inputs.empty())
    return reportError("no input files (run 'distc --help' for the options)");
  for (const std::string &input : opts.inputs)
    if (llvm::StringRef kind = unsupportedSource(input); !kind.empty())
      return reportError("'" + input + "': distc does not compile " + kind +
                         " (compile it with " +
                         (kind == "Fortran" ? "'mpifort -c'"
                                            : "'mpicc -c' or 'clang -c'") +
                         " and pass the object file to distc)");
  if (failed(checkSavedTemps(opts, mlirInputs)))
    return failure();
  if (opts.emit == EmitKind::Exe) {
    if (opts.output == "-")
      return reportError("cannot write an executable to stdout");
    // The link uses this system's C runtime and MPI: objects for another
    // architecture can be compiled (-c), not linked.
    llvm::Triple host(llvm::sys::getDefaultTargetTriple());
    llvm::Triple target(llvm::Triple::normalize(opts.targetTriple));
    if (!opts.targetTriple.empty() && (target.getArch() != host.getArch() ||
                                       target.getOS() != host.getOS()))
      return reportError("cannot link an executable for --target=" +
                         opts.targetTriple + ": distc links with this "
                         "system's C runtime and MPI (" + host.str() +
                         "); use -c, -S or --emit");
    // `.o` inputs included: LLD would truncate one it is about to read.
    if (failed(checkOutputIsNotInput(executableOutput(opts), opts.inputs)))
      return failure();
    // What linker arguments make LLD write are outputs too.
    return checkLinkerOutputs(opts, executableOutput(opts),
                              findRuntimeLibrary(argv0));
  }
  if (mlirInputs.empty())
    return reportError("no .mlir, .ll or .bc input to compile");
  if (mlirInputs.size() > 1 && !opts.output.empty())
    return reportError("cannot use -o with several inputs when not linking");
  for (const std::string &input : mlirInputs)
    if (failed(checkOutputIsNotInput(outputFor(opts, input), opts.inputs)))
      return failure();
  for (const std::string &input : linkInputs)
    reportWarning("'" + input + "': linker input unused when not linking");
  for (const DriverOptions::LinkerArg &arg : opts.linkerArgs)
    reportWarning("'" + arg.arg + "': linker argument unused when not "
                  "linking");
  return success();
}

/// `--emit`, `-c`, `-S`: one output per MLIR input, nothing linked.
static LogicalResult compileEach(Compiler &compiler,
                                 const DriverOptions &opts,
                                 llvm::ArrayRef<std::string> mlirInputs) {
  for (const std::string &input : mlirInputs) {
    std::string output = outputFor(opts, input);
    if (failed(compiler.compileFile(input, output, opts.emit,
                                    tempsStemFor(opts, output, input))))
      return failure();
  }
  return success();
}

/// One item of the link, in the order of the command line: a linker
/// argument or a linker input passed as it is, or an input that distc
/// compiles to the objects `<stem>.o` (`<stem>.1.o`, ...: Backend.h).
struct LinkItem {
  std::string path; ///< the argument, the linker input or the input to compile
  std::string stem; ///< empty: passed to the linker as it is
};

/// The longest part of an input's name in the names of its objects in the
/// scratch directory.
static constexpr size_t kMaxScratchStemBytes = 200;

/// The one walk over the inputs and the linker arguments, shared by `-###`
/// and the real build so that what `-###` prints is what is done. Objects
/// are `<tmpDir>/<index>-<input stem>` (so that inputs with the same name
/// do not collide), or with -save-temps `<stem>.distc` next to the output
/// (checked not to collide, checkSavedTemps).
static std::vector<LinkItem> planLink(const DriverOptions &opts,
                                      llvm::StringRef tmpDir) {
  std::vector<LinkItem> items;
  for (size_t i = 0; i < opts.inputs.size(); ++i) {
    for (const DriverOptions::LinkerArg &arg : opts.linkerArgs)
      if (arg.beforeInput == i)
        items.push_back({arg.arg, ""});
    const std::string &input = opts.inputs[i];
    if (isLinkerInput(input)) {
      items.push_back({input, ""});
      continue;
    }
    llvm::SmallString<128> stem(tmpDir);
    // Shortened so that the index and the partition suffixes (`.7.o`) fit
    // in a file name however long the input's is: the index alone keeps
    // the objects apart.
    llvm::StringRef name = input == "-" ? "stdin" : llvm::sys::path::stem(input);
    llvm::sys::path::append(stem, std::to_string(items.size()) + "-" +
                                      name.take_front(kMaxScratchStemBytes));
    if (opts.saveTemps)
      stem = tempsStemFor(opts, executableOutput(opts), input);
    items.push_back({input, std::string(stem)});
  }
  // Linker arguments after the last input.
  for (const DriverOptions::LinkerArg &arg : opts.linkerArgs)
    if (arg.beforeInput >= opts.inputs.size())
      items.push_back({arg.arg, ""});
  return items;
}

/// `-###`: the steps distc would take, on stderr, none of them run. Each
/// input with its pipeline (as --pipeline accepts it) and its object, then
/// the complete link line, quoted as clang quotes its own.
static LogicalResult printSteps(Compiler &compiler, const DriverOptions &opts,
                                const char *argv0) {
  llvm::raw_ostream &os = llvm::errs();
  std::string cpu = opts.cpu.empty() || opts.cpu == "native"
                        ? "native (" + llvm::sys::getHostCPUName().str() + ")"
                        : opts.cpu;
  std::string triple = opts.targetTriple.empty()
                           ? llvm::sys::getDefaultTargetTriple()
                           : opts.targetTriple;
  std::string level = opts.sizeLevel == 0 ? std::to_string(opts.pipeline.optLevel)
                      : opts.sizeLevel == 1 ? "s"
                                            : "z";
  bool linking = opts.emit == EmitKind::Exe;
  std::vector<std::string> objects;
  for (const LinkItem &item : planLink(opts, "<tmp>")) {
    objects.push_back(item.stem.empty() ? item.path : item.stem + ".o");
    if (item.stem.empty())
      continue;
    const std::string &input = item.path;
    std::string output = linking ? objects.back() : outputFor(opts, input);
    os << "distc: compile '" << input << "' -> '" << output << "' at -O"
       << level << " for " << triple << ", -march=" << cpu;
    if (!opts.tuneCPU.empty())
      os << ", -mtune=" << opts.tuneCPU;
    if (Compiler::isLLVMInput(input)) {
      os << " (LLVM IR: no MLIR pipeline)\n";
      continue;
    }
    os << ", MLIR pipeline:\n  ";
    compiler.dumpPipeline(os);
    if (std::string stem = tempsStemFor(
            opts, linking ? executableOutput(opts) : output, input);
        !stem.empty())
      os << "  keeps " << stem << ".mlir, " << stem << ".ll\n";
  }
  if (!linking)
    return success();
  os << "distc: link:";
  for (const std::string &arg :
       buildLinkLine(opts, objects, findRuntimeLibrary(argv0),
                     executableOutput(opts)))
    os << " \"" << llvm::StringRef(arg) << "\"";
  os << "\n";
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

  std::string output = executableOutput(opts);
  // The objects and the linker arguments, in the order of the command line.
  std::vector<std::string> objects;
  for (const LinkItem &item : planLink(opts, tmp.path())) {
    if (item.stem.empty())
      objects.push_back(item.path);
    else if (failed(compiler.compileToObjects(item.path, item.stem, objects,
                                              opts.saveTemps)))
      return failure();
  }
  // Objects may define main; only MLIR inputs are checked here.
  if (!compiler.sawMain() && !hasLinkInputs)
    return reportError("no 'main' function in the input: an executable needs "
                       "'func.func @main()' (use -c or --emit to compile "
                       "without one)");
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
  // -march=help, -mtune=help: a question about the target, as clang's.
  if (opts.cpu == "help" || opts.tuneCPU == "help") {
    printTargetCPUs(opts, llvm::outs());
    return success();
  }
  std::vector<std::string> mlirInputs, linkInputs;
  for (const std::string &input : opts.inputs)
    (isLinkerInput(input) ? linkInputs : mlirInputs).push_back(input);
  // --dump-pipeline alone is a question about distc, not a compilation.
  bool onlyDump = opts.dumpPipeline && opts.inputs.empty();
  if (!onlyDump && failed(checkInvocation(opts, mlirInputs, linkInputs, argv0)))
    return failure();

  // Textual pipelines and pass names need the pass registry; the default
  // pipeline is built from C++ and does not, so skip the cost otherwise.
  if (opts.pipelineText || opts.printsIR()) {
    registerFrontEndPasses(opts.pipeline.optLevel, opts.pipeline.runtimeChecks,
                           opts.pipeline.fpContract);
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
  if (opts.printSteps)
    return printSteps(compiler, opts, argv0);
  if (opts.emit != EmitKind::Exe)
    return compileEach(compiler, opts, mlirInputs);
  return buildExecutable(compiler, opts, argv0, !linkInputs.empty(), timing);
}

int main(int argc, char **argv) {
  noteIgnoredSignals();
  llvm::InitLLVM initLLVM(argc, argv);
  keepIgnoredSignalsIgnored();
  installFatalErrorHandlers();
  DriverOptions opts;
  if (std::optional<int> exitCode = parseCommandLine(argc, argv, opts))
    return *exitCode;
  // On a thread with the stack the input limits are for (LargeStack.h).
  const char *argv0 = argv[0];
  int code = runOnLargeStack(
      [&] { return succeeded(runDriver(opts, argv0)) ? 0 : 1; });
  if (!exitsWithoutCleanup(opts))
    return code;
  llvm::outs().flush();
  llvm::errs().flush();
  llvm::sys::Process::Exit(code, /*NoCleanup=*/true);
}
