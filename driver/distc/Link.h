//===- Link.h - Linking an executable with LLD, in process ---------*- C++ -*-===//
//
// distc links like a C compiler driver would, without being one: the link
// line is assembled from configure-time facts (DistcConfig.h: C start files,
// library directories, dynamic linker, MPI libraries) plus the IDTR runtime
// next to distc, and handed to LLD's ELF driver in this process.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_DISTC_LINK_H
#define DISTC_DRIVER_DISTC_LINK_H

#include "DriverOptions.h"

#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace mlir {
class TimingScope;
} // namespace mlir

namespace distc {

/// The IDTR runtime archive, relative to the directory of the distc
/// executable: `../lib/libidtr.a` in the build tree (build/bin, build/lib)
/// and after `cmake --install` (<prefix>/bin, <prefix>/<libdir>, see
/// DistcConfig.h). The first that exists, or the first candidate if none does.
std::string findRuntimeLibrary(const char *argv0);

/// The complete `ld.lld` argument list (argv[0] included) that links
/// `objects` (in order, `.o`/`.a`/`.so`) with the runtime, MPI and the C
/// runtime into the executable `output`.
std::vector<std::string> buildLinkLine(const DriverOptions &opts,
                                       llvm::ArrayRef<std::string> objects,
                                       llvm::StringRef runtimeLib,
                                       llvm::StringRef output);

/// Links with LLD in process. On failure prints one sentence per linker
/// error (`distc: error: link: ...`) and returns failure. May be called at
/// most once per process (LLD keeps global state).
mlir::LogicalResult linkExecutable(const DriverOptions &opts,
                                   llvm::ArrayRef<std::string> objects,
                                   llvm::StringRef runtimeLib,
                                   llvm::StringRef output,
                                   mlir::TimingScope &timing);

} // namespace distc

#endif // DISTC_DRIVER_DISTC_LINK_H
