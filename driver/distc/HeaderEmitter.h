//===- HeaderEmitter.h - C prototypes of distc-compiled functions -*- C++ -*-===//
//
// `--emit=header`: a C header declaring every public function of a module
// with the ABI distc compiles it to, so that C or C++ code (an `mpicc`
// program's main) can call it. The prototypes are written from the
// function types the user wrote (names and comments say which argument is
// what) and checked against the lowered `llvm.func`, parameter by
// parameter: a header that disagrees with the object is never written.
// The ABI itself is documented in docs/driver.md, "Calling distc functions
// from C".
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_DISTC_HEADEREMITTER_H
#define DISTC_DRIVER_DISTC_HEADEREMITTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace distc {

/// One public function as the user wrote it, before the pipeline.
struct HeaderFunction {
  std::string name;
  mlir::FunctionType type;
  mlir::Location loc;
};

/// The public function definitions of `module` (not `main`), in order.
std::vector<HeaderFunction> collectHeaderFunctions(mlir::ModuleOp module);

/// Writes the header for `functions` to `os`; `lowered` is the module after
/// the pipeline (LLVM dialect), whose `llvm.func`s the prototypes are
/// checked against. `inputName` names the source in the header's comment
/// and include guard. Fails with a located error for a type that has no C
/// form (a tensor result, an unranked memref, a complex element).
mlir::LogicalResult emitHeader(mlir::ModuleOp lowered,
                               llvm::ArrayRef<HeaderFunction> functions,
                               llvm::StringRef inputName,
                               llvm::raw_ostream &os);

} // namespace distc

#endif // DISTC_DRIVER_DISTC_HEADEREMITTER_H
