//===- Options.cpp - distc's command line (CLI11) -------------------------===//
//
// Compiled with -fexceptions: CLI11 reports parse errors by throwing, and the
// exceptions are caught in parseCommandLine.
//
//===----------------------------------------------------------------------===//

#include "Options.h"
#include "Diagnostics.h"

#include "DistcConfig.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/raw_ostream.h"

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

std::optional<int> parseCommandLine(int argc, char **argv,
                                    DriverOptions &opts) {
  CLI::App app{"distc: ahead-of-time compiler for distributed tensor "
               "programs in MLIR.\nCompiles .mlir files and links them with "
               ".o files, the IDTR runtime and MPI into an executable.",
               "distc"};
  app.footer(helpFooter());
  app.set_version_flag("--version", std::string("distc version ") +
                                        DISTC_VERSION + "\nLLVM version " +
                                        LLVM_VERSION_STRING);

  app.add_option("inputs", opts.inputs,
                 ".mlir files to compile ('-' for stdin); .o, .a and .so "
                 "files to link");
  app.add_option("-o", opts.output,
                 "output file ('-' for stdout). Default: a.out for an "
                 "executable, <input>.o/.s/.ll/.bc, stdout for MLIR");

  std::map<std::string, EmitKind> emitKinds = {
      {"mlir", EmitKind::MLIR}, {"llvm", EmitKind::LLVM},
      {"bc", EmitKind::BC},     {"asm", EmitKind::Asm},
      {"obj", EmitKind::Obj},   {"exe", EmitKind::Exe}};
  auto *emit =
      app.add_option("--emit", opts.emit,
                     "what to produce: mlir (after the pass pipeline), llvm, "
                     "bc, asm, obj, exe (default)")
          ->transform(CLI::CheckedTransformer(emitKinds, CLI::ignore_case)
                          .description(""))
          ->option_text("mlir|llvm|bc|asm|obj|exe");
  bool compileOnly = false, assembleOnly = false;
  auto *c = app.add_flag("-c", compileOnly, "compile to an object file "
                                            "(same as --emit=obj)");
  auto *s = app.add_flag("-S", assembleOnly, "compile to assembly "
                                             "(same as --emit=asm)");
  c->excludes(s)->excludes(emit);
  s->excludes(emit);

  app.add_option("-O", opts.pipeline.optLevel,
                 "optimization level of the MLIR and LLVM pipelines "
                 "(-O0..-O3, default -O2)")
      ->check(CLI::Range(0u, 3u));
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

  app.add_flag("-v", opts.verbose, "print each step and the link line");
  app.add_flag("--timing", opts.timing,
               "report the time of every pass, translation, LLVM "
               "optimization, code generation and linking");

  // CLI11 reads `--pipeline=` (an empty pipeline, for input already in the
  // LLVM dialect) as "value follows" and would swallow the next argument;
  // spell the empty pipeline in a form it keeps.
  // `-mllvm X`, as clang spells it: CLI11 has no single-dash long names,
  // and X itself starts with a dash, so it becomes `--mllvm=X`.
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    llvm::StringRef arg = argv[i];
    if (arg == "--pipeline=")
      args.push_back("--pipeline=builtin.module()");
    else if ((arg == "-mllvm" || arg == "--mllvm") && i + 1 < argc)
      args.push_back("--mllvm=" + std::string(argv[++i]));
    else
      args.push_back(arg.str());
  }
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
  if (pipeline->count() > 0)
    opts.pipelineText = pipelineText;
  if (compileOnly)
    opts.emit = EmitKind::Obj;
  if (assembleOnly)
    opts.emit = EmitKind::Asm;
  return std::nullopt;
}

} // namespace distc
