//===- LowerStridedCopies.cpp - 2-D strided copies as a plain call --------===//
//
// distc-lower-strided-copies, see its description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::distc {
#define GEN_PASS_DEF_LOWERSTRIDEDCOPIES
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;
using namespace mlir::distc;

namespace {

bool isContiguous(MemRefType type) {
  return type.getLayout().isIdentity() ||
         memref::isStaticShapeAndContiguousRowMajor(type);
}

struct CopyRows : public OpRewritePattern<memref::CopyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(memref::CopyOp copy,
                                PatternRewriter &rewriter) const override {
    auto source = dyn_cast<MemRefType>(copy.getSource().getType());
    auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
    if (!source || !target)
      return rewriter.notifyMatchFailure(copy, "unranked");
    for (MemRefType type : {source, target})
      if (std::optional<std::string> why =
              distruntime::whyNotCopyRowsView(type))
        return rewriter.notifyMatchFailure(copy, *why);
    // Whole-array contiguous copies already become one memcpy.
    if (isContiguous(source) && isContiguous(target))
      return rewriter.notifyMatchFailure(copy, "contiguous as a whole");
    rewriter.replaceOpWithNewOp<distruntime::CopyRowsOp>(
        copy, copy.getSource(), copy.getTarget());
    return success();
  }
};

struct LowerStridedCopiesPass
    : public distc::impl::LowerStridedCopiesBase<LowerStridedCopiesPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<CopyRows>(&getContext());
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace
