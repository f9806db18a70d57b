//===- NoPolly.cpp - The Polly extension point, without Polly -------------===//
//
// LLVM's LTO back end, which LLD links in, registers every "extension" that
// LLVM was configured with by calling get<Name>PluginInfo()
// (llvm/Support/Extension.def). Debian's LLVM lists Polly there because
// Polly is part of libLLVM.so, but ships no static Polly archive. distc
// links LLVM statically (cmake/StaticLLVM.cmake), so it defines the hook
// itself: an extension that registers no passes. distc's own pipeline never
// used Polly, and LTO inputs are linked as they would be by an LLVM built
// without it.
//
//===----------------------------------------------------------------------===//

#include "llvm/Plugins/PassPlugin.h"

llvm::PassPluginLibraryInfo getPollyPluginInfo();

llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Polly (not included in distc)", "",
          [](llvm::PassBuilder &) {}};
}
