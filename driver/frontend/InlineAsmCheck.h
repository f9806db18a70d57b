//===- InlineAsmCheck.h - llvm.inline_asm that LLVM would crash on -*- C++ -*-===//
//
// LLVM checks an inline-asm call's constraint string against its type only
// in an assertion (llvm::InlineAsm::get); LLVM here is built without
// assertions, so `llvm.inline_asm` with constraints that do not match its
// operands and result translated into an invalid call and crashed code
// generation (SIGSEGV). distc verifies every constraint string with
// llvm::InlineAsm::verify before translation, and reports a located error.
//
// An assembly template that refers to an operand that does not exist
// (`$5` with two operands) is an LLVM fatal error during code generation
// (abort() by default): it is a located error here too. Instructions the
// assembler rejects are reported when the object is written
// (routeLLVMDiagnostics, Diagnostics.h); anything else LLVM finds fatal
// becomes `distc: error: ...` (FatalErrors.h).
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_FRONTEND_INLINEASMCHECK_H
#define DISTC_DRIVER_FRONTEND_INLINEASMCHECK_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace distc {

/// Emits a located error at every `llvm.inline_asm` in `module` whose
/// constraints do not fit its operands and result (with LLVM's reason), or
/// whose template names an operand it does not have, and fails.
mlir::LogicalResult checkInlineAsm(mlir::ModuleOp module);

} // namespace distc

#endif // DISTC_DRIVER_FRONTEND_INLINEASMCHECK_H
