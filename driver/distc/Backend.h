//===- Backend.h - LLVM optimization and code generation ----------*- C++ -*-===//
//
// What happens to a module once it is LLVM IR: LLVM's O0-O3 (Os, Oz)
// pipeline for the target CPU (the host's unless -march/--target say
// otherwise), then code generation to IR text, bitcode, assembly or an
// object. For the objects of an executable, a large module is split into
// partitions (ModulePartition.h) that are optimized and compiled on
// separate threads, one object each.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_DISTC_BACKEND_H
#define DISTC_DRIVER_DISTC_BACKEND_H

#include "DriverOptions.h"

#include "mlir/Support/LLVM.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Module;
class TargetMachine;
class raw_ostream;
} // namespace llvm

namespace mlir {
class TimingScope;
} // namespace mlir

namespace distc {

/// `-march=help` / `-mtune=help`: the CPUs of the target (--target or the
/// host's), one a line.
void printTargetCPUs(const DriverOptions &opts, llvm::raw_ostream &os);

class Backend {
public:
  Backend(const DriverOptions &opts, mlir::TimingScope &timing);
  ~Backend();

  /// Applies LLVM options (distc's and -mllvm) and creates the target
  /// machine for --target/-march/-mtune (default: the host's CPU). Fails
  /// with one sentence on a bad -mllvm option, an unknown target or CPU.
  mlir::LogicalResult initialize();

  /// The target machine modules are translated for (triple, data layout).
  const llvm::TargetMachine &targetMachine() const;

  /// The width of the target CPU's vector registers that the MLIR pipeline
  /// tiles for (PipelineOptions::vectorBits): 512 with AVX-512, 256 with
  /// AVX, 128 for older x86; 256 for other architectures.
  unsigned vectorRegisterBits() const;

  /// Optimizes `module` and writes it to `os` as `kind` (not Exe).
  mlir::LogicalResult emit(llvm::Module &module, EmitKind kind,
                           llvm::raw_ostream &os);

  /// Optimizes `module` and compiles it to one or more object files named
  /// `<stem>.o`, `<stem>.1.o`, ...; their paths are appended to `objects`.
  /// Several objects when the module is large enough that its partitions
  /// are worth compiling in parallel (see --jobs).
  mlir::LogicalResult emitObjects(std::unique_ptr<llvm::Module> module,
                                  llvm::StringRef stem,
                                  std::vector<std::string> &objects);

private:
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace distc

#endif // DISTC_DRIVER_DISTC_BACKEND_H
