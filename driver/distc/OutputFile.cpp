//===- OutputFile.cpp - Outputs that never destroy inputs or half-write ---===//

#include "OutputFile.h"
#include "Diagnostics.h"

#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"

using namespace mlir;

namespace distc {

bool isSameFile(llvm::StringRef a, llvm::StringRef b) {
  llvm::SmallString<256> absA(a), absB(b);
  if (!llvm::sys::fs::make_absolute(absA) &&
      !llvm::sys::fs::make_absolute(absB)) {
    llvm::sys::path::remove_dots(absA, /*remove_dot_dot=*/true);
    llvm::sys::path::remove_dots(absB, /*remove_dot_dot=*/true);
    if (absA == absB)
      return true;
  }
  bool equivalent = false;
  // Fails when either does not exist: then they are not the same file.
  return !llvm::sys::fs::equivalent(a, b, equivalent) && equivalent;
}

LogicalResult checkOutputIsNotInput(llvm::StringRef output,
                                    llvm::ArrayRef<std::string> inputs) {
  if (output == "-")
    return success();
  for (const std::string &input : inputs)
    if (input != "-" && isSameFile(output, input))
      return reportError("output '" + output + "' is also an input" +
                         (output == input ? llvm::Twine("")
                                          : " ('" + input + "')") +
                         ": distc does not overwrite its inputs");
  return success();
}

bool writesThroughTemporary(llvm::StringRef path) {
  if (path == "-")
    return false;
  llvm::sys::fs::file_status status;
  if (llvm::sys::fs::status(path, status))
    return true; // does not exist yet (or cannot be read: the open says why)
  return llvm::sys::fs::is_regular_file(status);
}

/// `<dir>/<name>.tmp-XXXXXXXX`: in the output's directory, so that the
/// final rename does not cross file systems. A name near NAME_MAX leaves no
/// room for the suffix: then the name is shortened (as clang shortens its
/// temporaries), which the random part keeps unique; `reserve` bytes are
/// left for what another component appends to the temporary's name.
static std::string temporaryModel(llvm::StringRef path, size_t reserve) {
  static constexpr llvm::StringLiteral kSuffix = ".tmp-%%%%%%%%";
  llvm::StringRef dir = llvm::sys::path::parent_path(path);
  llvm::StringRef name = llvm::sys::path::filename(path);
  size_t room = kMaxFileNameBytes - kSuffix.size() - reserve;
  if (name.size() <= room)
    return (path + kSuffix).str();
  llvm::SmallString<256> model(dir);
  llvm::sys::path::append(model, name.take_front(room) + kSuffix);
  return std::string(model);
}

std::unique_ptr<OutputFile> OutputFile::open(llvm::StringRef path) {
  std::unique_ptr<OutputFile> file(new OutputFile());
  file->path = path.str();
  if (!writesThroughTemporary(path)) {
    std::error_code ec;
    file->stream = std::make_unique<llvm::raw_fd_ostream>(
        path, ec, llvm::sys::fs::OF_None);
    if (ec) {
      file->stream->clear_error();
      (void)reportError("cannot write output '" + path + "': " + ec.message());
      return nullptr;
    }
    return file;
  }
  // Not llvm::sys::fs::TempFile: it registers its file for removal on a
  // signal only after creating it, and a SIGINT in between left the
  // temporary behind. The name is registered first here, then created
  // exclusively.
  for (int attempt = 0; attempt < 128; ++attempt) {
    file->temp = reserveTemporaryNextTo(path);
    int fd = -1;
    std::error_code ec = llvm::sys::fs::openFileForWrite(
        file->temp, fd, llvm::sys::fs::CD_CreateNew, llvm::sys::fs::OF_None);
    if (!ec) {
      file->stream = std::make_unique<llvm::raw_fd_ostream>(
          fd, /*shouldClose=*/true);
      return file;
    }
    llvm::sys::DontRemoveFileOnSignal(file->temp);
    file->temp.clear();
    if (ec != std::errc::file_exists) {
      (void)reportError("cannot write output '" + path + "': " + ec.message());
      return nullptr;
    }
  }
  (void)reportError("cannot write output '" + path +
                    "': no unused temporary name next to it");
  return nullptr;
}

OutputFile::~OutputFile() {
  if (stream) {
    // A stream destroyed with a pending error is a fatal error in LLVM.
    stream->clear_error();
    stream.reset();
  }
  if (!temp.empty()) {
    llvm::sys::fs::remove(temp);
    llvm::sys::DontRemoveFileOnSignal(temp);
  }
}

LogicalResult OutputFile::commit() {
  stream->flush();
  if (stream->has_error()) {
    std::string msg = stream->error().message();
    stream->clear_error();
    return reportError("cannot write output '" + path + "': " + msg);
  }
  stream->close();
  if (stream->has_error()) {
    std::string msg = stream->error().message();
    stream->clear_error();
    return reportError("cannot write output '" + path + "': " + msg);
  }
  stream.reset();
  if (temp.empty())
    return success();
  if (std::error_code ec = llvm::sys::fs::rename(temp, path))
    return reportError("cannot write output '" + path + "': " + ec.message());
  llvm::sys::DontRemoveFileOnSignal(temp);
  temp.clear();
  return success();
}

std::string reserveTemporaryNextTo(llvm::StringRef path, size_t reserve) {
  llvm::SmallString<256> unique;
  llvm::sys::fs::createUniquePath(temporaryModel(path, reserve), unique,
                                  /*MakeAbsolute=*/false);
  llvm::sys::RemoveFileOnSignal(unique);
  return std::string(unique);
}

} // namespace distc
