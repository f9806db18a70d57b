//===- OutputFile.h - Outputs that never destroy inputs or half-write -*- C++ -*-===//
//
// Two promises about what distc writes:
//
//  * an output is never one of the invocation's inputs: `distc x.mlir -o
//    x.mlir`, a symlink or hard link to the source, or `-o a.o` with `a.o` as
//    a link input would destroy the source before (or while) it is read;
//  * an output appears whole or not at all: distc writes a regular file to a
//    temporary next to it and renames it into place only on success, so a
//    failed or interrupted compilation leaves the previous file (if any)
//    untouched. Special files (`/dev/null`, a FIFO, a terminal) are written in
//    place: renaming onto them would replace the device node.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_DISTC_OUTPUTFILE_H
#define DISTC_DRIVER_DISTC_OUTPUTFILE_H

#include "mlir/Support/LLVM.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace distc {

/// Whether `a` and `b` are the same file: the same path once made absolute
/// and normalized (for a file that does not exist yet), or the same device
/// and inode (through symlinks and hard links).
bool isSameFile(llvm::StringRef a, llvm::StringRef b);

/// Fails with `distc: error: output 'O' is also an input ...` when `output`
/// names one of `inputs`, by path or by identity (same device and inode, so
/// through symlinks and hard links too). "-" (stdin/stdout) never matches.
mlir::LogicalResult checkOutputIsNotInput(llvm::StringRef output,
                                          llvm::ArrayRef<std::string> inputs);

/// Whether `path` should be written through a temporary and a rename: it
/// does not exist yet or is a regular file (not "-" or a device).
bool writesThroughTemporary(llvm::StringRef path);

/// An output file of `--emit`/`-c`/`-S`. `-` is stdout.
class OutputFile {
public:
  /// Opens `path` for writing (through a temporary when
  /// writesThroughTemporary). Reports `distc: error: cannot write output
  /// ...` and returns null on failure.
  static std::unique_ptr<OutputFile> open(llvm::StringRef path);
  /// Removes the temporary unless commit succeeded.
  ~OutputFile();

  llvm::raw_ostream &os() { return *stream; }

  /// Flushes, checks for write errors (a full disk) and renames the
  /// temporary into place. Reports the error and discards the temporary on
  /// failure.
  mlir::LogicalResult commit();

private:
  OutputFile() = default;

  std::string path;
  std::string temp; ///< empty: written in place
  std::unique_ptr<llvm::raw_fd_ostream> stream;
};

/// The longest file name (one path component) distc makes: NAME_MAX of
/// Linux's file systems.
constexpr size_t kMaxFileNameBytes = 255;

/// A path for a temporary next to `path` (same directory, so a rename is
/// atomic), registered for removal if distc is interrupted or crashes.
/// Its file name is at most kMaxFileNameBytes - `reserve` bytes, however
/// long the name of `path` is. For outputs that another component creates
/// (LLD's executables, which LLD writes through a temporary of its own
/// named after them).
std::string reserveTemporaryNextTo(llvm::StringRef path, size_t reserve = 0);

} // namespace distc

#endif // DISTC_DRIVER_DISTC_OUTPUTFILE_H
