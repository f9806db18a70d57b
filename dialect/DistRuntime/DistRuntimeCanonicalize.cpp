//===- DistRuntimeCanonicalize.cpp - distruntime canonicalizations --------===//
//
// - Result refinement: when constant size operands make a dynamic result
//   dimension known, the op is rebuilt with the more static type and a
//   tensor.cast restores the old type for existing users. The patterns fire
//   only when some dimension becomes static, so they cannot loop.
// - copy_permute absorbs a producer tensor.cast of its input that only
//   erased static information (tensor::canFoldIntoConsumerOp).
// team_size and team_member have no folders on purpose: one executable must
// run on any number of ranks.
//
//===----------------------------------------------------------------------===//

#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::distruntime;

namespace {

/// `type` with each dynamic dimension replaced by the known size, if any.
/// Returns std::nullopt when nothing becomes static.
std::optional<RankedTensorType>
refineType(RankedTensorType type, ArrayRef<std::optional<int64_t>> known) {
  SmallVector<int64_t> shape(type.getShape());
  bool changed = false;
  for (auto [dim, size] : llvm::zip(shape, known)) {
    if (ShapedType::isDynamic(dim) && size && *size >= 0) {
      dim = *size;
      changed = true;
    }
  }
  if (!changed)
    return std::nullopt;
  return type.clone(shape);
}

SmallVector<std::optional<int64_t>> constantsOf(ValueRange values) {
  return llvm::map_to_vector(
      values, [](Value v) { return getConstantIntValue(v); });
}

/// Clones `op` with the results listed in `newTypes` retyped, and replaces
/// `op` with the clone, casting refined results back to their old types.
/// `adjust` may update the clone's operands to the new types.
void replaceWithRefinedClone(
    PatternRewriter &rewriter, Operation *op,
    ArrayRef<std::optional<RankedTensorType>> newTypes,
    function_ref<void(Operation *)> adjust = nullptr) {
  Operation *refined = rewriter.clone(*op);
  if (adjust)
    adjust(refined);
  SmallVector<Value> replacements;
  for (auto [i, oldResult] : llvm::enumerate(op->getResults())) {
    Value newResult = refined->getResult(i);
    if (i < newTypes.size() && newTypes[i]) {
      newResult.setType(*newTypes[i]);
      newResult = tensor::CastOp::create(rewriter, op->getLoc(),
                                         oldResult.getType(), newResult);
    }
    replacements.push_back(newResult);
  }
  rewriter.replaceOp(op, replacements);
}

/// copy_reshape / copy_permute: n_shape makes dynamic result dims static.
/// An accumulating copy_permute's accumulator has the result's type: it is
/// cast to the refined type too (its sizes are n_shape).
template <typename CopyOp>
struct RefineCopyResult : public OpRewritePattern<CopyOp> {
  using OpRewritePattern<CopyOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(CopyOp op,
                                PatternRewriter &rewriter) const override {
    // Types of the tensor form only (a bufferized op keeps its memrefs).
    auto type = dyn_cast<RankedTensorType>(op.getNlArray().getType());
    if (!type)
      return rewriter.notifyMatchFailure(op, "bufferized");
    std::optional<RankedTensorType> refined =
        refineType(type, constantsOf(op.getNlShape()));
    if (!refined)
      return rewriter.notifyMatchFailure(op, "no result dimension to refine");
    Value acc;
    if constexpr (std::is_same_v<CopyOp, CopyPermuteOp>)
      if (op.accumulates())
        acc = tensor::CastOp::create(rewriter, op.getLoc(), *refined,
                                     op.getAcc());
    replaceWithRefinedClone(
        rewriter, op, {std::nullopt, refined}, [&](Operation *clone) {
          if (acc)
            cast<CopyPermuteOp>(clone).getAccMutable().assign(acc);
        });
    return success();
  }
};

/// update_halo: dimensions >= 1 of the halos are bb_sizes; dimension 0 is
/// known when the own rows and the bounding box rows are.
struct RefineHaloResults : public OpRewritePattern<UpdateHaloOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(UpdateHaloOp op,
                                PatternRewriter &rewriter) const override {
    auto leftType = dyn_cast<RankedTensorType>(op.getLHalo().getType());
    auto rightType = dyn_cast<RankedTensorType>(op.getRHalo().getType());
    if (!leftType || !rightType)
      return rewriter.notifyMatchFailure(op, "bufferized");
    SmallVector<std::optional<int64_t>> sizes = constantsOf(op.getBbSizes());
    if (sizes.empty())
      return rewriter.notifyMatchFailure(op, "rank-0 input");
    SmallVector<std::optional<int64_t>> left(sizes), right(sizes);
    HaloRows rows = haloRows(getConstantIntValue(op.getLOffsets()[0]),
                             op.getLArray().getType().getDimSize(0),
                             getConstantIntValue(op.getBbOffsets()[0]), sizes[0]);
    left[0] = rows.left;
    right[0] = rows.right;
    std::optional<RankedTensorType> lRefined = refineType(leftType, left);
    std::optional<RankedTensorType> rRefined = refineType(rightType, right);
    if (!lRefined && !rRefined)
      return rewriter.notifyMatchFailure(op, "no halo dimension to refine");
    replaceWithRefinedClone(rewriter, op, {std::nullopt, lRefined, rRefined});
    return success();
  }
};

/// copy_permute(tensor.cast(%x)) -> copy_permute(%x) when the cast only
/// erased static information.
struct FoldCastIntoCopyPermute : public OpRewritePattern<CopyPermuteOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(CopyPermuteOp op,
                                PatternRewriter &rewriter) const override {
    auto cast = op.getLArray().getDefiningOp<tensor::CastOp>();
    if (!cast || !tensor::canFoldIntoConsumerOp(cast))
      return rewriter.notifyMatchFailure(op, "no foldable tensor.cast input");
    rewriter.modifyOpInPlace(
        op, [&] { op.getLArrayMutable().assign(cast.getSource()); });
    return success();
  }
};

} // namespace

void CopyReshapeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<RefineCopyResult<CopyReshapeOp>>(context);
}

void CopyPermuteOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                                MLIRContext *context) {
  results.add<RefineCopyResult<CopyPermuteOp>, FoldCastIntoCopyPermute>(
      context);
}

void UpdateHaloOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                               MLIRContext *context) {
  results.add<RefineHaloResults>(context);
}
