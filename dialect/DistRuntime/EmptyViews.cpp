//===- EmptyViews.cpp - slices and subviews that hold no element ----------===//
//
// Canonicalization patterns that the distruntime dialect contributes to
// every `canonicalize` run of a pipeline that loads it (it is loaded in
// every distc pipeline): tensor.extract_slice, tensor.insert_slice and
// memref.subview that select no element.
//
// Why here: MLIR 22's slice and subview verifiers reject a static offset at
// or past the end of a dimension even when the size there is 0 ("offset 2
// is out-of-bounds: 0 >= 0"), and upstream's own canonicalizations produce
// exactly that: a dimension that is empty at run time becomes a constant 0
// (an allocation of size 0 is folded to a static `0x..` type, its
// memref.cast into the subview, the offsets into static attributes), and
// the pass fails on valid input. Tensors and buffers empty along a
// dimension are common in distributed programs (a rank's block of a small
// array, a halo of width 0), so these patterns replace such slices first,
// with a higher benefit than upstream's folders: an extraction becomes a
// tensor.empty, an insertion its destination, a subview a
// memref.reinterpret_cast of the same type (which has no bounds to verify;
// nothing is read or written through it).
//
//===----------------------------------------------------------------------===//

#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace {

/// Before upstream's folders (benefit 1).
constexpr unsigned kBenefit = 10;

/// Whether the slice selects nothing: a size that is (or folds to) 0, or a
/// source that is empty along a static dimension.
bool selectsNothing(ArrayRef<OpFoldResult> sizes, ShapedType source) {
  return llvm::is_contained(source.getShape(), 0) ||
         llvm::any_of(sizes, [](OpFoldResult size) {
           std::optional<int64_t> value = getConstantIntValue(size);
           return value && *value == 0;
         });
}

struct EmptyExtractSlice : OpRewritePattern<tensor::ExtractSliceOp> {
  EmptyExtractSlice(MLIRContext *context)
      : OpRewritePattern(context, kBenefit) {}
  LogicalResult matchAndRewrite(tensor::ExtractSliceOp op,
                                PatternRewriter &rewriter) const override {
    if (!selectsNothing(op.getMixedSizes(), op.getSourceType()))
      return failure();
    RankedTensorType type = op.getResultType();
    llvm::SmallBitVector dropped = op.getDroppedDims();
    SmallVector<Value> dynamicSizes;
    int64_t dim = 0;
    for (auto [i, size] : llvm::enumerate(op.getMixedSizes())) {
      if (dropped.test(i))
        continue;
      if (type.isDynamicDim(dim++))
        dynamicSizes.push_back(
            getValueOrCreateConstantIndexOp(rewriter, op.getLoc(), size));
    }
    rewriter.replaceOpWithNewOp<tensor::EmptyOp>(op, type, dynamicSizes);
    return success();
  }
};

struct EmptyInsertSlice : OpRewritePattern<tensor::InsertSliceOp> {
  EmptyInsertSlice(MLIRContext *context) : OpRewritePattern(context, kBenefit) {}
  LogicalResult matchAndRewrite(tensor::InsertSliceOp op,
                                PatternRewriter &rewriter) const override {
    if (!selectsNothing(op.getMixedSizes(), op.getSourceType()) &&
        !llvm::is_contained(op.getDestType().getShape(), 0))
      return failure();
    rewriter.replaceOp(op, op.getDest());
    return success();
  }
};

struct EmptySubView : OpRewritePattern<memref::SubViewOp> {
  EmptySubView(MLIRContext *context) : OpRewritePattern(context, kBenefit) {}
  LogicalResult matchAndRewrite(memref::SubViewOp op,
                                PatternRewriter &rewriter) const override {
    if (!selectsNothing(op.getMixedSizes(), op.getSourceType()))
      return failure();
    MemRefType type = op.getType();
    SmallVector<int64_t> strides;
    int64_t offset;
    if (failed(type.getStridesAndOffset(strides, offset)))
      return failure();
    Location loc = op.getLoc();
    auto source = memref::ExtractStridedMetadataOp::create(rewriter, loc,
                                                           op.getSource());
    // The result's layout: its static values, else the source's (nothing
    // is addressed, so any in-range values do; the source's stride times
    // the step keeps the dimension's stride honest for later folds).
    llvm::SmallBitVector dropped = op.getDroppedDims();
    SmallVector<OpFoldResult> sizes, resultStrides;
    int64_t dim = 0;
    for (auto [i, size] : llvm::enumerate(op.getMixedSizes())) {
      if (dropped.test(i))
        continue;
      sizes.push_back(type.isDynamicDim(dim)
                          ? size
                          : OpFoldResult(rewriter.getIndexAttr(
                                type.getDimSize(dim))));
      if (!ShapedType::isDynamic(strides[dim])) {
        resultStrides.push_back(rewriter.getIndexAttr(strides[dim]));
      } else {
        Value step = getValueOrCreateConstantIndexOp(
            rewriter, loc, op.getMixedStrides()[i]);
        resultStrides.push_back(
            arith::MulIOp::create(rewriter, loc, source.getStrides()[i], step)
                .getResult());
      }
      ++dim;
    }
    OpFoldResult resultOffset =
        ShapedType::isDynamic(offset)
            ? OpFoldResult(source.getOffset())
            : OpFoldResult(rewriter.getIndexAttr(offset));
    rewriter.replaceOpWithNewOp<memref::ReinterpretCastOp>(
        op, type, op.getSource(), resultOffset, sizes, resultStrides);
    return success();
  }
};

} // namespace

void distruntime::populateEmptyViewPatterns(RewritePatternSet &patterns) {
  patterns.add<EmptyExtractSlice, EmptyInsertSlice, EmptySubView>(
      patterns.getContext());
}

void distruntime::DistRuntimeDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  populateEmptyViewPatterns(results);
}
