//===- Compile.h - From one .mlir file to IR, assembly or an object -*- C++ -*-===//
//
// The compile chain of distc, one documented step per function:
//
//   front end (driver/frontend/FrontEnd.h: parse, check the entry point,
//   the MLIR pass pipeline, which ends with the program finalization)
//     -> -g scopes -> translate to LLVM IR (+ the target's triple and data
//     layout, -g's DWARF for the C main wrapper)
//     -> LLVM O-level pipeline -> code generation
//
// A Compiler is set up once per invocation (context, pass manager, target
// machine) and then compiles any number of inputs with them: nothing is
// parsed, registered or built twice.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_DISTC_COMPILE_H
#define DISTC_DRIVER_DISTC_COMPILE_H

#include "DriverOptions.h"

#include "mlir/Support/LLVM.h"

#include <memory>
#include <string>
#include <vector>

namespace mlir {
class TimingScope;
} // namespace mlir

namespace distc {

class Compiler {
public:
  /// `timing` is the root scope under which every step is timed (a no-op
  /// scope when --timing is off).
  Compiler(const DriverOptions &opts, mlir::TimingScope &timing);
  ~Compiler();

  /// Builds the MLIR context, the pass pipeline (default or --pipeline) and,
  /// unless only MLIR is emitted, the LLVM target machine for the host.
  /// Fails with one sentence on a bad --pipeline or an unknown pass in
  /// --print-ir-before/after.
  mlir::LogicalResult initialize();

  /// Prints the MLIR pipeline in use, in the textual form --pipeline accepts.
  void dumpPipeline(llvm::raw_ostream &os) const;

  /// Compiles the MLIR file `inputPath` ("-" = stdin) to `kind` and writes it
  /// to `outputPath` ("-" = stdout). The output file is only kept on success.
  /// `kind` must not be EmitKind::Exe (objects are what the linker gets).
  /// A `.ll` or `.bc` input is LLVM IR and starts at LLVM's optimization.
  /// With a `tempsStem` (-save-temps), the module after the MLIR pipeline
  /// is also written to `<tempsStem>.mlir` and the LLVM IR before LLVM's
  /// optimization to `<tempsStem>.ll`.
  mlir::LogicalResult compileFile(llvm::StringRef inputPath,
                                  llvm::StringRef outputPath, EmitKind kind,
                                  llvm::StringRef tempsStem = "");

  /// Compiles the MLIR (or LLVM IR) file `inputPath` to object files for
  /// the link: `<stem>.o`, plus `<stem>.1.o`, ... when LLVM's optimization
  /// and code generation ran on partitions of the module in parallel
  /// (Backend.h). Appends the paths written to `objects`. With
  /// `saveTemps`, also `<stem>.mlir` and `<stem>.ll` as compileFile.
  mlir::LogicalResult compileToObjects(llvm::StringRef inputPath,
                                       llvm::StringRef stem,
                                       std::vector<std::string> &objects,
                                       bool saveTemps = false);

  /// Whether `path` names LLVM IR (`.ll`, `.bc`) rather than MLIR.
  static bool isLLVMInput(llvm::StringRef path);

  /// True once a compiled input defined the program's entry `main`.
  bool sawMain() const;

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace distc

#endif // DISTC_DRIVER_DISTC_COMPILE_H
