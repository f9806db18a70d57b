//===- LinkerOutputs.h - Files linker arguments make LLD write -*- C++ -*-===//
//
// `-Wl,` and `-Xlinker` pass arguments to LLD as they are, and some of them
// name files that LLD writes: `--Map=FILE`, `--reproduce=FILE`,
// `--dependency-file=FILE`, ... Those are outputs of the invocation as much
// as distc's own -o, and the same promise holds for them: no input (an
// `.mlir` source, an object or archive of the link, a file a linker
// argument reads) is ever overwritten. The executable itself is distc's to
// write (it links to a temporary and renames it into place), so a linker
// argument that sets LLD's output (`-Wl,-o,FILE`, `--output=FILE`) is
// refused outright: distc's -o names the executable.
//
// LLD reads `@FILE` response files among its arguments, which could hide
// any of these: the linker arguments are expanded here, as LLD would, and
// the expanded list is what goes on the link line.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_DISTC_LINKEROUTPUTS_H
#define DISTC_DRIVER_DISTC_LINKEROUTPUTS_H

#include "DriverOptions.h"

#include "mlir/Support/LLVM.h"

#include <string>
#include <vector>

namespace distc {

/// A file that one linker argument makes LLD write.
struct LinkerOutput {
  std::string option; ///< the option as written, e.g. `--Map`
  std::string path;
};

/// What LLD reads and writes by the linker arguments `args` (each as LLD
/// sees it: `-Wl,A,B` is `A`, `B`). `outputs` gets the files written
/// (stdout, `-`, is not one), `inputs` the files read: positional
/// arguments (objects, archives) and the values of the options that read a
/// file (`-T`, `--version-script`, ...). Fails with a located-by-option
/// error when an argument sets LLD's own output (`-o`, `--output`).
mlir::LogicalResult classifyLinkerArguments(llvm::ArrayRef<std::string> args,
                                            std::vector<LinkerOutput> &outputs,
                                            std::vector<std::string> &inputs);

/// Expands `@FILE` response files among `opts.linkerArgs` in place (as LLD
/// would, GNU quoting), each expansion keeping the place of its `@FILE`.
/// Fails (reported) when a response file cannot be read.
mlir::LogicalResult expandLinkerResponseFiles(DriverOptions &opts);

/// Checks every file the linker arguments of `opts` make LLD write against
/// the invocation's inputs (`opts.inputs`, the files linker arguments read
/// and the runtime library `runtimeLib`) and against the executable
/// `executable`: none may be one of them (by path or identity, as
/// checkOutputIsNotInput). Reports the first clash and fails.
mlir::LogicalResult checkLinkerOutputs(const DriverOptions &opts,
                                       llvm::StringRef executable,
                                       llvm::StringRef runtimeLib);

} // namespace distc

#endif // DISTC_DRIVER_DISTC_LINKEROUTPUTS_H
