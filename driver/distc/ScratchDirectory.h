//===- ScratchDirectory.h - The temporary directory of a link ----*- C++ -*-===//
//
// To link an executable, distc writes every MLIR input's objects into a
// fresh `$TMPDIR/distc-XXXXXX` directory. It must not outlive distc on any
// way out that can still run code:
//
//  * a normal return, success or failure: the destructor;
//  * SIGINT, SIGTERM, SIGHUP (and SIGUSR2, which LLVM treats alike): distc's
//    own handler empties and removes the directory, then hands the signal on
//    to LLVM's handler (which removes the other temporaries registered with
//    llvm::sys::RemoveFileOnSignal) and dies from the signal as before;
//  * a crash (SIGSEGV, SIGBUS, SIGABRT, ...): a callback of LLVM's crash
//    handler (llvm::sys::AddSignalHandler), after its stack dump;
//  * an LLVM fatal error or running out of memory: FatalErrors.cpp calls
//    removeScratchDirectoryNow before exiting.
//
// Only SIGKILL (and a power cut) leave it behind. The removal in a signal
// handler uses async-signal-safe system calls only (open, getdents64,
// unlinkat, rmdir) on a path stored before any handler can run.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_DISTC_SCRATCHDIRECTORY_H
#define DISTC_DRIVER_DISTC_SCRATCHDIRECTORY_H

#include "mlir/Support/LLVM.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"

namespace distc {

/// At most one exists at a time (distc links once per invocation).
class ScratchDirectory {
public:
  ScratchDirectory() = default;
  ScratchDirectory(const ScratchDirectory &) = delete;
  ScratchDirectory &operator=(const ScratchDirectory &) = delete;
  /// Removes the directory and everything in it.
  ~ScratchDirectory();

  /// Creates `$TMPDIR/distc-XXXXXX` and arms the removal on signals.
  /// Reports `distc: error: cannot create a temporary directory: ...`.
  mlir::LogicalResult create();

  llvm::StringRef path() const { return dirPath; }

private:
  llvm::SmallString<128> dirPath;
};

/// Records which interrupt signals the process was started with ignored (a
/// background job of a non-interactive shell ignores SIGINT), so that they
/// stay ignored. Call first thing in main, before LLVM installs its
/// handlers.
void noteIgnoredSignals();

/// Ignores again what noteIgnoredSignals found ignored. Call right after
/// llvm::InitLLVM: LLVM's handler catches every interrupt signal, removes
/// the files registered with RemoveFileOnSignal and then re-raises the
/// signal, which, ignored, would let distc go on without its temporaries.
void keepIgnoredSignalsIgnored();

/// Removes the live scratch directory, if any, and the files in it, with
/// async-signal-safe calls only. Safe to call from any thread, from a signal
/// handler, and more than once.
void removeScratchDirectoryNow();

} // namespace distc

#endif // DISTC_DRIVER_DISTC_SCRATCHDIRECTORY_H
