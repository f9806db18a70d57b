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
  return binary<arith::AddIOp>(b, loc, x, y,
                               [](int64_t p, int64_t q) { return p + q; });
}
Value sub(OpBuilder &b, Location loc, Value x, Value y) {
  if (constant(y) == 0)
    return x;
  return binary<arith::SubIOp>(b, loc, x, y,
                               [](int64_t p, int64_t q) { return p - q; });
}
Value mul(OpBuilder &b, Location loc, Value x, int64_t y) {
  if (y == 1)
    return x;
  return binary<arith::MulIOp>(b, loc, x, indexConst(b, loc, y),
                               [](int64_t p, int64_t q) { return p * q; });
}
Value maxZero(OpBuilder &b, Location loc, Value x) {
  return binary<arith::MaxSIOp>(
      b, loc, x, indexConst(b, loc, 0),
      [](int64_t p, int64_t q) { return std::max(p, q); });
}
Value min(OpBuilder &b, Location loc, Value x, Value y) {
  return binary<arith::MinSIOp>(
      b, loc, x, y, [](int64_t p, int64_t q) { return std::min(p, q); });
}
/// ceil(x / step) for x >= 0.
Value ceilDiv(OpBuilder &b, Location loc, Value x, int64_t step) {
  if (step == 1)
    return x;
  return binary<arith::DivUIOp>(
      b, loc, add(b, loc, x, indexConst(b, loc, step - 1)),
      indexConst(b, loc, step), [](int64_t p, int64_t q) { return p / q; });
}
/// `value`, or 0 where `count` is 0: the offset of an empty slice stays in
/// bounds (a position computed for no element may lie past the end).
Value zeroIfEmpty(OpBuilder &b, Location loc, Value count, Value value) {
  std::optional<int64_t> c = constant(count);
  if (c)
    return *c == 0 ? indexConst(b, loc, 0) : value;
  Value zero = indexConst(b, loc, 0);
  Value empty =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, count, zero);
  return arith::SelectOp::create(b, loc, empty, zero, value);
}

/// The elements `start + k * step`, k in [0, count), of one dimension.
struct DimRange {
  Value start, count;
  int64_t step;
};

/// `lo:hi:step` in a dimension of `size` elements (SliceBounds.h).
DimRange sliceRange(OpBuilder &b, Location loc, Value size, int64_t lo,
                 int64_t hi, int64_t step) {
  if (std::optional<int64_t> constant = getConstantIntValue(size)) {
    SliceRange r = normalizeSlice(*constant, lo, hi, step);
    return {indexConst(b, loc, r.start), indexConst(b, loc, r.count), step};
  }
  auto bound = [&](int64_t value) -> Value {
    if (value == kSliceEnd)
      return size;
    if (value < 0)
      return maxZero(b, loc, add(b, loc, size, indexConst(b, loc, value)));
    return min(b, loc, indexConst(b, loc, value), size);
  };
  Value start = bound(lo);
  Value extent = maxZero(b, loc, sub(b, loc, bound(hi), start));
  return {start, ceilDiv(b, loc, extent, step), step};
}

/// The part of `range` that lies in a block of `size` elements starting at
/// `offset`: {first k, number of k, position of the first in the block}.
struct Local {
  Value first, count, position;
};
Local localRange(OpBuilder &b, Location loc, const DimRange &range, Value offset,
                 Value size) {
  auto firstAtOrAfter = [&](Value index) {
    return min(b, loc,
               ceilDiv(b, loc, maxZero(b, loc, sub(b, loc, index, range.start)),
                       range.step),
               range.count);
  };
  Value first = firstAtOrAfter(offset);
  Value count = sub(b, loc, firstAtOrAfter(add(b, loc, offset, size)), first);
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

/// Whether the ranges of `lows`/`highs`/`steps` take dimension `d` whole.
bool takesWhole(ArrayRef<int64_t> lows, ArrayRef<int64_t> highs,
                ArrayRef<int64_t> steps, int64_t d) {
  return lows[d] == 0 && highs[d] == kSliceEnd && steps[d] == 1;
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
    strides.push_back(b.getIndexAttr(range.step));
  }
  Value piece = source.local;
  if (!aligned) {
    auto type = RankedTensorType::get(
        SmallVector<int64_t>(source.rank(), ShapedType::kDynamic),
        sourceType.getElementType());
    auto copy = distruntime::CopyReshapeOp::create(
        b, loc,
        TypeRange{distruntime::AsyncHandleType::get(b.getContext()), type},
        source.local, source.globalShape, source.offsets, source.globalShape,
        firsts, counts, sourceType.getTeam());
    piece = createAndWait(b, copy).getNlArray();
  }
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
        knownShape(rewriter, loc, type, source.globalShape), op.getLows(),
        op.getHighs(), op.getSteps());
    checkStaticDims(rewriter, loc, "dist.slice", "slice", pieces.globalShape,
                    resultType.getShape(), resultType);
    // Free when the pieces already have the result's partition: an
    // irregular result of the same split, or the split dimension whole.
    bool keep = piecesType.getSplit() == resultType.getSplit() &&
                (!resultType.getBalanced() || piecesType.getBalanced());
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
    SmallVector<DimRange> ranges;
    for (int64_t d = 0; d < destType.getRank(); ++d) {
      ranges.push_back(sliceRange(rewriter, loc, destShape[d], op.getLows()[d],
                                  op.getHighs()[d], op.getSteps()[d]));
      checkSameSize(rewriter, loc, sourceShape[d], ranges[d].count,
                    ("dist.insert_slice: the source size along dimension " +
                     Twine(d) + " differs from the slice's")
                        .str());
    }
    int64_t split = destType.getSplit();
    bool aligned = takesWhole(op.getLows(), op.getHighs(), op.getSteps(),
                              split) &&
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
  SmallVector<Value> localSizes = tensorSizes(b, loc, source.local);
  DistParts pieces;
  SmallVector<OpFoldResult> positions, sizes, strides;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    DimRange range = sliceRange(b, loc, shape[d], lows[d], highs[d], steps[d]);
    Local part = localRange(b, loc, range, source.offsets[d], localSizes[d]);
    pieces.globalShape.push_back(range.count);
    pieces.offsets.push_back(part.first);
    positions.push_back(getAsOpFoldResult(part.position));
    sizes.push_back(getAsOpFoldResult(part.count));
    strides.push_back(b.getIndexAttr(steps[d]));
  }
  pieces.local = tensor::ExtractSliceOp::create(b, loc, source.local,
                                                positions, sizes, strides);
  bool balanced = type.getBalanced() &&
                  takesWhole(lows, highs, steps, type.getSplit());
  SmallVector<int64_t> staticShape;
  for (Value count : pieces.globalShape)
    staticShape.push_back(
        getConstantIntValue(count).value_or(ShapedType::kDynamic));
  return {pieces, type.withShape(staticShape)
                      .withPartition(type.getSplit(), balanced)};
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
    shape[axis] = add(b, loc, shape[axis], inputShape[axis]);
  }
  checkStaticDims(b, loc, "dist.concat", "result", shape,
                  resultType.getShape(), resultType);
  DistParts result;
  SmallVector<Value> sizes;
  std::tie(result.offsets, sizes) = balancedBox(b, loc, resultType, shape);
  result.globalShape = shape;
  Value local = emptyTensor(b, loc, resultType.getLocalType(), sizes);
  Value start = indexConst(b, loc, 0);
  DistTensorType balancedResult =
      resultType.withPartition(resultType.getSplit(), /*balanced=*/true);
  for (auto [input, type, inputShape] : llvm::zip(inputs, types, shapes)) {
    SmallVector<DimRange> ranges;
    for (auto [d, size] : llvm::enumerate(inputShape))
      ranges.push_back({static_cast<int64_t>(d) == axis
                            ? start
                            : indexConst(b, loc, 0),
                        size, 1});
    // Off the axis, an input balanced like the result holds the rows of
    // the result's block already.
    bool aligned =
        axis != resultType.getSplit() && type.hasSamePartitionAs(balancedResult);
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
