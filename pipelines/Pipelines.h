//===- Pipelines.h - distc's named pass pipelines -----------------*- C++ -*-===//
//
// The MLIR half of distc: from the input levels distc accepts down to the LLVM
// dialect. Each stage is one builder function so that
//   * distc builds the default pipeline from a plain options struct,
//   * distc-opt runs the very same stages by name (`--distc-bufferize`, ...),
//   * a lit test can exercise one stage in isolation.
// The stages, in order (docs/pipelines.md explains each one):
//
//   shard-to-distruntime  upstream `shard` programs (ShardPipeline.cpp)
//   dist-to-distruntime   the `dist` level down to distruntime
//   distruntime-to-idtr   distruntime ops -> func.call @_idtr_* on tensors
//   bufferize             one-shot bufferization + buffer deallocation
//   lower-loops           linalg/vector/affine/scf -> loops and branches
//   lower-to-llvm         everything left -> LLVM dialect, then the
//                         program finalization (a C program that links)
//
// What the pipeline prints is what distc translates to LLVM IR: no step of
// the driver changes the module in between (docs/pipelines.md).
//
// Nothing here reads command-line state: distc fills PipelineOptions from its
// CLI, distc-opt from the textual pipeline options.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PIPELINES_PIPELINES_H
#define DISTC_PIPELINES_PIPELINES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace distc {

/// -ffp-contract: which floating-point multiplies and adds may be computed
/// as one fused multiply-add, with one rounding (docs/driver.md).
enum class FPContract {
  /// Never: every multiply and add rounds on its own.
  Off,
  /// A multiply and the add it feeds within one op of the program (one
  /// body, one named linalg op), the same at every -O level.
  On,
  /// Also whatever LLVM's code generator finds adjacent (-O1 and up).
  Fast,
};

/// Everything that changes what the pipelines contain. A plain struct: the
/// driver fills it from its CLI, distc-opt from pipeline options.
struct PipelineOptions {
  /// 0..3, as for the whole compiler. At 0 the MLIR pipeline only lowers;
  /// from 1 on it also runs canonicalize + CSE at the tensor level, before
  /// distruntime is lowered, where they shrink the IR that every later stage
  /// sees (and let distruntime's canonicalizations make shapes static).
  unsigned optLevel = 2;
  /// Bounds checks of element accesses and upstream's run-time op
  /// verification (distc-runtime-checks), before the dist lowering. The
  /// driver turns them on at -O0 unless --no-runtime-checks is given.
  bool runtimeChecks = false;
  /// Remarks from the passes that have them (-v): e.g. which ops of a
  /// shard program are computed replicated.
  bool remarks = false;
  /// Width of the target's vector registers (distc-tile-matmul's register
  /// tile): the driver takes it from the CPU it compiles for (512 with
  /// AVX-512); 256 elsewhere.
  unsigned vectorBits = 256;
  /// On and Fast: distc-fp-contract first (dist-to-distruntime) and
  /// distc-fp-contract-named-ops before linalg becomes loops (lower-loops),
  /// at every -O level. The driver also sets LLVM's AllowFPOpFusion.
  FPContract fpContract = FPContract::On;
};

/// A pipeline stage builder: appends passes to a pass manager anchored on
/// `builtin.module`.
using StageBuilder = void (*)(mlir::OpPassManager &pm,
                              const PipelineOptions &opts);

/// Stage -1: upstream MLIR `shard` programs (shard.grid / sharding / shard
/// annotations, SPMD-level collectives) to distruntime: upstream sharding
/// propagation and partitioning per annotated function, then
/// convert-shard-to-distruntime (ShardPipeline.cpp, docs/shard.md). A
/// module without shard ops passes through unchanged.
void buildShardToDistRuntime(mlir::OpPassManager &pm,
                             const PipelineOptions &opts);

/// Stage 0: the `dist` dialect level down to distruntime: the contraction
/// of multiply-adds (unless -ffp-contract=off), the lowering, then (from
/// -O1) the folding of its partition arithmetic and (from -O2) the fusion
/// of element-wise chains and sibling reductions.
void buildDistToDistRuntime(mlir::OpPassManager &pm,
                            const PipelineOptions &opts);

/// Stage 1: distruntime ops become calls into the IDTR runtime
/// (`lower-distruntime-to-idtr`). Runs on tensors, before bufferization, so
/// that bufferization sees the runtime's buffers as ordinary memrefs.
void buildDistRuntimeToIDTR(mlir::OpPassManager &pm,
                            const PipelineOptions &opts);

/// Stage 2: tensors to buffers. One-shot bufferization across function
/// boundaries with identity layouts at function boundaries (so that callers
/// and callees agree without casts), then buffer deallocation.
void buildBufferize(mlir::OpPassManager &pm, const PipelineOptions &opts);

/// Stage 3: structured ops to loops and branches: linalg to loops (the
/// multiply-adds of named ops contracted first, unless -ffp-contract=off),
/// vector transfers and prints to scf (fully unrolled), strided metadata,
/// affine, scf to cf.
void buildLowerLoops(mlir::OpPassManager &pm, const PipelineOptions &opts);

/// Stage 4: everything that is left to the LLVM dialect, then the program
/// finalization (addProgramFinalization).
void buildLowerToLLVM(mlir::OpPassManager &pm, const PipelineOptions &opts);

/// The end of every pipeline distc runs, on the LLVM dialect: private
/// definitions become internal, a `void` main gets the C entry point
/// `i32 main()` around it, and the buffer allocators return `noalias`
/// memory. The same at every -O level; each pass is idempotent.
void addProgramFinalization(mlir::OpPassManager &pm);

/// Whether `pm` already runs the program finalization at its top level
/// (a textual pipeline built from `distc-lower-to-llvm` or
/// `distc-default` does).
bool hasProgramFinalization(const mlir::OpPassManager &pm);

/// All stages in order: what `distc` runs when no `--pipeline` is given.
void buildDefaultPipeline(mlir::OpPassManager &pm, const PipelineOptions &opts);

/// A named pipeline, as listed by `distc --list-pipelines` and registered
/// with the pass registry as `distc-<name>` for distc-opt.
struct NamedPipeline {
  llvm::StringRef name;        // without the `distc-` prefix
  llvm::StringRef description; // one line
  StageBuilder build;
};

/// The named pipelines: every stage plus `default` (all of them).
llvm::ArrayRef<NamedPipeline> getNamedPipelines();

/// Prints the named pipelines with their descriptions and their passes at
/// the given options (for `distc --list-pipelines`).
void printNamedPipelines(llvm::raw_ostream &os, const PipelineOptions &opts);

/// Registers every named pipeline with MLIR's pass registry as
/// `distc-<name>` with an `opt-level` option, so that
/// `distc-opt --distc-default` or
/// `--pass-pipeline='builtin.module(distc-bufferize{opt-level=0})'` work.
/// A pipeline written without `opt-level` is built at `defaultOptLevel`
/// (distc passes its -O, so `-O0 --pipeline=distc-default` means -O0);
/// likewise `runtime-checks` defaults to `defaultRuntimeChecks` and
/// `fp-contract` (off, on, fast) to `defaultFPContract`.
void registerDistcPipelines(unsigned defaultOptLevel = 2,
                            bool defaultRuntimeChecks = false,
                            FPContract defaultFPContract = FPContract::On);

} // namespace distc

#endif // DISTC_PIPELINES_PIPELINES_H
