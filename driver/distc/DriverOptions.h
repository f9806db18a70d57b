//===- DriverOptions.h - What one distc invocation should do ------*- C++ -*-===//
//
// A plain struct filled by the CLI (Options.cpp) and read by the compile and
// link steps. Nothing else in distc reads command-line state, so the steps
// can be driven from tests or another front end without CLI11.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_DISTC_DRIVEROPTIONS_H
#define DISTC_DRIVER_DISTC_DRIVEROPTIONS_H

#include "pipelines/Pipelines.h"

#include <optional>
#include <string>
#include <vector>

namespace distc {

/// What distc produces. Every kind but `Exe` is produced once per `.mlir`
/// input; `Exe` links all inputs into one executable.
enum class EmitKind {
  MLIR, ///< MLIR after the pass pipeline (the LLVM dialect by default)
  LLVM, ///< LLVM IR text, after LLVM's optimization pipeline
  BC,   ///< LLVM bitcode, after LLVM's optimization pipeline
  Asm,  ///< target assembly
  Obj,  ///< relocatable object file
  Exe,  ///< linked executable (default)
  Header, ///< C prototypes of the public functions (HeaderEmitter.h)
};

/// How much DWARF to emit for the user's `.mlir` source (-g0,
/// -gline-tables-only, -g). See DebugInfo.h.
enum class DebugInfoKind {
  None,           ///< -g0 (default): no debug info
  LineTablesOnly, ///< -gline-tables-only, -g1: line tables and function names
  Full,           ///< -g: full compile unit and subprograms
};

struct DriverOptions {
  // --- inputs and outputs -------------------------------------------------
  /// `.mlir` and `.ll`/`.bc` (compiled), `.o`/`.a`/`.so` (linked).
  std::vector<std::string> inputs;
  std::string output;              ///< empty: derived from the input name
  EmitKind emit = EmitKind::Exe;

  // --- compilation ------------------------------------------------------------
  PipelineOptions pipeline;             ///< includes the -O level
  /// -Os (1) and -Oz (2), as clang: LLVM's size levels on top of -O2.
  unsigned sizeLevel = 0;
  std::optional<std::string> pipelineText; ///< `--pipeline`: replaces the MLIR part
  bool dumpPipeline = false;  ///< print the MLIR pipeline in use (stderr)
  bool listPipelines = false; ///< print the named pipelines and exit
  std::vector<std::string> llvmArgs; ///< -mllvm: options for LLVM's passes
  /// --jobs: partitions of one module optimized and compiled in parallel
  /// (0: one per hardware thread).
  unsigned jobs = 0;
  /// -g, -gline-tables-only, -g0 (the last one wins, as in clang).
  DebugInfoKind debugInfo = DebugInfoKind::None;

  // --- target (empty: the host, see docs/driver.md) -------------------------
  std::string targetTriple; ///< --target
  std::string cpu;          ///< -march / -mcpu ("native": the host's)
  std::string tuneCPU;      ///< -mtune

  // --- IR printing (as mlir-opt; everything to stderr) ------------------------
  std::vector<std::string> printIRBefore; ///< pass arguments
  std::vector<std::string> printIRAfter;  ///< pass arguments
  bool printIRAfterAll = false;
  bool printIRAfterChange = false;
  std::string printIRTreeDir; ///< print into a file tree instead of stderr

  // --- linking --------------------------------------------------------------
  std::vector<std::string> libDirs; ///< -L
  std::vector<std::string> libs;    ///< -l
  /// -Wl,A,B / -Xlinker A / -rpath DIR, in order, each placed on the link
  /// line before the input it preceded on the command line (so that
  /// `-Wl,--whole-archive lib.a -Wl,--no-whole-archive` means what it says).
  struct LinkerArg {
    size_t beforeInput; ///< index into `inputs`; inputs.size(): after all
    std::string arg;
  };
  std::vector<LinkerArg> linkerArgs;

  // --- reporting --------------------------------------------------------------
  bool verbose = false; ///< -v: each step and the link line
  bool timing = false;  ///< --timing: every pass and every later step
  bool saveTemps = false; ///< -save-temps: keep .mlir/.ll/.o next to the output
  bool saveTempsInCwd = false; ///< -save-temps=cwd: in the current directory
  bool printSteps = false; ///< -###: print the steps, run none of them

  /// True when any --print-ir-* option asks for IR printing.
  bool printsIR() const {
    return !printIRBefore.empty() || !printIRAfter.empty() || printIRAfterAll ||
           printIRAfterChange;
  }
};

} // namespace distc

#endif // DISTC_DRIVER_DISTC_DRIVEROPTIONS_H
