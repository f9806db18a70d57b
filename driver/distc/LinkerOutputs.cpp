//===- LinkerOutputs.cpp - Files that linker arguments make LLD write -----===//

#include "LinkerOutputs.h"
#include "Diagnostics.h"
#include "OutputFile.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/StringSaver.h"

using namespace mlir;

namespace distc {

/// LLD's long options that name a file it writes. LLD takes each with one
/// dash or two, its value joined (`--Map=F`) and, for some, as the next
/// argument (`--Map F`).
struct OutputOption {
  llvm::StringLiteral name;
  bool separateValue;
};
static constexpr OutputOption kOutputOptions[] = {
    {"Map", true},
    {"reproduce", true},
    {"dependency-file", true},
    {"opt-remarks-filename", true},
    {"why-extract", false},
    {"print-archive-stats", false},
    {"print-symbol-order", false},
    {"time-trace-file", false},
    {"lto-obj-path", false},
    {"thinlto-index-only", false},
};

/// What `-plugin-opt=` (and `--plugin-opt `) carries that names an output.
static constexpr llvm::StringLiteral kPluginOutputOptions[] = {
    "obj-path=",
    "opt-remarks-filename=",
    "thinlto-index-only=",
};

/// LLD's long options that read a file, in their joined form; their
/// separate form leaves the file as the next, positional, argument.
static constexpr llvm::StringLiteral kInputOptions[] = {
    "script=",
    "version-script=",
    "dynamic-list=",
    "just-symbols=",
    "retain-symbols-file=",
    "symbol-ordering-file=",
    "call-graph-ordering-file=",
    "remap-inputs-file=",
    "export-dynamic-symbol-list=",
    "lto-sample-profile=",
    "plugin=",
};

/// LLD's long options that start with `o` and so are not `-o<file>`.
static constexpr llvm::StringLiteral kLongOptionsStartingWithO[] = {
    "omagic",          "oformat", "opt-remarks", "optimize-bb-jumps",
    "orphan-handling", "output",
};

/// `-Ttext=`, `-Tbss`, ... are addresses, not `-T<script>`.
static bool isSectionAddressOption(llvm::StringRef afterT) {
  return afterT.starts_with("text") || afterT.starts_with("data") ||
         afterT.starts_with("bss");
}

LogicalResult classifyLinkerArguments(llvm::ArrayRef<std::string> args,
                                      std::vector<LinkerOutput> &outputs,
                                      std::vector<std::string> &inputs) {
  auto addOutput = [&](llvm::StringRef option, llvm::StringRef path) {
    // `-` is stdout for the options that allow it.
    if (!path.empty() && path != "-")
      outputs.push_back({option.str(), path.str()});
  };
  for (size_t i = 0; i < args.size(); ++i) {
    llvm::StringRef arg = args[i];
    bool hasNext = i + 1 < args.size();
    if (!arg.starts_with("-") || arg == "-") {
      inputs.push_back(arg.str());
      continue;
    }
    // LLD's own output is the executable, which distc links to a temporary
    // of its own and renames into place: a second -o would make LLD write
    // the file directly (or over an input) and leave distc's rename
    // without a file.
    llvm::StringRef name = arg.drop_front(arg.starts_with("--") ? 2 : 1);
    bool isO =
        arg == "-o" ||
        (arg.starts_with("-o") && !arg.starts_with("--") &&
         llvm::none_of(kLongOptionsStartingWithO,
                       [&](llvm::StringRef o) { return name.starts_with(o); }));
    if (isO || name == "output" || name.starts_with("output=")) {
      std::string spelled = arg.str();
      if ((arg == "-o" || name == "output") && hasNext)
        spelled += " " + args[i + 1];
      return reportError(
          "linker argument '" + spelled +
          "' sets the linker's output: distc writes the executable "
          "named by its own -o (use '-o FILE' instead of passing -o to the "
          "linker)");
    }

    bool matched = false;
    for (const OutputOption &option : kOutputOptions) {
      llvm::StringRef rest = name;
      if (!rest.consume_front(option.name))
        continue;
      if (rest.empty() && option.separateValue && hasNext) {
        addOutput(arg, args[++i]);
        matched = true;
      } else if (rest.consume_front("=")) {
        addOutput(arg.take_front(arg.size() - rest.size() - 1), rest);
        matched = true;
      }
      if (matched)
        break;
    }
    if (matched)
      continue;
    llvm::StringRef plugin = name;
    if (plugin.consume_front("plugin-opt")) {
      if (plugin.empty() && hasNext)
        plugin = args[++i];
      else if (!plugin.consume_front("="))
        continue;
      for (llvm::StringRef option : kPluginOutputOptions)
        if (llvm::StringRef path = plugin; path.consume_front(option))
          addOutput(("--plugin-opt=" + option).str(), path);
      continue;
    }
    for (llvm::StringRef option : kInputOptions)
      if (llvm::StringRef path = name; path.consume_front(option))
        inputs.push_back(path.str());
    if (llvm::StringRef script = arg; script.consume_front("-T") &&
                                      !script.empty() &&
                                      !isSectionAddressOption(script))
      inputs.push_back(script.str());
  }
  return success();
}

LogicalResult expandLinkerResponseFiles(DriverOptions &opts) {
  if (llvm::none_of(opts.linkerArgs, [](const DriverOptions::LinkerArg &a) {
        return llvm::StringRef(a.arg).starts_with("@");
      }))
    return success();
  std::vector<DriverOptions::LinkerArg> expanded;
  llvm::BumpPtrAllocator allocator;
  for (const DriverOptions::LinkerArg &arg : opts.linkerArgs) {
    if (!llvm::StringRef(arg.arg).starts_with("@")) {
      expanded.push_back(arg);
      continue;
    }
    llvm::SmallVector<const char *, 8> argv = {arg.arg.c_str()};
    llvm::cl::ExpansionContext expansion(allocator,
                                         llvm::cl::TokenizeGNUCommandLine);
    if (llvm::Error err = expansion.expandResponseFiles(argv))
      return reportError("cannot expand linker response file '" +
                             arg.arg.substr(1) + "'",
                         std::move(err));
    for (const char *part : argv)
      expanded.push_back({arg.beforeInput, part});
  }
  opts.linkerArgs = std::move(expanded);
  return success();
}

LogicalResult checkLinkerOutputs(const DriverOptions &opts,
                                 llvm::StringRef executable,
                                 llvm::StringRef runtimeLib) {
  std::vector<std::string> args;
  for (const DriverOptions::LinkerArg &arg : opts.linkerArgs)
    args.push_back(arg.arg);
  std::vector<LinkerOutput> outputs;
  std::vector<std::string> inputs(opts.inputs);
  inputs.push_back(runtimeLib.str());
  if (failed(classifyLinkerArguments(args, outputs, inputs)))
    return failure();
  for (const LinkerOutput &output : outputs) {
    std::string what =
        "linker output '" + output.path + "' (" + output.option + ")";
    for (const std::string &input : inputs)
      if (input != "-" && isSameFile(output.path, input))
        return reportError(
            what + " is also an input" +
            (output.path == input ? llvm::Twine("") : " ('" + input + "')") +
            ": distc does not overwrite its inputs");
    if (isSameFile(output.path, executable))
      return reportError(what + " is the executable '" + executable +
                         "' that distc links");
  }
  return success();
}

} // namespace distc
