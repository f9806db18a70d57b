//===- Diagnostics.h - How distc reports problems ------------------*- C++ -*-===//
//
// Two kinds of problems, two channels:
//  * problems in a source file go through MLIR's diagnostic engine with a
//    SourceMgrDiagnosticHandler, so they print `file:line:col: error: ...`
//    followed by the source line and a caret, exactly as mlir-opt does;
//  * problems with the invocation itself (missing input, bad option, link
//    failure) are one sentence: `distc: error: <sentence>`.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_DISTC_DIAGNOSTICS_H
#define DISTC_DRIVER_DISTC_DIAGNOSTICS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace llvm {
class LLVMContext;
} // namespace llvm

namespace distc {

/// Prints `distc: error: <msg>` to stderr and returns failure, so callers can
/// write `return reportError("...")`.
mlir::LogicalResult reportError(const llvm::Twine &msg);

/// Prints `distc: warning: <msg>` to stderr.
void reportWarning(const llvm::Twine &msg);

/// For -v: prints `distc: <msg>` to stderr when `verbose` is set.
void reportStep(bool verbose, const llvm::Twine &msg);

/// Turns an llvm::Error into `distc: error: <context>: <message>`.
mlir::LogicalResult reportError(const llvm::Twine &context, llvm::Error err);

/// Routes the diagnostics of `context` (LLVM's optimizer and code
/// generator, e.g. the assembler's errors in inline assembly) through
/// distc's channel: `distc: error: <msg>` / `distc: warning: <msg>`; remarks
/// are dropped. Without it, LLVM prints `error: <msg>` and calls exit(1)
/// from inside code generation, skipping distc's clean-up.
void routeLLVMDiagnostics(llvm::LLVMContext &context);

/// Whether `context` reported an error since routeLLVMDiagnostics.
bool hasLLVMErrors(const llvm::LLVMContext &context);

} // namespace distc

#endif // DISTC_DRIVER_DISTC_DIAGNOSTICS_H
