//===- ParserHazards.h - Custom syntax upstream's parsers crash on -*- C++ -*-===//
//
// A few custom op parsers of upstream MLIR 22 use the result of an attribute
// parser without checking it. `linalg.reduce`, `linalg.broadcast` and
// `linalg.transpose` parse their `dimensions = [...]` / `permutation = [...]`
// with `DenseI64ArrayAttr::parse` and store what it returns: when the list is
// malformed (`dimensions = x`, `[0`, `[1.5]`, an integer beyond int64) the
// parser reports "expected '['" and then dereferences the null attribute
// (SIGSEGV in NamedAttrList::set, found by scripts/fuzz.sh). The attribute
// cannot be checked after parsing, so distc scans the text before the parser
// runs and answers such a list with a located error of its own.
//
// The scan follows MLIR's lexer as far as these ops need it: strings and `//`
// comments are skipped, and only the custom form is looked at (the bare op
// name, not the generic `"linalg.reduce"(...)`, whose attribute dictionary
// the parser checks properly).
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_FRONTEND_PARSERHAZARDS_H
#define DISTC_DRIVER_FRONTEND_PARSERHAZARDS_H

#include "mlir/Support/LLVM.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace distc {

/// Emits `file:line:col: error: ...` through `ctx`'s diagnostic handlers and
/// fails if the main buffer of `sourceMgr` has custom syntax that an upstream
/// parser would crash on instead of rejecting (see above).
mlir::LogicalResult checkParserHazards(llvm::SourceMgr &sourceMgr,
                                       mlir::MLIRContext *ctx);

} // namespace distc

#endif // DISTC_DRIVER_FRONTEND_PARSERHAZARDS_H
