//===- FatalErrors.cpp - LLVM's fatal errors as distc errors --------------===//

#include "FatalErrors.h"
#include "ScratchDirectory.h"

#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Signals.h"

#include <cstring>

#include <unistd.h>

namespace distc {

/// write(2) only: the handlers may run when allocating is impossible, or
/// while llvm::errs() itself is what failed.
static void writeStderr(const char *text) {
  size_t length = strlen(text);
  while (length > 0) {
    ssize_t written = ::write(STDERR_FILENO, text, length);
    if (written <= 0)
      return;
    text += written;
    length -= static_cast<size_t>(written);
  }
}

/// Removes every temporary and ends the process without running the
/// destructors of global objects (LLVM's state is not consistent anymore).
[[noreturn]] static void cleanUpAndExit() {
  // The files registered with RemoveFileOnSignal: outputs' temporaries.
  llvm::sys::RunInterruptHandlers();
  removeScratchDirectoryNow();
  _exit(1);
}

static void onFatalError(void *, const char *reason, bool) {
  writeStderr("distc: error: ");
  writeStderr(reason);
  writeStderr("\n");
  cleanUpAndExit();
}

static void onBadAlloc(void *, const char *, bool) {
  writeStderr("distc: error: out of memory\n");
  cleanUpAndExit();
}

void installFatalErrorHandlers() {
  llvm::install_fatal_error_handler(onFatalError);
  llvm::install_bad_alloc_error_handler(onBadAlloc);
  // A failing `operator new` (LLVM is built without exceptions) calls
  // report_bad_alloc_error, hence onBadAlloc, instead of std::terminate.
  llvm::install_out_of_memory_new_handler();
}

} // namespace distc
