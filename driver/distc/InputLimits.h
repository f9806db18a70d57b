//===- InputLimits.h - Inputs distc refuses before they can crash it ------===//
//
// Two checks on the input, shared by distc and the fuzzer
// (fuzz/distc-fuzz.cpp):
//
// Nesting. MLIR's parser is recursive descent without a depth limit: a few thousand
// nested regions or types (`tensor<tensor<...>>`, `{{{...}}}`) exhaust the
// stack and the compiler dies from SIGSEGV. distc scans the input before
// parsing and answers too deep an input with a located error instead.
//
// Sizes. MLIR accepts any static shape, e.g. tensor<4611686018427387904x4xf64>,
// but an element or byte count beyond int64 wraps in the size computations
// of bufferization and the LLVM lowering: the program would allocate a few
// bytes and write far beyond them. Such types are refused after parsing.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_INPUTLIMITS_H
#define DISTC_DRIVER_INPUTLIMITS_H

#include "mlir/Support/LLVM.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
class ModuleOp;
} // namespace mlir

namespace distc {

/// Deepest bracket nesting ( ( [ { < ) distc accepts. Real programs stay far
/// below; the parser needs a few KiB of stack per level (more under ASan).
constexpr unsigned kMaxNestingDepth = 256;

/// Emits `file:line:col: error: ...` through `ctx`'s diagnostic handlers and
/// fails if the main buffer of `sourceMgr` nests brackets deeper than
/// `maxDepth`. Strings and `//` comments are skipped; `->` is not a bracket.
mlir::LogicalResult checkNestingDepth(llvm::SourceMgr &sourceMgr,
                                      mlir::MLIRContext *ctx,
                                      unsigned maxDepth = kMaxNestingDepth);

/// Emits a located error and fails if a value or block argument in `module`
/// has a shaped type whose static dimensions hold more elements, or more
/// bytes, than fit in int64.
mlir::LogicalResult checkStaticSizes(mlir::ModuleOp module);

} // namespace distc

#endif // DISTC_DRIVER_INPUTLIMITS_H
