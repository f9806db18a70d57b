//===- Pipelines.cpp - distc's named pass pipelines -----------------------===//
//
// Stages are built from the passes' C++ constructors rather than from
// textual pipelines: no string parsing at every compile, and a renamed or
// removed upstream pass is a build error instead of a runtime one.
//
//===----------------------------------------------------------------------===//

#include "pipelines/Pipelines.h"

#include "passes/Passes.h"

#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace distc {

//===----------------------------------------------------------------------===//
// Stages
//===----------------------------------------------------------------------===//

void buildDistToDistRuntime(OpPassManager &pm, const PipelineOptions &opts) {
  // First, before any rewrite that differs between -O levels (fusion merges
  // the bodies of different ops): which multiply-adds are fused is decided
  // from the program as written, so every -O level rounds the same way.
  if (opts.fpContract != FPContract::Off)
    pm.addPass(mlir::distc::createFPContract());
  // Before the lowering: the checks see the accesses the user wrote.
  if (opts.runtimeChecks)
    pm.addPass(mlir::distc::createRuntimeChecks());
  pm.addPass(mlir::distc::createFormStencils());
  pm.addPass(mlir::distc::createConvertDistToDistRuntime());
  if (opts.optLevel > 0) {
    // The lowering emits partition arithmetic per op; most of it is shared
    // (team size, balanced blocks of the same shape) and folds away here.
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
  }
  if (opts.optLevel > 1) {
    // Chains of element-wise dist ops become one loop nest: no temporary
    // tensor per operation. Not upstream's pass: its rule (fuse any
    // producer with one use) recomputes a loop-invariant tensor in every
    // iteration of the loop that reads it.
    pm.addPass(mlir::distc::createFuseElementwise());
    // Then reductions of the same tensor (a sum and a maximum, an error
    // count and a checksum) read it once.
    pm.addPass(mlir::distc::createFuseSiblingReductions());
    // Local matrix products (dist.matmul's, or the user's) as a tuned BLAS
    // computes them: packed, cache-tiled, vectorized.
    mlir::distc::TileMatmulOptions tiling;
    tiling.vectorBits = opts.vectorBits;
    pm.addNestedPass<func::FuncOp>(mlir::distc::createTileMatmul(tiling));
  }
}

void buildDistRuntimeToIDTR(OpPassManager &pm, const PipelineOptions &opts) {
  if (opts.optLevel > 0) {
    // Before lowering: the distruntime canonicalizations make result shapes
    // static only while the ops still exist, and at the tensor level the
    // IR is smallest, so every later stage has less to process.
    pm.addPass(createCanonicalizerPass());
    pm.addPass(createCSEPass());
  }
  // A handle that is never waited on, or a result used before its wait, is a
  // hang or a data race at run time: diagnose it while the IR still says
  // which value depends on which handle.
  pm.addPass(mlir::distc::createCheckDistRuntimeWaits());
  if (opts.optLevel > 0) {
    // Start communication early and wait late, so that local work
    // overlaps with messages in flight.
    pm.addPass(mlir::distc::createOverlapCommunication());
  }
  pm.addPass(mlir::distc::createLowerDistRuntimeToIDTR());
}

void buildBufferize(OpPassManager &pm, const PipelineOptions &opts) {
  bufferization::OneShotBufferizePassOptions bufOpts;
  bufOpts.bufferizeFunctionBoundaries = true;
  // Identity layouts at function boundaries: a function's memref signature
  // does not depend on what its callers pass, so separately compiled
  // modules agree, and no fully dynamic strided layouts reach the runtime.
  bufOpts.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  // Loops that carry tensors (an iterative solver's state, a dist.tensor's
  // local part) yield a new buffer per iteration; deallocation frees the old.
  bufOpts.allowReturnAllocsFromLoops = true;
  // A linalg op that computes a slice of a bigger tensor (a stencil's
  // interior and frame, Stencil.h) writes into that slice of the bigger
  // buffer, instead of a new buffer copied into it afterwards.
  // Element-wise arith/math ops on whole tensors (`arith.mulf %a, %b :
  // tensor<4xf32>`, valid input that no front end produces) have no
  // bufferization: as linalg.generic they do.
  // A select of whole tensors first, which that conversion would take for
  // an element-wise op over the first tensor's shape.
  pm.addPass(mlir::distc::createChooseWholeTensors());
  pm.addPass(createConvertElementwiseToLinalgPass());
  // Slices whose sizes folded to an empty constant since the lowering
  // (EmptySlices.h), before they become subviews of empty buffers.
  pm.addPass(mlir::distc::createDropEmptySlices());
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  // After every canonicalization (which turns unread inits back into
  // tensor.empty): element-wise updates may then overwrite a dead input.
  if (opts.optLevel > 0)
    pm.addPass(mlir::distc::createReuseInputBuffers());
  pm.addPass(bufferization::createOneShotBufferizePass(bufOpts));
  // A private function that updates an argument in place and returns it
  // (an accumulating stencil step) would otherwise return a clone of it:
  // the deallocation pass makes every returned buffer owned by the caller.
  // Its callers take the argument's buffer instead. Public functions keep
  // their signature (they are the module's C ABI). The pass recognizes the
  // argument only when it is returned as such, so the canonicalization
  // first folds the `scf.if`s whose branches all yield it (a stencil's
  // interior, guarded by whether the part has one, is such an if).
  pm.addPass(createCanonicalizerPass());
  pm.addPass(bufferization::createDropEquivalentBufferResultsPass());
  // MLIR's buffer-deallocation-pipeline, with the ownership of a loop's
  // initial buffer handed to the loop (distc-loop-init-ownership) right
  // after the deallocation pass decided it.
  memref::ExpandReallocPassOptions expandRealloc;
  expandRealloc.emitDeallocs = false;
  pm.addPass(memref::createExpandReallocPass(expandRealloc));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
  if (opts.optLevel > 0)
    pm.addPass(mlir::distc::createLoopInitOwnership());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
  // Frees at the last use instead of the end of the block: straight-line
  // code would otherwise hold every buffer it allocated.
  if (opts.optLevel > 0)
    pm.addPass(mlir::distc::createFreeAfterLastUse());
  pm.addPass(bufferization::createLowerDeallocationsPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  // Deallocation clones buffers whose ownership it cannot decide statically
  // (e.g. a function returning one of its arguments on some path).
  pm.addPass(createConvertBufferizationToMemRefPass());
}

void buildLowerLoops(OpPassManager &pm, const PipelineOptions &opts) {
  // Loops of a stencil's frame: LLVM should not vectorize them (compile
  // time and code size for a row or a column of the block).
  if (opts.optLevel > 0) {
    pm.addPass(mlir::distc::createLowerStridedCopies());
    // The copies it made of memref.copy (distruntime.copy_rows) become
    // runtime calls here, in the one conversion that makes such calls.
    pm.addPass(mlir::distc::createLowerDistRuntimeToIDTR());
    pm.addNestedPass<func::FuncOp>(mlir::distc::createLowerColdLoops());
    // Reductions to scalars keep their accumulators in registers.
    pm.addNestedPass<func::FuncOp>(mlir::distc::createLowerScalarReductions());
  }
  // The products of named linalg ops (matmul, matvec, ...) fused as
  // distc-tile-matmul fuses those it vectorizes at -O2: the same at every
  // -O level.
  if (opts.fpContract != FPContract::Off)
    pm.addNestedPass<func::FuncOp>(mlir::distc::createFPContractNamedOps());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // Element-wise bodies that test their position (active points, boundary
  // conditions): the loop range where every test holds runs without them.
  if (opts.optLevel >= 2)
    pm.addNestedPass<func::FuncOp>(mlir::distc::createSplitIndexConditions());
  // vector.print of a whole vector only lowers to LLVM after it has been
  // unrolled to scalar prints; full unrolling also covers transfers.
  pm.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // At every -O: a loop that communicates must run in constant stack, and
  // only SCF still shows where an iteration ends.
  pm.addPass(mlir::distc::createLoopStackScopes());
  pm.addPass(createSCFToControlFlowPass());
}

void buildLowerToLLVM(OpPassManager &pm, const PipelineOptions &opts) {
  (void)opts;
  // Complex arithmetic (complex<f32>/complex<f64> elements, or the user's
  // complex ops) on its real and imaginary parts; convert-to-llvm lowers
  // the complex.create/re/im that remain.
  pm.addPass(createConvertComplexToStandardPass());
  // Vector first: convert-to-llvm's vector patterns do not cover every
  // vector op that the dedicated pass handles (e.g. vector.print helpers).
  pm.addPass(createConvertVectorToLLVMPass());
  // Buffers are allocated through the runtime (_mlir_memref_to_llvm_alloc
  // and friends in runtime/lib/transport/BufferAllocator.cpp), which recycles large
  // blocks across loop iterations instead of faulting in fresh pages.
  FinalizeMemRefToLLVMConversionPassOptions memrefOpts;
  memrefOpts.useGenericFunctions = true;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefOpts));
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // Loop annotations (distc-lower-cold-loops) onto the branches that
  // translation reads them from.
  pm.addPass(mlir::distc::createAttachLoopAnnotations());
  addProgramFinalization(pm);
}

void addProgramFinalization(OpPassManager &pm) {
  // Internalization first: it would otherwise make a private `main` that
  // the wrapper pass just exported internal again.
  pm.addPass(mlir::distc::createInternalizePrivateFunctions());
  pm.addPass(mlir::distc::createWrapVoidMain());
  pm.addPass(mlir::distc::createMarkAllocatorsNoAlias());
}

bool hasProgramFinalization(const OpPassManager &pm) {
  // The three are only ever added together: the wrapper stands for them.
  StringRef wrapper = mlir::distc::createWrapVoidMain()->getArgument();
  return llvm::any_of(pm.getPasses(), [&](const Pass &pass) {
    return pass.getArgument() == wrapper;
  });
}

void buildDefaultPipeline(OpPassManager &pm, const PipelineOptions &opts) {
  buildShardToDistRuntime(pm, opts); // ShardPipeline.cpp
  buildDistToDistRuntime(pm, opts);
  buildDistRuntimeToIDTR(pm, opts);
  buildBufferize(pm, opts);
  buildLowerLoops(pm, opts);
  buildLowerToLLVM(pm, opts);
}

//===----------------------------------------------------------------------===//
// Named pipelines
//===----------------------------------------------------------------------===//

static const NamedPipeline kNamedPipelines[] = {
    {"distc-default",
     "the whole default pipeline: every stage below, in this order",
     buildDefaultPipeline},
    {"distc-shard-to-distruntime",
     "upstream shard programs -> SPMD local code and distruntime ops",
     buildShardToDistRuntime},
    {"distc-dist-to-distruntime",
     "dist dialect -> local tensor/linalg code and distruntime ops",
     buildDistToDistRuntime},
    {"distc-distruntime-to-idtr",
     "distruntime ops -> calls into the IDTR runtime, on tensors",
     buildDistRuntimeToIDTR},
    {"distc-bufferize",
     "tensors -> memrefs: one-shot bufferization and buffer deallocation",
     buildBufferize},
    {"distc-lower-loops",
     "linalg, vector transfers/prints, affine, scf -> loops and branches",
     buildLowerLoops},
    {"distc-lower-to-llvm", "everything left -> LLVM dialect",
     buildLowerToLLVM},
};

llvm::ArrayRef<NamedPipeline> getNamedPipelines() { return kNamedPipelines; }

void printNamedPipelines(llvm::raw_ostream &os, const PipelineOptions &opts) {
  os << "Named pipelines (at -O" << opts.optLevel << "):\n";
  for (const NamedPipeline &p : getNamedPipelines()) {
    os << "  " << p.name << "\n      " << p.description << "\n      ";
    OpPassManager pm("builtin.module");
    p.build(pm, opts);
    if (pm.size() == 0)
      os << "(no passes)";
    else {
      // Pretty form, one pass per line, indented under the name.
      std::string text;
      llvm::raw_string_ostream ts(text);
      pm.printAsTextualPipeline(ts, /*pretty=*/true);
      llvm::StringRef rest = text;
      while (!rest.empty()) {
        auto [line, tail] = rest.split('\n');
        os << line;
        if (!tail.empty())
          os << "\n      ";
        rest = tail;
      }
    }
    os << "\n";
  }
}

namespace {
/// The textual form of PipelineOptions for the pass registry.
struct RegisteredPipelineOptions
    : public PassPipelineOptions<RegisteredPipelineOptions> {
  Option<unsigned> optLevel{*this, "opt-level",
                            llvm::cl::desc("optimization level 0..3"),
                            llvm::cl::init(2)};
  Option<bool> runtimeChecks{
      *this, "runtime-checks",
      llvm::cl::desc("bounds checks and upstream run-time verification"),
      llvm::cl::init(false)};
  Option<FPContract> fpContract{
      *this, "fp-contract",
      llvm::cl::desc("which multiply-adds are fused (as -ffp-contract)"),
      llvm::cl::init(FPContract::On),
      llvm::cl::values(
          clEnumValN(FPContract::Off, "off", "none"),
          clEnumValN(FPContract::On, "on", "within one op of the program"),
          clEnumValN(FPContract::Fast, "fast",
                     "as on (LLVM's code generator may fuse more)"))};

  /// `opt-level`, `runtime-checks` and `fp-contract` as written, else the
  /// caller's defaults (distc's -O, --runtime-checks and -ffp-contract).
  PipelineOptions toPlain(unsigned defaultOptLevel, bool defaultRuntimeChecks,
                          FPContract defaultFPContract) const {
    PipelineOptions opts;
    opts.optLevel = optLevel.hasValue() ? optLevel : defaultOptLevel;
    opts.runtimeChecks =
        runtimeChecks.hasValue() ? runtimeChecks : defaultRuntimeChecks;
    opts.fpContract =
        fpContract.hasValue() ? fpContract : defaultFPContract;
    return opts;
  }
};
} // namespace

void registerDistcPipelines(unsigned defaultOptLevel,
                            bool defaultRuntimeChecks,
                            FPContract defaultFPContract) {
  for (const NamedPipeline &p : getNamedPipelines()) {
    StageBuilder build = p.build;
    PassPipelineRegistration<RegisteredPipelineOptions>(
        p.name, p.description,
        [build, defaultOptLevel, defaultRuntimeChecks,
         defaultFPContract](OpPassManager &pm,
                            const RegisteredPipelineOptions &o) {
          build(pm, o.toPlain(defaultOptLevel, defaultRuntimeChecks,
                              defaultFPContract));
        });
  }
}

} // namespace distc
