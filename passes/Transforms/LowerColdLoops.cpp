//===- LowerColdLoops.cpp - loops LLVM must not vectorize or unroll -------===//
//
// Two passes, see their descriptions in Passes.td: distc-lower-cold-loops
// annotates the loops of cold linalg ops; scf-to-cf carries the annotation
// to the loop's latch branch, and distc-attach-loop-annotations makes it
// the branch's inherent attribute, which translation turns into
// !llvm.loop metadata.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::distc {
#define GEN_PASS_DEF_LOWERCOLDLOOPS
#define GEN_PASS_DEF_ATTACHLOOPANNOTATIONS
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

Attribute mlir::distc::coldLoopAnnotation(MLIRContext *context) {
  auto disable = BoolAttr::get(context, true);
  auto vectorize =
      LLVM::LoopVectorizeAttr::get(context, disable, {}, {}, {}, {}, {}, {});
  auto unroll =
      LLVM::LoopUnrollAttr::get(context, disable, {}, {}, {}, {}, {}, {});
  return LLVM::LoopAnnotationAttr::get(
      context, /*disableNonforced=*/disable, vectorize, {}, unroll, {}, {}, {},
      {}, {}, {}, {}, {}, {}, {}, {});
}

namespace {

struct LowerColdLoopsPass
    : public distc::impl::LowerColdLoopsBase<LowerColdLoopsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    SmallVector<linalg::LinalgOp> cold;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (op->hasAttr(distc::kColdAttrName) && op.hasPureBufferSemantics())
        cold.push_back(op);
    });
    if (cold.empty())
      return;
    Attribute annotation = distc::coldLoopAnnotation(context);
    IRRewriter rewriter(context);
    for (linalg::LinalgOp op : cold) {
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::LinalgLoops> loops =
          linalg::linalgOpToLoops(rewriter, op);
      if (failed(loops))
        continue; // convert-linalg-to-loops lowers it without annotation
      for (Operation *loop : *loops)
        loop->setAttr(distc::kLoopAnnotationAttrName, annotation);
      rewriter.eraseOp(op);
    }
  }
};

struct AttachLoopAnnotationsPass
    : public distc::impl::AttachLoopAnnotationsBase<AttachLoopAnnotationsPass> {
  void runOnOperation() override {
    constexpr StringLiteral name = distc::kLoopAnnotationAttrName;
    auto attach = [&](Operation *op, auto setAnnotation) {
      auto annotation = op->getAttrOfType<LLVM::LoopAnnotationAttr>(name);
      if (!annotation)
        return;
      setAnnotation(annotation);
      op->removeAttr(name);
    };
    getOperation()->walk([&](Operation *op) {
      if (auto br = dyn_cast<LLVM::BrOp>(op))
        attach(op, [&](LLVM::LoopAnnotationAttr a) {
          br.setLoopAnnotationAttr(a);
        });
      else if (auto condBr = dyn_cast<LLVM::CondBrOp>(op))
        attach(op, [&](LLVM::LoopAnnotationAttr a) {
          condBr.setLoopAnnotationAttr(a);
        });
    });
  }
};

} // namespace
