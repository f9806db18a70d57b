//===- ModulePartition.h - Split an LLVM module for parallel back ends -*- C++ -*-===//
//
// LLVM optimizes and generates code for one module on one thread. distc
// splits a module's function definitions into partitions that are optimized
// and compiled to separate objects concurrently, then linked together: on
// the Jacobi sample, one partition holds the stencil step and the other the
// program's driver loop and reductions.
//
// The split must not change what the program does and should not change
// how fast it runs:
//   * every externally visible function is defined in exactly one
//     partition; other partitions see a declaration;
//   * local (internal/private) functions that are only called directly are
//     copied into every partition that calls them, so LLVM can still inline
//     them there (buffer deallocation's `dealloc_helper`, a user's private
//     helpers); a copy is local to its object, so nothing clashes at link
//     time;
//   * functions that must stay together are put in one partition: a caller
//     and a small external callee (so the callee is still inlined), every
//     user of a local function whose address is taken (its address must be
//     unique), every user of a local mutable or thread-local variable (one
//     copy of its state);
//   * local constants (dense and splat tensor constants, strings) do not
//     tie their readers together: one whose address does not matter
//     (unnamed_addr) is copied into every partition that reads it, any
//     other is defined by the first partition that reads it and renamed to
//     a hidden symbol unique to the module, which the others declare;
//   * external global variables are defined in partition 0.
// Modules this does not model (aliases, ifuncs, comdats, appending globals
// such as llvm.global_ctors, unnamed globals, module-level assembly,
// personality functions) are not split.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DRIVER_DISTC_MODULEPARTITION_H
#define DISTC_DRIVER_DISTC_MODULEPARTITION_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace distc {

/// The global values one partition defines, by name.
struct ModulePartition {
  llvm::StringSet<> functions; ///< function definitions kept (incl. copies)
  llvm::StringSet<> localVariables; ///< local global variables kept
  /// A local constant that several partitions read and that must exist
  /// once: a hidden external symbol under `name` (the same in every
  /// partition), defined by one of them.
  struct SharedConstant {
    std::string name;
    bool defined = false;
  };
  llvm::StringMap<SharedConstant> sharedConstants; ///< by the local name
  bool definesExternalVariables = false; ///< true for partition 0 only
  uint64_t cost = 0; ///< instructions in its function definitions
};

/// When splitting pays: below `minCost` instructions in all, the threads
/// cost more than they save; when the largest partition would hold more
/// than `maxShare` of the instructions, it would take almost as long as
/// the whole module.
struct PartitionLimits {
  unsigned maxPartitions = 2;
  uint64_t minCost = 1500;
  double maxShare = 0.85;
  /// Callees up to this many instructions (before optimization) stay with
  /// their callers so that LLVM's inliner still sees them.
  uint64_t inlineCandidateCost = 200;
};

/// Plans the split of `module` into at most `limits.maxPartitions`
/// partitions of balanced cost. Returns std::nullopt when the module should
/// be compiled as one (too small, one dominant function, or a construct the
/// partitioning does not model). `uniqueTag` is part of the names of the
/// shared constants (ModulePartition::sharedConstants): it must differ
/// between the modules linked into one executable.
std::optional<std::vector<ModulePartition>>
planPartitions(const llvm::Module &module, const PartitionLimits &limits,
               llvm::StringRef uniqueTag = "0");

/// Turns `module` (a copy of the planned module) into `partition`: function
/// bodies and variables it does not define become declarations, and local
/// ones it does not use are removed.
llvm::Error restrictToPartition(llvm::Module &module,
                                const ModulePartition &partition);

} // namespace distc

#endif // DISTC_DRIVER_DISTC_MODULEPARTITION_H
