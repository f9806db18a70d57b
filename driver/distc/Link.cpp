//===- Link.cpp - Linking an executable with LLD, in process --------------===//

#include "Link.h"
#include "Diagnostics.h"
#include "OutputFile.h"

#include "DistcConfig.h"

#include "mlir/Support/Timing.h"

#include "lld/Common/Driver.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <csignal>

// distc only ever links ELF executables.
LLD_HAS_DRIVER(elf)

using namespace mlir;

namespace distc {

std::string findRuntimeLibrary(const char *argv0) {
  // The executable's real location (/proc/self/exe: symbolic links to distc
  // resolved), never a configure-time path, so that a moved install prefix
  // keeps working.
  static int anchor;
  std::string exe = llvm::sys::fs::getMainExecutable(argv0, &anchor);
  llvm::StringRef dir = llvm::sys::path::parent_path(exe);
  std::string first;
  for (const char *rel : config::kRuntimeLibRelPaths) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, rel);
    llvm::sys::path::remove_dots(path, /*remove_dot_dot=*/true);
    if (llvm::sys::fs::exists(path))
      return std::string(path);
    if (first.empty())
      first = std::string(path);
  }
  // None there: the first candidate names the problem in the link error.
  return first;
}

/// Appends a configure-time list, skipping the `nullptr` that stands for an
/// empty list in DistcConfig.h.
template <size_t N>
static void appendAll(std::vector<std::string> &args,
                      const char *const (&items)[N], llvm::StringRef prefix = "") {
  for (const char *item : items)
    if (item)
      args.push_back((prefix + item).str());
}

std::vector<std::string> buildLinkLine(const DriverOptions &opts,
                                       llvm::ArrayRef<std::string> objects,
                                       llvm::StringRef runtimeLib,
                                       llvm::StringRef output) {
  // The shape of what `clang -fuse-ld=lld` passes on this system, see
  // docs/driver.md.
  std::vector<std::string> args = {
      "ld.lld",         "--hash-style=gnu", "--build-id", "--eh-frame-hdr",
      "-m",             config::kEmulation, "-pie",       "-dynamic-linker",
      config::kDynamicLinker, "-o",        output.str(),
      // One program object and a few archives: starting LLD's worker
      // threads costs more than they save (~10 ms per link here).
      "--threads=1"};
  appendAll(args, config::kStartFiles);
  // User directories first, so -l finds the user's libraries before the
  // system's, as with any C compiler.
  for (const std::string &dir : opts.libDirs)
    args.push_back("-L" + dir);
  appendAll(args, config::kSystemLibDirs, "-L");
  args.insert(args.end(), objects.begin(), objects.end());
  for (const std::string &lib : opts.libs)
    args.push_back("-l" + lib);
  // The runtime after everything that calls it; MPI and the C++ runtime
  // (the runtime is C++ inside) after the runtime.
  args.push_back(runtimeLib.str());
  appendAll(args, config::kMPILinkFlags);
  appendAll(args, config::kMPILibs);
  for (const char *dir : config::kMPILibDirs)
    if (dir) {
      args.push_back("-rpath");
      args.push_back(dir);
    }
  for (const char *tail : {"-lstdc++", "-lm", "-lgcc", "--as-needed", "-lgcc_s",
                           "--no-as-needed", "-lc", "-lgcc", "--as-needed",
                           "-lgcc_s", "--no-as-needed"})
    args.push_back(tail);
  appendAll(args, config::kEndFiles);
  return args;
}

/// Re-reports LLD's messages as distc's: `ld.lld: error: X` becomes
/// `distc: error: link: X`; LLD's `>>>` context lines are kept as they are.
/// LLD knows the output by its temporary name `linkTo`; the user by
/// `output`.
static void reportLinkerOutput(llvm::StringRef text, llvm::StringRef linkTo,
                               llvm::StringRef output) {
  llvm::SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
  for (llvm::StringRef original : lines) {
    std::string renamed = original.str();
    for (size_t pos = 0; linkTo != output &&
                         (pos = renamed.find(linkTo.str(), pos)) != std::string::npos;
         pos += output.size())
      renamed.replace(pos, linkTo.size(), output.str());
    llvm::StringRef line = renamed;
    llvm::StringRef rest = line;
    if (rest.consume_front("ld.lld: error: "))
      (void)reportError("link: " + rest);
    else if (rest.consume_front("ld.lld: warning: "))
      reportWarning("link: " + rest);
    else
      llvm::errs() << line << "\n";
  }
}

/// What llvm::FileOutputBuffer appends to the name of the file it writes
/// for the name of its temporary: `.tmp%%%%%%%`.
static constexpr size_t kLLDTemporarySuffixBytes = 11;

/// Removes every file next to `path` whose name starts with its name:
/// `path` itself and the temporaries LLD made from it.
static void removeFilesStartingWith(llvm::StringRef path) {
  llvm::StringRef dir = llvm::sys::path::parent_path(path);
  llvm::StringRef name = llvm::sys::path::filename(path);
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(dir.empty() ? "." : dir, ec), end;
       !ec && it != end; it.increment(ec))
    if (llvm::sys::path::filename(it->path()).starts_with(name)) {
      llvm::sys::fs::remove(it->path());
      llvm::sys::DontRemoveFileOnSignal(it->path());
    }
}

LogicalResult linkExecutable(const DriverOptions &opts,
                             llvm::ArrayRef<std::string> objects,
                             llvm::StringRef runtimeLib, llvm::StringRef output,
                             TimingScope &timing) {
  if (!llvm::sys::fs::exists(runtimeLib))
    return reportError("cannot find the IDTR runtime library '" + runtimeLib +
                       "' (build the 'idtr' target, or install distc)");
  // LLD writes a temporary next to its output and renames it; it names it
  // after its output, so linking to a unique name of distc's own tells
  // which temporaries are LLD's when a crash leaves one behind (below).
  // LLD's temporary is its output's name plus `.tmp` and 7 random
  // characters (llvm::FileOutputBuffer): distc's name leaves room for them.
  std::string linkTo =
      writesThroughTemporary(output)
          ? reserveTemporaryNextTo(output, kLLDTemporarySuffixBytes)
          : output.str();
  llvm::scope_exit removeTemporaries([&] {
    if (linkTo != output) {
      removeFilesStartingWith(linkTo);
      llvm::sys::DontRemoveFileOnSignal(linkTo);
    }
  });
  std::vector<std::string> args =
      buildLinkLine(opts, objects, runtimeLib, linkTo);
  if (opts.verbose) {
    llvm::errs() << "distc: link:";
    for (const std::string &arg : args)
      llvm::errs() << " " << arg;
    llvm::errs() << "\n";
  }
  std::vector<const char *> argv;
  for (const std::string &arg : args)
    argv.push_back(arg.c_str());

  TimingScope scope = timing.nest("Link");
  std::string diagnostics;
  llvm::raw_string_ostream diagStream(diagnostics);
  // LLD writes the executable through a mapping of a sparse temporary
  // file: on a full file system, a store into it raises SIGBUS. lldMain
  // runs LLD in a CrashRecoveryContext for in-process use; enabled, the
  // context catches such a signal and lldMain returns 128 + its number.
  llvm::CrashRecoveryContext::Enable();
  lld::Result result = lld::lldMain(argv, llvm::outs(), diagStream,
                                    {{lld::Gnu, &lld::elf::link}});
  llvm::CrashRecoveryContext::Disable();
  diagStream.flush();
  reportLinkerOutput(diagnostics, linkTo, output);
  if (!result.canRunAgain && result.retCode > 128) {
    int signal = result.retCode - 128;
    if (signal == SIGBUS)
      return reportError("cannot write output '" + output +
                         "': no space left on its file system (the linker "
                         "could not write the mapped file)");
    return reportError("linking '" + output + "' failed: the linker crashed "
                       "(signal " + llvm::Twine(signal) + ")");
  }
  if (result.retCode != 0) {
    if (diagnostics.empty())
      return reportError("linking '" + output + "' failed");
    return failure();
  }
  if (linkTo != output)
    if (std::error_code ec = llvm::sys::fs::rename(linkTo, output))
      return reportError("cannot write output '" + output +
                         "': " + ec.message());
  return success();
}

} // namespace distc
