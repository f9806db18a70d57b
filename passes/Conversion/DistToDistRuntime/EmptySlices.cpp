//===- EmptySlices.cpp - slices that hold no element ----------------------===//
//
// See EmptySlices.h.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/EmptySlices.h"
#include "passes/Passes.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::distc {
#define GEN_PASS_DEF_DROPEMPTYSLICES
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

bool hasStaticZero(RankedTensorType type) {
  return llvm::is_contained(type.getShape(), 0);
}

/// The tensor.empty of the extraction's result type, its dynamic sizes
/// taken from the slice's sizes (those of the dimensions it keeps).
Value emptyLike(RewriterBase &rewriter, tensor::ExtractSliceOp op) {
  RankedTensorType type = op.getResultType();
  llvm::SmallBitVector dropped = op.getDroppedDims();
  SmallVector<Value> dynamicSizes;
  int64_t dim = 0;
  for (auto [i, size] : llvm::enumerate(op.getMixedSizes())) {
    if (dropped.test(i))
      continue;
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(
          getValueOrCreateConstantIndexOp(rewriter, op.getLoc(), size));
    ++dim;
  }
  return tensor::EmptyOp::create(rewriter, op.getLoc(), type, dynamicSizes);
}

} // namespace

void mlir::distc::dropEmptySlices(Operation *root) {
  SmallVector<tensor::ExtractSliceOp> extractions;
  SmallVector<tensor::InsertSliceOp> insertions;
  root->walk([&](Operation *op) {
    // A static 0 in the source of an extraction (the destination of an
    // insertion) empties the slice as well: its size there can only be 0.
    if (auto extract = dyn_cast<tensor::ExtractSliceOp>(op)) {
      if (hasStaticZero(extract.getResultType()) ||
          hasStaticZero(extract.getSourceType()))
        extractions.push_back(extract);
    } else if (auto insert = dyn_cast<tensor::InsertSliceOp>(op)) {
      if (hasStaticZero(insert.getSourceType()) ||
          hasStaticZero(insert.getDestType()))
        insertions.push_back(insert);
    }
  });
  IRRewriter rewriter(root->getContext());
  for (tensor::ExtractSliceOp op : extractions) {
    rewriter.setInsertionPoint(op);
    rewriter.replaceOp(op, emptyLike(rewriter, op));
  }
  for (tensor::InsertSliceOp op : insertions)
    rewriter.replaceOp(op, op.getDest());
}

namespace {
struct DropEmptySlicesPass
    : public distc::impl::DropEmptySlicesBase<DropEmptySlicesPass> {
  void runOnOperation() override { distc::dropEmptySlices(getOperation()); }
};
} // namespace
