//===- FatalErrors.h - LLVM's fatal errors as distc errors --------*- C++ -*-===//
//
// LLVM reports some problems it cannot recover from with report_fatal_error
// (e.g. an inline-asm template the assembler rejects, a write error on a
// stream it owns) and failed allocations with report_bad_alloc_error; by
// default both end in abort(), i.e. a signal and a "PLEASE submit a bug
// report" stack dump. distc installs handlers that print one sentence,
//
//   distc: error: <LLVM's reason>
//   distc: error: out of memory
//
// remove the temporaries (ScratchDirectory.h, files registered with
// llvm::sys::RemoveFileOnSignal) and exit with status 1.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_DISTC_FATALERRORS_H
#define DISTC_DRIVER_DISTC_FATALERRORS_H

namespace distc {

/// Installs the fatal-error, bad-alloc and `operator new` failure handlers.
/// Once, at the start of main.
void installFatalErrorHandlers();

} // namespace distc

#endif // DISTC_DRIVER_DISTC_FATALERRORS_H
