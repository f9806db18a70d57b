//===- DistIO.h - element formats of dist printing and files ----*- C++ -*-===//
//
// What dist.print and dist.save/dist.load need to know about an element
// type, shared by their verifiers (DistIOOps.cpp) and their lowering
// (passes/Conversion/DistToDistRuntime/IOLowering.cpp), so that whatever
// the verifier accepts the lowering can emit.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DIALECT_DIST_DISTIO_H
#define DISTC_DIALECT_DIST_DISTIO_H

#include "mlir/IR/Types.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::dist {

/// numpy's dtype string (the header's 'descr') for `elementType`: "<f8"
/// for f64, "|b1" for i1, ...; std::nullopt for a type .npy files cannot
/// hold in a form numpy reads (bf16, index, odd integer widths).
std::optional<llvm::StringRef> npyDescr(Type elementType);

/// The printf conversion with which the runtime prints one element of
/// `elementType` for dist.print's `precision` / `format` options (as the
/// runtime takes it: integers as long long, floats as double), or the
/// reason it is invalid in `error`. `format` is the user's text or empty,
/// `precision` negative if not given.
std::optional<std::string> elementPrintFormat(Type elementType,
                                              llvm::StringRef format,
                                              int64_t precision,
                                              std::string &error);

/// Whether the runtime's printer prints `value` for dist.print: with an
/// option (`formatted`), of complex elements, which vector.print has no
/// form for, or of f16/bf16 elements, whose shortest digits it prints.
bool printsThroughRuntime(Type value, bool formatted);

/// Whether a path (the default of a path parameter) fits the runtime's
/// parameter table: non-empty, no tab, newline or NUL.
bool isValidPathText(llvm::StringRef path);

} // namespace mlir::dist

#endif // DISTC_DIALECT_DIST_DISTIO_H
