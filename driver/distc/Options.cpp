//===- Options.cpp - distc's command line (CLI11) -------------------------===//
//
// Compiled with -fexceptions: CLI11 reports parse errors by throwing, and the
// exceptions are caught in parseCommandLine.
//
//===----------------------------------------------------------------------===//

#include "Options.h"
#include "Diagnostics.h"
#include "Link.h"
#include "LinkerOutputs.h"

#include "DistcConfig.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace distc {

/// The --help footer: the named pipelines, so `--help` alone tells a user
/// what --pipeline can be built from.
static std::string helpFooter() {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "\nNamed pipelines (use with --pipeline; --list-pipelines shows "
        "their passes):\n";
  for (const NamedPipeline &p : getNamedPipelines())
    os << "  " << p.name << "\n      " << p.description << "\n";
  os << "\nExamples:\n"
        "  distc prog.mlir -o prog && mpirun -n 4 ./prog\n"
        "  distc -O3 -c a.mlir && distc a.o b.mlir -o prog\n"
        "  distc --emit=mlir --pipeline='distc-bufferize' prog.mlir -o -\n";
  return text;
}

/// A transform of an option's value from one of the names of `kinds` to
/// the enum value (which CLI11 then reads as a number). Unlike CLI11's
/// CheckedTransformer, whose message dumps the map ("Check foo value in
/// {asm->3,...} OR {3,...} FAILED"), a wrong value is reported as
/// "'foo' is not one of: asm, bc, ...".
template <typename Kind>
static CLI::Validator namedChoice(std::map<std::string, Kind> kinds,
                                  bool ignoreCase = false) {
  return CLI::Validator(
      [kinds = std::move(kinds), ignoreCase](std::string &value) -> std::string {
        std::string key = ignoreCase ? llvm::StringRef(value).lower() : value;
        auto it = kinds.find(key);
        if (it == kinds.end()) {
          std::string names;
          for (const auto &[name, kind] : kinds)
            names += (names.empty() ? "" : ", ") + name;
          return "'" + value + "' is not one of: " + names;
        }
        value = std::to_string(static_cast<int>(it->second));
        return std::string();
      },
      "");
}

/// The --debug-info kind for clang's spellings of the debug-info flags, or
/// null when `arg` is not one. -g1 and -gmlt are clang's names for line
/// tables only; -g2, -g3 and -ggdb are full debug info here (distc has no
/// macros for -g3 to add).
static const char *debugInfoSpelling(llvm::StringRef arg) {
  if (arg == "-g0")
    return "none";
  if (arg == "-gline-tables-only" || arg == "-g1" || arg == "-gmlt")
    return "line-tables-only";
  if (arg == "-g" || arg == "-g2" || arg == "-g3" || arg == "-ggdb")
    return "full";
  return nullptr;
}

/// Every environment variable the IDTR runtime reads (runtime/lib, grep
/// getenv), for --help-env; docs/runtime.md has the same table.
struct RuntimeVariable {
  const char *name;
  const char *byDefault;
  const char *meaning;
};
static constexpr RuntimeVariable kRuntimeEnvironment[] = {
    {"IDTR_TIMEOUT", "300",
     "seconds one rank may wait in one communication before the job is "
     "aborted with a report of the operation it is stuck in; 0 turns the "
     "watchdog off"},
    {"IDTR_STATS", "unset (off)",
     "any value but empty or 0: every rank prints one line of "
     "communication counters (calls, messages, bytes, plans, times) to "
     "stderr at exit, and rank 0 a table of them per source location"},
    {"IDTR_PROFILE", "unset (off)",
     "a file name: rank 0 writes the per-location counters of every rank "
     "there as JSON at exit"},
    {"IDTR_DIRECT", "unset (on)",
     "0: never read a peer's memory directly (Linux cross-memory attach) "
     "between ranks of one node; always go through MPI"},
    {"IDTR_DIRECT_MIN_BYTES", "262144 (256 KiB)",
     "smallest transfer between ranks of one node that is read directly "
     "instead of sent through MPI"},
    {"IDTR_SHARED_BUFFERS", "unset (on)",
     "0: never move a large program buffer that peers of the node read "
     "directly into memory shared with them (they then read it with "
     "cross-memory attach)"},
    {"IDTR_MAX_MESSAGE_BYTES", "1073741824 (1 GiB)",
     "largest single MPI message (8 .. 2^30); larger transfers are split "
     "into messages of this size"},
    {"IDTR_NO_HUGEPAGES", "unset (huge pages)",
     "any value: do not ask for transparent huge pages for large buffers"},
};

static void printRuntimeEnvironment(llvm::raw_ostream &os) {
  os << "Environment variables read by programs that distc links (the IDTR "
        "runtime):\n\n";
  os << llvm::left_justify("variable", 24)
     << llvm::left_justify("default", 20) << "meaning\n";
  for (const RuntimeVariable &var : kRuntimeEnvironment)
    os << llvm::left_justify(var.name, 24)
       << llvm::left_justify(var.byDefault, 20) << var.meaning << "\n";
}

/// --version (and -v alone): what distc is and what it builds for, so that
/// a bug report or a cluster's login node says which CPU code is tuned for,
/// which MPI programs link and which runtime.
static std::string versionText(const char *argv0) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "distc version " << DISTC_VERSION << "\nLLVM version "
     << LLVM_VERSION_STRING << "\nTarget: " << llvm::sys::getDefaultTargetTriple()
     << "\nHost CPU: " << llvm::sys::getHostCPUName()
     << " (code is tuned for it unless -march/-mcpu says otherwise)\nMPI:";
  for (const char *lib : config::kMPILibs)
    if (lib)
      os << " " << lib;
  os << "\nRuntime: " << findRuntimeLibrary(argv0);
  return text;
}

/// An -O spelling as clang reads it: -O0..-O3, -O (= -O1), -Os and -Oz
/// (-O2 for LLVM size levels 1 and 2); -O4 and up are -O3. Returns false
/// for anything else.
static bool parseOptLevel(llvm::StringRef arg, DriverOptions &opts) {
  llvm::StringRef level = arg.drop_front(2);
  if (level.empty())
    level = "1";
  opts.sizeLevel = 0;
  if (level == "s" || level == "z") {
    opts.pipeline.optLevel = 2;
    opts.sizeLevel = level == "s" ? 1 : 2;
    return true;
  }
  unsigned value;
  if (level.getAsInteger(10, value))
    return false;
  opts.pipeline.optLevel = std::min(value, 3u);
  return true;
}

/// Marks the place of a linker argument among the positional inputs: CLI11
/// sees it as an input, parseCommandLine turns it back into a LinkerArg.
static constexpr llvm::StringLiteral kLinkerArgMarker = "\x01linker-arg:";

/// Clang's spellings that CLI11 cannot express (it has no single-dash long
/// names, and -O must never take the next argument), rewritten or read
/// here:
///  * CLI11 reads `--pipeline=` (an empty pipeline, for input already in
///    the LLVM dialect) as "value follows" and would swallow the next
///    argument; spell the empty pipeline in a form it keeps.
///  * `-mllvm X`: X itself starts with a dash, so it becomes `--mllvm=X`.
///  * -O*, read here: the last one wins.
///  * -g, -g0, -gline-tables-only, ...: --debug-info=KIND
///    (debugInfoSpelling).
///  * -march=, -mcpu=, -mtune=, -ffp-contract=, -save-temps[=obj|cwd],
///    -###: their `--` forms.
///  * -Wl,A,B, -Xlinker A, -rpath DIR: a marker among the positional
///    inputs, so that each keeps its place on the link line.
/// `linkerArgs` receives the linker arguments that the markers in `args`
/// stand for. False on an error (reported).
static bool rewriteArguments(llvm::ArrayRef<const char *> expanded,
                             DriverOptions &opts,
                             std::vector<std::string> &args,
                             std::vector<std::string> &linkerArgs) {
  auto addLinkerArgs = [&](llvm::ArrayRef<std::string> list) {
    for (const std::string &arg : list) {
      args.push_back((kLinkerArgMarker + llvm::Twine(linkerArgs.size())).str());
      linkerArgs.push_back(arg);
    }
  };
  auto addCommaSeparated = [&](llvm::StringRef list) {
    llvm::SmallVector<llvm::StringRef> parts;
    list.split(parts, ',', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    addLinkerArgs(std::vector<std::string>(parts.begin(), parts.end()));
  };
  bool afterDashDash = false;
  for (size_t i = 1; i < expanded.size(); ++i) {
    llvm::StringRef arg = expanded[i];
    bool hasNext = i + 1 < expanded.size();
    if (afterDashDash) {
      args.push_back(arg.str());
    } else if (arg == "--") {
      afterDashDash = true;
      args.push_back(arg.str());
    } else if (arg == "--pipeline=") {
      args.push_back("--pipeline=builtin.module()");
    } else if ((arg == "-mllvm" || arg == "--mllvm") && hasNext) {
      args.push_back("--mllvm=" + std::string(expanded[++i]));
    } else if (const char *kind = debugInfoSpelling(arg)) {
      args.push_back(std::string("--debug-info=") + kind);
    } else if (arg.starts_with("-O")) {
      if (!parseOptLevel(arg, opts)) {
        (void)reportError("invalid optimization level '" + arg +
                          "' (use -O0, -O1, -O2, -O3, -Os or -Oz)");
        return false;
      }
    } else if (arg.starts_with("-march=") || arg.starts_with("-mcpu=")) {
      args.push_back("--march=" + arg.split('=').second.str());
    } else if (arg.starts_with("-mtune=")) {
      args.push_back("--mtune=" + arg.split('=').second.str());
    } else if (arg == "-ffp-contract=" || arg == "--ffp-contract=") {
      // CLI11 would take the next argument as the value.
      (void)reportError("option '" + arg +
                        "' needs a value: off, on or fast");
      return false;
    } else if (arg.starts_with("-ffp-contract=")) {
      args.push_back("--ffp-contract=" + arg.split('=').second.str());
    } else if (arg == "-save-temps" || arg == "-save-temps=obj" ||
               arg == "--save-temps=obj") {
      args.push_back("--save-temps");
    } else if (arg == "-save-temps=cwd" || arg == "--save-temps=cwd") {
      args.push_back("--save-temps");
      opts.saveTempsInCwd = true;
    } else if (arg == "-###") {
      args.push_back("--###");
    } else if (arg.consume_front("-Wl,") || arg.consume_front("--Wl=")) {
      addCommaSeparated(arg);
    } else if (arg == "--Wl" && hasNext) {
      addCommaSeparated(expanded[++i]);
    } else if ((arg == "-Xlinker" || arg == "-rpath" || arg == "--rpath") &&
               hasNext) {
      std::string value = expanded[++i];
      if (arg == "-Xlinker")
        addLinkerArgs({value});
      else
        addLinkerArgs({"-rpath", value});
    } else if (arg == "-Xlinker" || arg == "-rpath" || arg == "--rpath") {
      (void)reportError("option '" + arg + "' needs a value (run 'distc "
                        "--help' for the options)");
      return false;
    } else {
      args.push_back(arg.str());
    }
  }
  return true;
}

std::optional<int> parseCommandLine(int argc, char **argv,
                                    DriverOptions &opts) {
  CLI::App app{"distc: ahead-of-time compiler for distributed tensor "
               "programs in MLIR.\nCompiles .mlir files and links them with "
               ".o files, the IDTR runtime and MPI into an executable.",
               "distc"};
  app.footer(helpFooter());
  const char *argv0 = argv[0];
  app.set_version_flag("--version", [argv0] { return versionText(argv0); },
                       "print distc's and LLVM's versions, the target, the "
                       "host CPU, the MPI and the runtime programs link, "
                       "and exit");

  app.add_option("inputs", opts.inputs,
                 ".mlir files to compile ('-' for stdin); .ll and .bc files "
                 "(LLVM IR) to optimize, compile and link; .o, .a and .so "
                 "files to link; @FILE reads more arguments from FILE");
  app.add_option("-o", opts.output,
                 "output file ('-' for stdout). Default: a.out for an "
                 "executable, <input>.o/.s/.ll/.bc, stdout for MLIR");

  std::map<std::string, EmitKind> emitKinds = {
      {"mlir", EmitKind::MLIR}, {"llvm", EmitKind::LLVM},
      {"bc", EmitKind::BC},     {"asm", EmitKind::Asm},
      {"obj", EmitKind::Obj},   {"exe", EmitKind::Exe},
      {"header", EmitKind::Header}};
  auto *emit =
      app.add_option("--emit", opts.emit,
                     "what to produce: mlir (after the pass pipeline), llvm, "
                     "bc, asm, obj, exe (default), header (C prototypes of "
                     "the public functions)")
          ->transform(namedChoice(emitKinds, /*ignoreCase=*/true))
          ->option_text("mlir|llvm|bc|asm|obj|exe|header");
  bool compileOnly = false, assembleOnly = false;
  auto *c = app.add_flag("-c", compileOnly, "compile to an object file "
                                            "(same as --emit=obj)");
  auto *s = app.add_flag("-S", assembleOnly, "compile to assembly "
                                             "(same as --emit=asm)");
  c->excludes(s)->excludes(emit);
  s->excludes(emit);

  // Only for --help: every -O spelling is read before CLI11 (below), as
  // clang reads them: -O never takes the next argument as its value.
  unsigned helpOnlyOptLevel = 0;
  app.add_option("-O", helpOnlyOptLevel,
                 "optimization level of the MLIR and LLVM pipelines: -O0, "
                 "-O1, -O2 (default), -O3; -O alone is -O1, -O4 and up are "
                 "-O3; -Os and -Oz are -O2 optimizing for size; the last "
                 "one given wins")
      ->option_text("0|1|2|3|s|z");
  app.add_option("--target", opts.targetTriple,
                 "generate code for this target triple (default: the host's, "
                 "see --version; linking needs the host's architecture)")
      ->option_text("TRIPLE")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("--march", opts.cpu,
                 "(also -march=CPU, -mcpu=CPU, as clang) generate code for "
                 "this CPU: e.g. x86-64-v3 or generic for code that runs on "
                 "any such machine; 'native' (default) is the CPU distc runs "
                 "on with all its features; 'help' lists the CPUs")
      ->option_text("CPU")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("--mtune", opts.tuneCPU,
                 "(also -mtune=CPU) schedule and tune code for this CPU "
                 "without using its instructions ('help' lists the CPUs)")
      ->option_text("CPU")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  std::map<std::string, FPContract> contractKinds = {
      {"off", FPContract::Off}, {"on", FPContract::On},
      {"fast", FPContract::Fast}};
  app.add_option("--ffp-contract", opts.pipeline.fpContract,
                 "(also -ffp-contract=MODE, as clang) which floating-point "
                 "multiplies and adds are fused into one operation with one "
                 "rounding: off (none), on (a multiply and the add it feeds "
                 "in one op of the program, the same at every -O level; the "
                 "default), fast (also whatever LLVM finds at -O1 and up)")
      ->transform(namedChoice(contractKinds))
      ->option_text("off|on|fast")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  std::string pipelineText;
  auto *pipeline = app.add_option("--pipeline", pipelineText,
                 "replace distc's MLIR pipeline with this textual pass "
                 "pipeline (anchored or not on builtin.module)");
  app.add_flag("--dump-pipeline", opts.dumpPipeline,
               "print the MLIR pass pipeline in use to stderr");
  app.add_flag("--list-pipelines", opts.listPipelines,
               "list the named pipelines with their passes and exit");

  app.add_option("--print-ir-before", opts.printIRBefore,
                 "print the IR before these passes (comma-separated pass "
                 "arguments) to stderr")
      ->delimiter(',')
      ->allow_extra_args(false);
  app.add_option("--print-ir-after", opts.printIRAfter,
                 "print the IR after these passes to stderr")
      ->delimiter(',')
      ->allow_extra_args(false);
  app.add_flag("--print-ir-after-all", opts.printIRAfterAll,
               "print the IR after every pass");
  app.add_flag("--print-ir-after-change", opts.printIRAfterChange,
               "print the IR after every pass that changed it (with "
               "--print-ir-after: only those passes, when they changed it)");
  app.add_option("--print-ir-tree-dir", opts.printIRTreeDir,
                 "print the IR into a file tree under this directory instead "
                 "of stderr (after every pass unless other --print-ir-* "
                 "options say otherwise)");

  app.add_option("-L", opts.libDirs, "add a library search directory")
      ->allow_extra_args(false);
  app.add_option("-l", opts.libs, "link with library lib<name>")
      ->allow_extra_args(false);
  // Only for --help: read before CLI11, so that each keeps its place
  // among the inputs.
  std::vector<std::string> helpOnlyLinkerArgs;
  app.add_option("--Wl", helpOnlyLinkerArgs,
                 "(-Wl,ARG[,ARG...], -Xlinker ARG, -rpath DIR, as clang) pass "
                 "arguments to the linker, in place among the inputs")
      ->option_text("ARG,...")
      ->allow_extra_args(false);

  app.add_option("--mllvm", opts.llvmArgs,
                 "(also -mllvm OPTION, as clang) pass an option to LLVM's "
                 "optimization and code generation passes, e.g. -mllvm "
                 "-unroll-threshold=50")
      ->allow_extra_args(false);

  app.add_option("-j,--jobs", opts.jobs,
                 "threads for LLVM optimization and code generation of a "
                 "large input linked into an executable: its functions are "
                 "split into up to this many partitions, compiled in "
                 "parallel (default: one per hardware thread; 1: never "
                 "split)")
      ->check(CLI::Range(1u, 256u))
      ->allow_extra_args(false);

  // Debug info. clang's spellings (-g, -g0, -gline-tables-only, ...) are
  // single-dash long names, which CLI11 does not have: they are rewritten to
  // --debug-info=KIND by rewriteArguments, and the last one wins.
  std::map<std::string, DebugInfoKind> debugKinds = {
      {"none", DebugInfoKind::None},
      {"line-tables-only", DebugInfoKind::LineTablesOnly},
      {"full", DebugInfoKind::Full}};
  app.add_option("--debug-info", opts.debugInfo,
                 "DWARF debug info for the .mlir source: -g (full), "
                 "-gline-tables-only (line tables only), -g0 (none, the "
                 "default); the last one wins")
      ->transform(namedChoice(debugKinds))
      ->option_text("none|line-tables-only|full")
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);

  app.add_flag("-v", opts.verbose,
               "print each step and the link line; alone, the version");
  app.add_flag("--save-temps", opts.saveTemps,
               "(also -save-temps) keep the intermediate files next to the "
               "output: <stem>.distc.mlir (after the MLIR pipeline), "
               "<stem>.distc.ll (LLVM IR before LLVM's optimization) and, "
               "for an executable, <stem>.distc.o (-save-temps=cwd: in "
               "the current directory)");
  app.add_flag("--###", opts.printSteps,
               "(also -###, as clang) print the steps (each input's pipeline "
               "and the link line) to stderr without running them");
  // --runtime-checks / --no-runtime-checks: the last one wins; neither
  // means "at -O0 only" (resolved below, once -O is known).
  bool runtimeChecks = false;
  auto *runtimeChecksFlag =
      app.add_flag("--runtime-checks,!--no-runtime-checks", runtimeChecks,
                   "check element accesses (tensor.extract, memref.load, "
                   "... of a dist.local part) against their sizes and run "
                   "upstream MLIR's run-time verification; a failure names "
                   "the op's file:line:col (default: on at -O0, off "
                   "otherwise)")
          ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  bool helpEnv = false;
  app.add_flag("--help-env", helpEnv,
               "print the environment variables of the IDTR runtime with "
               "their defaults, and exit");
  app.add_flag("--timing", opts.timing,
               "report the time of every pass, translation, LLVM "
               "optimization, code generation and linking");

  // @FILE response files, expanded (recursively) as clang does; a file
  // that cannot be read is left as an argument and reported as an input.
  llvm::SmallVector<const char *, 32> expanded(argv, argv + argc);
  llvm::BumpPtrAllocator allocator;
  llvm::cl::ExpansionContext expansion(allocator,
                                       llvm::cl::TokenizeGNUCommandLine);
  if (llvm::Error err = expansion.expandResponseFiles(expanded)) {
    (void)reportError("cannot expand response file", std::move(err));
    return 1;
  }

  std::vector<std::string> args, linkerArgs;
  if (!rewriteArguments(expanded, opts, args, linkerArgs))
    return 1;
  std::reverse(args.begin(), args.end()); // CLI11 takes them reversed

  try {
    app.parse(args);
  } catch (const CLI::CallForHelp &e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp &e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion &e) {
    return app.exit(e);
  } catch (const CLI::ParseError &e) {
    (void)reportError(llvm::StringRef(e.what()) +
                      " (run 'distc --help' for the options)");
    return 1;
  }
  if (helpEnv) {
    printRuntimeEnvironment(llvm::outs());
    return 0;
  }
  // The markers back to linker arguments, each before the input it preceded.
  std::vector<std::string> inputs;
  for (const std::string &input : opts.inputs) {
    llvm::StringRef rest = input;
    size_t index;
    if (rest.consume_front(kLinkerArgMarker) && !rest.getAsInteger(10, index))
      opts.linkerArgs.push_back({inputs.size(), linkerArgs[index]});
    else
      inputs.push_back(input);
  }
  opts.inputs = std::move(inputs);
  // LLD would expand `-Wl,@FILE` itself; distc does, so that the checks of
  // what the link writes (LinkerOutputs.h) see every argument.
  if (failed(expandLinkerResponseFiles(opts)))
    return 1;
  // `distc -v` alone, as `clang -v`: the version, on stderr, and success.
  if (opts.verbose && opts.inputs.empty() && !opts.listPipelines &&
      !opts.dumpPipeline && opts.cpu != "help" && opts.tuneCPU != "help") {
    llvm::errs() << versionText(argv0) << "\n";
    return 0;
  }
  opts.pipeline.runtimeChecks = runtimeChecksFlag->count() > 0
                                    ? runtimeChecks
                                    : opts.pipeline.optLevel == 0;
  opts.pipeline.remarks = opts.verbose;
  if (pipeline->count() > 0)
    opts.pipelineText = pipelineText;
  if (compileOnly)
    opts.emit = EmitKind::Obj;
  if (assembleOnly)
    opts.emit = EmitKind::Asm;
  return std::nullopt;
}

} // namespace distc
