//===- ScratchDirectory.cpp - The temporary directory of a link -----------===//

#include "ScratchDirectory.h"
#include "Diagnostics.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

#include <atomic>
#include <cstring>
#include <iterator>
#include <limits.h>

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

using namespace mlir;

namespace distc {

namespace {
/// The live directory, for the signal handlers: a fixed buffer, written
/// before `armed` is set and never while it is.
char livePath[PATH_MAX];
std::atomic<bool> armed{false};

/// The signals LLVM's handler treats as interrupts (it re-raises them
/// without running its crash callbacks).
constexpr int kInterruptSignals[] = {SIGHUP, SIGINT, SIGTERM, SIGUSR2};
struct sigaction previousActions[std::size(kInterruptSignals)];
/// Interrupt signals ignored when distc started (a background job of a
/// non-interactive shell ignores SIGINT): they stay ignored.
bool ignoredAtStart[std::size(kInterruptSignals)];

void onInterrupt(int sig) {
  removeScratchDirectoryNow();
  // Hand the signal on to the handler installed before ours (LLVM's, which
  // removes its own temporaries and then dies from the signal).
  for (size_t i = 0; i < std::size(kInterruptSignals); ++i)
    if (kInterruptSignals[i] == sig)
      sigaction(sig, &previousActions[i], nullptr);
  raise(sig);
}

void onCrash(void *) { removeScratchDirectoryNow(); }

/// Once per process, after LLVM's own handlers (InitLLVM installs them).
void installHandlers() {
  static bool installed = false;
  if (installed)
    return;
  installed = true;
  llvm::sys::AddSignalHandler(onCrash, nullptr);
  struct sigaction action = {};
  action.sa_handler = onInterrupt;
  // Deliver the re-raised signal right away, to the restored handler.
  action.sa_flags = SA_NODEFER;
  sigemptyset(&action.sa_mask);
  for (size_t i = 0; i < std::size(kInterruptSignals); ++i)
    if (!ignoredAtStart[i])
      sigaction(kInterruptSignals[i], &action, &previousActions[i]);
}
} // namespace

void noteIgnoredSignals() {
  for (size_t i = 0; i < std::size(kInterruptSignals); ++i) {
    struct sigaction current;
    ignoredAtStart[i] = sigaction(kInterruptSignals[i], nullptr, &current) == 0 &&
                        current.sa_handler == SIG_IGN;
  }
}

void keepIgnoredSignalsIgnored() {
  for (size_t i = 0; i < std::size(kInterruptSignals); ++i)
    if (ignoredAtStart[i])
      signal(kInterruptSignals[i], SIG_IGN);
}

void removeScratchDirectoryNow() {
  if (!armed.exchange(false))
    return;
  int dir = open(livePath, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    // Only files: distc writes nothing else there.
    alignas(struct dirent64) char buffer[4096];
    for (;;) {
      ssize_t n = getdents64(dir, buffer, sizeof(buffer));
      if (n <= 0)
        break;
      for (ssize_t offset = 0; offset < n;) {
        auto *entry = reinterpret_cast<struct dirent64 *>(buffer + offset);
        offset += entry->d_reclen;
        if (strcmp(entry->d_name, ".") && strcmp(entry->d_name, ".."))
          unlinkat(dir, entry->d_name, 0);
      }
    }
    close(dir);
  }
  rmdir(livePath);
}

LogicalResult ScratchDirectory::create() {
  installHandlers();
  llvm::SmallString<128> model;
  llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, model);
  llvm::sys::path::append(model, "distc-%%%%%%");
  // Armed before the directory exists: a signal between its creation and
  // the arming would leave it behind.
  for (int attempt = 0; attempt < 128; ++attempt) {
    llvm::sys::fs::createUniquePath(model, dirPath, /*MakeAbsolute=*/false);
    if (dirPath.size() >= sizeof(livePath))
      break;
    memcpy(livePath, dirPath.c_str(), dirPath.size() + 1);
    armed.store(true);
    std::error_code ec = llvm::sys::fs::create_directory(
        dirPath, /*IgnoreExisting=*/false, llvm::sys::fs::perms::owner_all);
    if (!ec)
      return success();
    armed.store(false);
    if (ec != std::errc::file_exists) {
      std::string reason = ec.message();
      dirPath.clear();
      return reportError("cannot create a temporary directory: " + reason);
    }
  }
  dirPath.clear();
  return reportError("cannot create a temporary directory in '" +
                     llvm::sys::path::parent_path(model) + "'");
}

ScratchDirectory::~ScratchDirectory() {
  if (dirPath.empty())
    return;
  armed.store(false);
  llvm::sys::fs::remove_directories(dirPath);
}

} // namespace distc
