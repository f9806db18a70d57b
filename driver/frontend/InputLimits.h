//===- InputLimits.h - Inputs distc refuses before they can crash it ------===//
//
// Checks on the input, part of distc's front end (FrontEnd.h), which distc
// and the fuzzer (fuzz/distc-fuzz.cpp) share:
//
// Size. `distc /dev/zero` would read until memory runs out: inputs are read
// up to a documented bound (kMaxInputBytes) and refused beyond it.
//
// Nesting. MLIR's parser is recursive descent without a depth limit: a few
// thousand nested regions or types (`tensor<tensor<...>>`, `{{{...}}}`), a
// chain of aliases that each wrap the previous one (`#a1 = [#a0]`), 8 KB of
// unary minus or a 200,000-term sum in an affine map exhaust the stack and
// the compiler dies from SIGSEGV. distc scans the input before parsing and
// answers too deep an input with a located error instead.
//
// Sizes. MLIR accepts any static shape, e.g. tensor<4611686018427387904x4xf64>,
// but an element or byte count beyond int64 wraps in the size computations
// of bufferization and the LLVM lowering: the program would allocate a few
// bytes and write far beyond them. Such types are refused after parsing.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_FRONTEND_INPUTLIMITS_H
#define DISTC_DRIVER_FRONTEND_INPUTLIMITS_H

#include "mlir/Support/LLVM.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdint>
#include <memory>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
class ModuleOp;
} // namespace mlir

namespace distc {

/// Largest input distc reads: far above any real program (the largest
/// test input is a few MiB), and small enough that parsing it cannot
/// exhaust the memory of a build machine.
constexpr uint64_t kMaxInputBytes = uint64_t(256) << 20;

/// Reads `path` ("-" = stdin) into a NUL-terminated buffer. Fails with a
/// one-sentence reason when it cannot be read or holds more than
/// `maxBytes`; a pipe or device (`/dev/zero`) is read only up to that bound.
llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>>
readInputFile(llvm::StringRef path, uint64_t maxBytes = kMaxInputBytes);

/// Deepest nesting distc accepts: of brackets ( ( [ { < ), counting the
/// brackets inside the attribute and type aliases a use refers to. Real
/// programs stay far below; the parser needs a few KiB of stack per level
/// (more under ASan).
constexpr unsigned kMaxNestingDepth = 256;

/// Most operators in one expression (within one bracket level, between
/// separators such as `,` `:` `=` `->` `>=`): `+`, `-` (binary or unary),
/// `*`, `mod`, `floordiv`, `ceildiv`. MLIR's affine expression parser
/// recurses once per operator, and the expression it builds is a chain as
/// deep as its operators that the affine simplifications, walkers and the
/// printer all recurse over.
constexpr unsigned kMaxExpressionOperators = 256;

/// The stack of the thread distc runs on (main.cpp), instead of whatever
/// `ulimit -s` gives the main thread (8 MiB by default). The limits above
/// bound the recursion of any input to kMaxNestingDepth levels of
/// kMaxExpressionOperators each, 64 Ki levels: at the ~1 KiB per level that
/// the parser's deepest recursion (unary minus in an affine expression)
/// takes, 64 MiB, a quarter of this. Only the pages used are allocated.
constexpr unsigned kDriverStackBytes = 256u << 20;

/// Emits `file:line:col: error: ...` through `ctx`'s diagnostic handlers and
/// fails if the main buffer of `sourceMgr` nests deeper than `maxDepth`
/// (brackets and aliases) or has an expression with more than
/// `maxOperators` operators. Strings and `//` comments are skipped; `->`,
/// `>=` and `==` are not brackets.
mlir::LogicalResult
checkNestingDepth(llvm::SourceMgr &sourceMgr, mlir::MLIRContext *ctx,
                  unsigned maxDepth = kMaxNestingDepth,
                  unsigned maxOperators = kMaxExpressionOperators);

/// Emits a located error and fails if a value or block argument in `module`
/// has a shaped type whose static dimensions hold more elements, or more
/// bytes, than fit in int64.
mlir::LogicalResult checkStaticSizes(mlir::ModuleOp module);

} // namespace distc

#endif // DISTC_DRIVER_FRONTEND_INPUTLIMITS_H
