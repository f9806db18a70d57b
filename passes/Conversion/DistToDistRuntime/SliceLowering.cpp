//===- SliceLowering.cpp - dist.slice, insert_slice and concat ------------===//
//
// A slice, an insertion into a slice and a concatenation all move boxes:
// every rank cuts its part of the slice out of its own block (a strided
// tensor.extract_slice, no communication), and a rank that needs a box of
// another array receives exactly that box with one copy_reshape (the
// runtime plans who sends what from the boxes, O(P) per rank; nothing is
// gathered). The bounds are computed at run time with the arithmetic of
// SliceBounds.h, folded to constants where the sizes are static.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/SliceLowering.h"
#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"

#include "dialect/Dist/SliceBounds.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::lowering;
using namespace mlir::dist;

namespace {

// Index arithmetic that folds constants as it builds (static shapes then
// give constant sizes, and the run-time checks on them vanish). Not
// createOrFold: the ops are built by a conversion pattern.
std::optional<int64_t> constant(Value v) { return getConstantIntValue(v); }

template <typename OpTy>
Value binary(OpBuilder &b, Location loc, Value x, Value y,
             int64_t (*fold)(int64_t, int64_t)) {
  std::optional<int64_t> cx = constant(x), cy = constant(y);
  if (cx && cy)
    return indexConst(b, loc, fold(*cx, *cy));
  return OpTy::create(b, loc, x, y);
}
Value add(OpBuilder &b, Location loc, Value x, Value y) {
  if (constant(y) == 0)
    return x;
  // Folded as the op computes (modulo 2^64): a run-time check may look at
  // the wrapped value.
  return binary<arith::AddIOp>(b, loc, x, y, [](int64_t p, int64_t q) {
    return static_cast<int64_t>(static_cast<uint64_t>(p) +
                                static_cast<uint64_t>(q));
  });
}
Value sub(OpBuilder &b, Location loc, Value x, Value y) {
  if (constant(y) == 0)
    return x;
  return binary<arith::SubIOp>(b, loc, x, y,
                               [](int64_t p, int64_t q) { return p - q; });
}
Value mul(OpBuilder &b, Location loc, Value x, Value y) {
  if (constant(y) == 1)
    return x;
  return binary<arith::MulIOp>(b, loc, x, y,
                               [](int64_t p, int64_t q) { return p * q; });
}
Value max(OpBuilder &b, Location loc, Value x, Value y) {
  return binary<arith::MaxSIOp>(
      b, loc, x, y, [](int64_t p, int64_t q) { return std::max(p, q); });
}
Value maxZero(OpBuilder &b, Location loc, Value x) {
  return max(b, loc, x, indexConst(b, loc, 0));
}
Value min(OpBuilder &b, Location loc, Value x, Value y) {
  return binary<arith::MinSIOp>(
      b, loc, x, y, [](int64_t p, int64_t q) { return std::min(p, q); });
}
/// ceil(x / step) for x >= 0, step >= 1.
Value ceilDiv(OpBuilder &b, Location loc, Value x, Value step) {
  if (constant(step) == 1)
    return x;
  return binary<arith::DivUIOp>(
      b, loc, sub(b, loc, add(b, loc, x, step), indexConst(b, loc, 1)), step,
      [](int64_t p, int64_t q) { return p / q; });
}
/// `cond ? x : y`, folded when `cond` is a constant.
Value select(OpBuilder &b, Location loc, Value cond, Value x, Value y) {
  if (std::optional<int64_t> c = constant(cond))
    return *c ? x : y;
  if (x == y)
    return x;
  return arith::SelectOp::create(b, loc, cond, x, y);
}
/// `x < y`, folded for constants.
Value lessThan(OpBuilder &b, Location loc, Value x, Value y) {
  std::optional<int64_t> cx = constant(x), cy = constant(y);
  if (cx && cy)
    return arith::ConstantIntOp::create(b, loc, *cx < *cy, 1);
  return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, y);
}
/// `value`, or `ifEmpty` where `count` is 0.
Value unlessEmpty(OpBuilder &b, Location loc, Value count, Value value,
                  int64_t ifEmpty) {
  std::optional<int64_t> c = constant(count);
  if (c)
    return *c == 0 ? indexConst(b, loc, ifEmpty) : value;
  if (constant(value) == ifEmpty)
    return value;
  Value empty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, count,
                                      indexConst(b, loc, 0));
  return select(b, loc, empty, indexConst(b, loc, ifEmpty), value);
}
/// `value`, or 0 where `count` is 0: the offset of an empty slice stays in
/// bounds (a position computed for no element may lie past the end).
Value zeroIfEmpty(OpBuilder &b, Location loc, Value count, Value value) {
  return unlessEmpty(b, loc, count, value, 0);
}
/// The stride of a slice whose global range has `count` elements: `step`,
/// or 1 where the range is empty if the step may be negative (a local
/// part can only fold to an empty constant where the range does: along an
/// unsplit dimension). MLIR 22's slice verifier checks
/// `offset + (size - 1) * stride` against the dimension also for size 0,
/// which a negative stride of an empty slice fails once its sizes fold to
/// constants (upstream folds casts into subviews without asking the
/// verifier first). A positive step stays static: the layout of the slice
/// then keeps its constant stride.
OpFoldResult strideOf(OpBuilder &b, Location loc, Value count, Value step) {
  if (std::optional<int64_t> c = constant(step); c && *c > 0)
    return getAsOpFoldResult(step);
  return getAsOpFoldResult(unlessEmpty(b, loc, count, step, 1));
}

/// The elements `start + k * step`, k in [0, count), of one dimension
/// (step != 0, either sign), with `reverse` = step < 0 and `magnitude` =
/// |step| (at least 1 also when a run-time step is 0: that is reported,
/// and nothing divides by it on the way).
struct DimRange {
  Value start, count, step, reverse, magnitude;
};

/// A range of positive constant step (concatenation of whole inputs).
DimRange forwardRange(OpBuilder &b, Location loc, Value start, Value count) {
  Value one = indexConst(b, loc, 1);
  return {start, count, one, arith::ConstantIntOp::create(b, loc, 0, 1), one};
}

/// `lo:hi:step` in a dimension of `size` elements, with numpy's meaning
/// for either sign of the step (SliceBounds.h, here in index arithmetic
/// for run-time sizes or bounds; all constants fold to normalizeSlice).
/// `opName` names the op in the run-time error for a zero step along `d`.
DimRange sliceRange(OpBuilder &b, Location loc, Value size, OpFoldResult lo,
                    OpFoldResult hi, OpFoldResult step, StringRef opName,
                    int64_t d) {
  std::optional<int64_t> cSize = getConstantIntValue(size),
                         cLo = getConstantIntValue(lo),
                         cHi = getConstantIntValue(hi),
                         cStep = getConstantIntValue(step);
  if (cSize && cLo && cHi && cStep && *cStep != 0) {
    SliceRange r = normalizeSlice(*cSize, *cLo, *cHi, *cStep);
    return {indexConst(b, loc, r.start), indexConst(b, loc, r.count),
            indexConst(b, loc, *cStep),
            arith::ConstantIntOp::create(b, loc, *cStep < 0, 1),
            indexConst(b, loc, std::abs(*cStep))};
  }
  auto value = [&](OpFoldResult v) {
    return getValueOrCreateConstantIndexOp(b, loc, v);
  };
  Value zero = indexConst(b, loc, 0), one = indexConst(b, loc, 1),
        minusOne = indexConst(b, loc, -1);
  Value stepValue = value(step);
  if (!cStep)
    checkAtRunTime(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, stepValue,
                              zero),
        (opName + ": the step along dimension " + Twine(d) + " is zero")
            .str(),
        {});
  Value reverse = lessThan(b, loc, stepValue, zero);
  Value magnitude = max(
      b, loc, select(b, loc, reverse, sub(b, loc, zero, stepValue), stepValue),
      one);
  Value last = sub(b, loc, size, one);
  // PySlice_AdjustIndices: negative counts from the end, then clamp to
  // [0, size] (forward) or [-1, size - 1] (reverse).
  auto bound = [&](OpFoldResult v, std::optional<int64_t> c, Value absentFwd,
                   Value absentRev) -> Value {
    if (c == kSliceEnd)
      return select(b, loc, reverse, absentRev, absentFwd);
    Value x = value(v);
    if (!c || *c < 0) {
      Value shifted = add(b, loc, x, size);
      x = c ? shifted : select(b, loc, lessThan(b, loc, x, zero), shifted, x);
      x = max(b, loc, x, select(b, loc, reverse, minusOne, zero));
    }
    if (!c || *c >= 0)
      x = min(b, loc, x, select(b, loc, reverse, last, size));
    return x;
  };
  Value start = bound(lo, cLo, zero, last);
  Value stop = bound(hi, cHi, size, minusOne);
  Value extent = select(b, loc, reverse, sub(b, loc, start, stop),
                        sub(b, loc, stop, start));
  Value count = ceilDiv(b, loc, maxZero(b, loc, extent), magnitude);
  return {start, count, stepValue, reverse, magnitude};
}

/// The part of `range` that lies in a block of `size` elements starting at
/// `offset`: {first k, number of k, position of the first in the block}.
/// With a negative step the first k is the block's last position.
struct Local {
  Value first, count, position;
};
Local localRange(OpBuilder &b, Location loc, const DimRange &range,
                 Value offset, Value size) {
  // The positions in increasing order are lowest + j * magnitude, with
  // j = k forward and j = count - 1 - k in reverse.
  Value one = indexConst(b, loc, 1);
  Value lowest = select(
      b, loc, range.reverse,
      add(b, loc, range.start,
          mul(b, loc, maxZero(b, loc, sub(b, loc, range.count, one)),
              range.step)),
      range.start);
  auto firstAtOrAfter = [&](Value index) {
    return min(b, loc,
               ceilDiv(b, loc, maxZero(b, loc, sub(b, loc, index, lowest)),
                       range.magnitude),
               range.count);
  };
  Value low = firstAtOrAfter(offset);
  Value high = firstAtOrAfter(add(b, loc, offset, size));
  Value count = sub(b, loc, high, low);
  Value first = select(b, loc, range.reverse, sub(b, loc, range.count, high),
                       low);
  Value position = sub(
      b, loc, add(b, loc, range.start, mul(b, loc, first, range.step)), offset);
  // An empty part is the box at 0, not at its clamped position: a box at
  // the end of the dimension would look like the empty block of a
  // balanced partition to the runtime, which reuses plans of balanced
  // calls without asking the other ranks (docs/runtime.md, plan cache):
  // with boxes that are not a partition of anything that would skip an
  // exchange the other ranks take part in.
  return {zeroIfEmpty(b, loc, count, first), count,
          zeroIfEmpty(b, loc, count, position)};
}

/// The ranges of a slice op in a global shape `shape`.
template <typename OpTy>
SmallVector<DimRange> sliceRanges(OpBuilder &b, Location loc, OpTy op,
                                  ArrayRef<Value> shape) {
  SmallVector<OpFoldResult> lows = op.getMixedLows(),
                            highs = op.getMixedHighs(),
                            steps = op.getMixedSteps();
  SmallVector<DimRange> ranges;
  for (auto [d, size] : llvm::enumerate(shape))
    ranges.push_back(sliceRange(b, loc, size, lows[d], highs[d], steps[d],
                                op->getName().getStringRef(), d));
  return ranges;
}

/// Whether the ranges of `lows`/`highs`/`steps` take every split dimension
/// of `type` whole (`0:end:1`; a run-time bound is none of these
/// constants): then each rank's part of the slice lies in the same ranges
/// of the split dimensions as its block.
bool takesSplitDimsWhole(DistTensorType type, ArrayRef<OpFoldResult> lows,
                         ArrayRef<OpFoldResult> highs,
                         ArrayRef<OpFoldResult> steps) {
  return llvm::all_of(type.getSplitDims(), [&](int64_t d) {
    return getConstantIntValue(lows[d]) == 0 &&
           getConstantIntValue(highs[d]) == kSliceEnd &&
           getConstantIntValue(steps[d]) == 1;
  });
}

/// Whether the steps along every split dimension of `type` are positive
/// constants. The ranks' parts of such a slice are in the order of their
/// blocks, so they form a partition (irregular) of `type`'s grid; a
/// negative or run-time step reverses (or may reverse) the order along a
/// grid axis, which no partition describes (dist tensors hold their
/// blocks in rank or grid-coordinate order; printing and from_local rely
/// on it).
bool keepsBlockOrder(DistTensorType type, ArrayRef<OpFoldResult> steps) {
  return llvm::all_of(type.getSplitDims(), [&](int64_t d) {
    std::optional<int64_t> step = getConstantIntValue(steps[d]);
    return step && *step > 0;
  });
}

/// Whether `a` and `b` split the same dimensions over the same axes of the
/// same team (1-D or grid; equal `?` extents factor the team alike),
/// balanced or not.
bool sameBlockLayout(DistTensorType a, DistTensorType b) {
  return a.getTeam() == b.getTeam() && a.getGrid() == b.getGrid() &&
         a.getSplitDims() == b.getSplitDims();
}

/// `type` with balanced blocks (1-D or on its grid).
DistTensorType balancedLike(DistTensorType type) {
  return type.withGrid(type.getGrid(), type.getSplitDims(),
                       /*balanced=*/true);
}

/// `dest` (this rank's block of an array, at `destOffsets`) with the
/// elements of `source` that land in it when `source` fills `ranges` of the
/// array. With `aligned`, `source`'s block is known to be exactly that part
/// (the same balanced rows); otherwise one copy_reshape fetches it.
Value insertInto(OpBuilder &b, Location loc, const DistParts &source,
                 DistTensorType sourceType, Value dest,
                 ArrayRef<Value> destOffsets, ArrayRef<DimRange> ranges,
                 bool aligned) {
  SmallVector<Value> destSizes = tensorSizes(b, loc, dest);
  SmallVector<Value> firsts, counts;
  SmallVector<OpFoldResult> positions, sizes, strides;
  for (auto [d, range] : llvm::enumerate(ranges)) {
    Local part = localRange(b, loc, range, destOffsets[d], destSizes[d]);
    firsts.push_back(part.first);
    counts.push_back(part.count);
    positions.push_back(getAsOpFoldResult(part.position));
    sizes.push_back(getAsOpFoldResult(part.count));
    strides.push_back(strideOf(b, loc, range.count, range.step));
  }
  Value piece = source.local;
  if (!aligned)
    piece = fetchBox(b, loc, source, sourceType, firsts, counts);
  // insert_slice wants the piece typed with the sizes that are constants.
  SmallVector<int64_t> staticSizes;
  for (Value count : counts)
    staticSizes.push_back(constant(count).value_or(ShapedType::kDynamic));
  piece = castTo(b, loc, piece,
                 RankedTensorType::get(staticSizes,
                                       sourceType.getElementType()));
  return tensor::InsertSliceOp::create(b, loc, piece, dest, positions, sizes,
                                       strides);
}

struct SliceLowering : public DistPattern<SliceOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(SliceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DistTensorType type = distType(op.getSource());
    DistTensorType resultType = distType(op.getResult());
    DistParts source = parts(adaptor.getSource());
    auto [pieces, piecesType] = slicePieces(
        rewriter, loc, source, type,
        knownShape(rewriter, loc, type, source.globalShape),
        op.getMixedLows(), op.getMixedHighs(), op.getMixedSteps(),
        "dist.slice");
    checkStaticDims(rewriter, loc, "dist.slice", "slice", pieces.globalShape,
                    resultType.getShape(), resultType);
    // Free when the pieces already have the result's partition: an
    // irregular result split like the source (the same dimensions over
    // the same grid), or a balanced one when the split dimensions are
    // taken whole. Not with a step along a split dimension that is
    // negative or only known at run time (keepsBlockOrder).
    bool keep = sameBlockLayout(piecesType, resultType) &&
                (!resultType.getBalanced() || piecesType.getBalanced()) &&
                keepsBlockOrder(type, op.getMixedSteps());
    DistParts result =
        keep ? pieces
             : redistribute(rewriter, loc, pieces, piecesType, resultType,
                            pieces.globalShape);
    result.local = castTo(rewriter, loc, result.local,
                          resultType.getLocalType());
    replace(rewriter, op, result);
    return success();
  }
};

struct InsertSliceLowering : public DistPattern<InsertSliceOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(InsertSliceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DistTensorType sourceType = distType(op.getSource());
    DistTensorType destType = distType(op.getDest());
    DistParts source = parts(adaptor.getSource());
    DistParts dest = parts(adaptor.getDest());
    SmallVector<Value> destShape =
        knownShape(rewriter, loc, destType, dest.globalShape);
    SmallVector<Value> sourceShape =
        knownShape(rewriter, loc, sourceType, source.globalShape);
    SmallVector<DimRange> ranges = sliceRanges(rewriter, loc, op, destShape);
    for (int64_t d = 0; d < destType.getRank(); ++d) {
      checkSameSize(rewriter, loc, sourceShape[d], ranges[d].count,
                    ("dist.insert_slice: the source size along dimension " +
                     Twine(d) + " differs from the slice's")
                        .str());
    }
    bool aligned = takesSplitDimsWhole(destType, op.getMixedLows(),
                                       op.getMixedHighs(),
                                       op.getMixedSteps()) &&
                   sourceType.hasSamePartitionAs(destType);
    dest.local = castTo(rewriter, loc,
                        insertInto(rewriter, loc, source, sourceType,
                                   dest.local, dest.offsets, ranges, aligned),
                        destType.getLocalType());
    replace(rewriter, op, dest);
    return success();
  }
};

struct ConcatLowering : public DistPattern<ConcatOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(ConcatOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    SmallVector<DistParts> inputs;
    SmallVector<DistTensorType> types;
    SmallVector<SmallVector<Value>> shapes;
    for (auto [input, values] :
         llvm::zip(op.getInputs(), adaptor.getInputs())) {
      inputs.push_back(parts(values));
      types.push_back(distType(input));
      shapes.push_back(
          knownShape(rewriter, loc, types.back(), inputs.back().globalShape));
    }
    replace(rewriter, op,
            concatParts(rewriter, loc, inputs, types, shapes, op.getAxis(),
                        distType(op.getResult())));
    return success();
  }
};

} // namespace

std::pair<DistParts, DistTensorType> mlir::distc::lowering::slicePieces(
    OpBuilder &b, Location loc, const DistParts &source, DistTensorType type,
    ArrayRef<Value> shape, ArrayRef<int64_t> lows, ArrayRef<int64_t> highs,
    ArrayRef<int64_t> steps) {
  auto attrs = [&](ArrayRef<int64_t> values) {
    return llvm::map_to_vector(values, [&](int64_t v) -> OpFoldResult {
      return b.getIndexAttr(v);
    });
  };
  return slicePieces(b, loc, source, type, shape, attrs(lows), attrs(highs),
                     attrs(steps), "dist.slice");
}

std::pair<DistParts, DistTensorType> mlir::distc::lowering::slicePieces(
    OpBuilder &b, Location loc, const DistParts &source, DistTensorType type,
    ArrayRef<Value> shape, ArrayRef<OpFoldResult> lows,
    ArrayRef<OpFoldResult> highs, ArrayRef<OpFoldResult> steps,
    StringRef opName) {
  SmallVector<Value> localSizes = tensorSizes(b, loc, source.local);
  DistParts pieces;
  SmallVector<OpFoldResult> positions, sizes, strides;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    DimRange range = sliceRange(b, loc, shape[d], lows[d], highs[d], steps[d],
                                opName, d);
    Local part = localRange(b, loc, range, source.offsets[d], localSizes[d]);
    pieces.globalShape.push_back(range.count);
    pieces.offsets.push_back(part.first);
    positions.push_back(getAsOpFoldResult(part.position));
    sizes.push_back(getAsOpFoldResult(part.count));
    strides.push_back(strideOf(b, loc, range.count, range.step));
  }
  pieces.local = tensor::ExtractSliceOp::create(b, loc, source.local,
                                                positions, sizes, strides);
  bool balanced =
      type.getBalanced() && takesSplitDimsWhole(type, lows, highs, steps);
  SmallVector<int64_t> staticShape;
  for (Value count : pieces.globalShape)
    staticShape.push_back(
        getConstantIntValue(count).value_or(ShapedType::kDynamic));
  // The pieces are then the balanced blocks of the slice, and so must be
  // their offsets: localRange puts an empty piece at 0, but an empty
  // balanced block starts where the formula says (a rank past the end of
  // a dimension shorter than the grid holds the empty block at its end,
  // which update_grid_halo checks).
  if (balanced)
    pieces.offsets = balancedBox(b, loc, type.withShape(staticShape),
                                 pieces.globalShape)
                         .first;
  return {pieces, type.withShape(staticShape)
                      .withGrid(type.getGrid(), type.getSplitDims(),
                                balanced)};
}

DistParts mlir::distc::lowering::concatParts(
    OpBuilder &b, Location loc, ArrayRef<DistParts> inputs,
    ArrayRef<DistTensorType> types, ArrayRef<SmallVector<Value>> shapes,
    int64_t axis, DistTensorType resultType) {
  SmallVector<Value> shape(shapes[0]);
  for (auto [i, inputShape] : llvm::enumerate(shapes.drop_front())) {
    for (auto [d, size] : llvm::enumerate(inputShape))
      if (static_cast<int64_t>(d) != axis)
        checkSameSize(b, loc, size, shapes[0][d],
                      ("dist.concat: input " + Twine(i + 1) +
                       " differs from input 0 along dimension " + Twine(d))
                          .str());
    Value sum = add(b, loc, shape[axis], inputShape[axis]);
    // Two sizes (>= 0) whose sum wraps int64 give a negative one; checked
    // after each addition, the running sum stays a size.
    std::optional<int64_t> folded = constant(sum);
    if (!folded || *folded < 0)
      checkAtRunTime(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, sum,
                                indexConst(b, loc, 0)),
          "dist.concat: the inputs' sizes along the axis add up to more "
          "than INT64_MAX (the sum so far vs the next input's size)",
          {shape[axis], inputShape[axis]});
    shape[axis] = sum;
  }
  checkStaticDims(b, loc, "dist.concat", "result", shape,
                  resultType.getShape(), resultType);
  DistParts result;
  SmallVector<Value> sizes;
  std::tie(result.offsets, sizes) = balancedBox(b, loc, resultType, shape);
  result.globalShape = shape;
  Value local = emptyTensor(b, loc, resultType.getLocalType(), sizes);
  Value start = indexConst(b, loc, 0);
  DistTensorType balancedResult = balancedLike(resultType);
  // Along a dimension that is not split, an input balanced like the result
  // holds exactly the part of this rank's result block that it fills (the
  // same ranges of the split dimensions, all of the axis).
  bool offSplitDims = resultType.getGridAxisOf(axis) < 0;
  for (auto [input, type, inputShape] : llvm::zip(inputs, types, shapes)) {
    SmallVector<DimRange> ranges;
    for (auto [d, size] : llvm::enumerate(inputShape))
      ranges.push_back(forwardRange(b, loc,
                                    static_cast<int64_t>(d) == axis
                                        ? start
                                        : indexConst(b, loc, 0),
                                    size));
    bool aligned = offSplitDims && type.hasSamePartitionAs(balancedResult);
    local = insertInto(b, loc, input, type, local, result.offsets, ranges,
                       aligned);
    start = add(b, loc, start, inputShape[axis]);
  }
  result.local = castTo(b, loc, local, resultType.getLocalType());
  return result;
}

void mlir::distc::lowering::populateSlicePatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<SliceLowering, InsertSliceLowering, ConcatLowering>(
      converter, patterns.getContext());
}
