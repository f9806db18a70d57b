//===- DebugInfo.h - DWARF for the user's .mlir source (-g) ------*- C++ -*-===//
//
// With -g or -gline-tables-only, the program's DWARF describes the `.mlir`
// file it was compiled from: every instruction keeps the file:line:col of
// the user's op it was lowered from, so that `gdb ./prog` breaks at
// `prog.mlir:12` and a backtrace names `.mlir` lines, at every -O level.
//
// MLIR's translation to LLVM IR already turns op locations into DILocations,
// but only inside functions that have a DISubprogram scope. Two steps give
// them one:
//
//   attachDebugInfoScopes   after the MLIR pipeline: one compile unit for
//                           the input (distc's producer, the -O level, the
//                           emission kind), then upstream's
//                           `ensure-debug-info-scope-on-llvm-func` gives each
//                           llvm.func a subprogram at its own location.
//   describeCMainWrapper    after translation: the C `main` that the
//                           pipeline adds around a `void` main
//                           (distc-wrap-void-main) is artificial; it gets a
//                           subprogram too, and its call a location, so the
//                           user's main keeps its lines once inlined into it.
//                           This one stays at the LLVM IR level: the LLVM
//                           dialect cannot say that a subprogram is
//                           artificial (DINode::FlagArtificial).
//
// Without -g neither step runs, and the IR is exactly what it was before.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_DISTC_DEBUGINFO_H
#define DISTC_DRIVER_DISTC_DEBUGINFO_H

#include "DriverOptions.h"

#include "mlir/Support/LLVM.h"

namespace llvm {
class Module;
} // namespace llvm

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace distc {

/// Gives the module a compile unit for `inputPath` and every defined
/// `llvm.func` a subprogram, for `kind` (not None). Functions that already
/// have one keep it. Calls without a file location get their function's
/// line, so that LLVM's verifier never sees an inlinable call without a
/// !dbg location. Fails only if the pass or the verifier fails.
mlir::LogicalResult attachDebugInfoScopes(mlir::ModuleOp module,
                                          DebugInfoKind kind,
                                          unsigned optLevel,
                                          llvm::StringRef inputPath);

/// Describes distc's C `main` wrapper (`main`, which calls the user's
/// renamed `void` main, mlir::distc::kUserMainName): an artificial
/// subprogram in the user's compile unit at the line of the user's main,
/// and the user's subprogram named `main` again. Does nothing when the
/// module has no wrapper or the user's main has no debug info.
void describeCMainWrapper(llvm::Module &module);

/// Module flags that the translation does not set: the DWARF version (5,
/// as clang on Linux). Does nothing for a module without debug info.
void setDebugInfoModuleFlags(llvm::Module &module);

} // namespace distc

#endif // DISTC_DRIVER_DISTC_DEBUGINFO_H
