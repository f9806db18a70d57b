//===- CreationLowering.cpp - team queries and creation ops ---------------===//
//
// dist.team_size/team_member, full, generate, arange, linspace and
// from_local become local code: a balanced block computed at run time from
// the team (one executable for any number of ranks), filled from the
// global indices; from_local checks at run time that the ranks' parts tile
// the array.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::lowering;
using namespace mlir::dist;

namespace {

/// A local tensor of `type`'s partition whose element at global index `i`
/// is `element(i)`, with the parts of the result.
DistParts generateLocal(
    OpBuilder &b, Location loc, DistTensorType type, ArrayRef<Value> shape,
    function_ref<Value(OpBuilder &, Location, ArrayRef<Value>)> element) {
  SmallVector<Value> offsets, sizes;
  std::tie(offsets, sizes) =
      balancedBox(b, loc, type, shape);
  RankedTensorType localType = type.getLocalType();
  // A linalg.generic over linalg.index rather than tensor.generate:
  // element-wise fusion then folds it into its consumers (a closed-form
  // reference compared with a result costs no array of its own).
  int64_t rank = localType.getRank();
  Value local = elementwiseGeneric(
      b, loc, ValueRange{}, emptyTensor(b, loc, localType, sizes), offsets,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange,
          GlobalIndexFn globalIndex) {
        SmallVector<Value> global;
        for (int64_t d = 0; d < rank; ++d)
          global.push_back(globalIndex(nested, d));
        return element(nested, nestedLoc, global);
      });
  return {local, SmallVector<Value>(shape), offsets};
}

/// An index converted to integer or floating-point type `type`.
Value indexToElement(OpBuilder &b, Location loc, Value index, Type type) {
  if (type.isIndex())
    return index;
  if (isa<IntegerType>(type))
    return arith::IndexCastOp::create(b, loc, type, index);
  Value asInt = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  return arith::SIToFPOp::create(b, loc, type, asInt);
}

/// start + index * step in the element type of `start` (arange, linspace).
Value startPlusIndexTimesStep(OpBuilder &b, Location loc, Value start,
                              Value step, Value index) {
  Type type = start.getType();
  Value i = indexToElement(b, loc, index, type);
  if (isa<FloatType>(type))
    return arith::AddFOp::create(b, loc, start,
                                 arith::MulFOp::create(b, loc, i, step));
  return arith::AddIOp::create(b, loc, start,
                               arith::MulIOp::create(b, loc, i, step));
}

/// The global shape of `op`'s result `type` from its dynamic sizes, checked
/// at run time to be a valid size (non-negative, byte count within int64):
/// the verifier sees only constants.
SmallVector<Value> checkedGlobalShape(OpBuilder &b, Operation *op,
                                      DistTensorType type,
                                      ValueRange dynamicSizes) {
  SmallVector<Value> shape =
      globalShapeOf(b, op->getLoc(), type, dynamicSizes);
  checkShapeFits(b, op->getLoc(), op->getName().getStringRef(), shape,
                 type.getElementType());
  return shape;
}

template <typename QueryOp, bool isSize>
struct TeamQueryLowering : public DistPattern<QueryOp> {
  using DistPattern<QueryOp>::DistPattern;
  LogicalResult
  matchAndRewrite(QueryOp op, typename DistPattern<QueryOp>::OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    int64_t team = op.getTeam();
    rewriter.replaceOp(op, isSize ? teamSize(rewriter, op.getLoc(), team)
                                  : teamMember(rewriter, op.getLoc(), team));
    return success();
  }
};

struct FullLowering : public DistPattern<FullOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(FullOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DistTensorType type = distType(op.getResult());
    SmallVector<Value> shape = checkedGlobalShape(
        rewriter, op, type, flattenValues(adaptor.getDynamicSizes()));
    auto [offsets, sizes] =
        balancedBox(rewriter, loc, type, shape);
    Value empty = emptyTensor(rewriter, loc, type.getLocalType(), sizes);
    Value local =
        linalg::FillOp::create(rewriter, loc, adaptor.getValue().front(), empty)
            .getResult(0);
    replace(rewriter, op, {local, shape, offsets});
    return success();
  }
};

struct GenerateLowering : public DistPattern<GenerateOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(GenerateOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DistTensorType type = distType(op.getResult());
    SmallVector<Value> shape = checkedGlobalShape(
        rewriter, op, type, flattenValues(adaptor.getDynamicSizes()));
    replace(rewriter, op,
            generateLocal(rewriter, op.getLoc(), type, shape,
                          [&](OpBuilder &b, Location, ArrayRef<Value> index) {
                            return inlineBody(b, op.getBody(), index);
                          }));
    return success();
  }
};

struct ArangeLowering : public DistPattern<ArangeOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(ArangeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DistTensorType type = distType(op.getResult());
    Value start = adaptor.getStart().front(), step = adaptor.getStep().front();
    SmallVector<Value> shape = checkedGlobalShape(
        rewriter, op, type, flattenValues(adaptor.getDynamicSizes()));
    replace(
        rewriter, op,
        generateLocal(rewriter, op.getLoc(), type, shape,
                      [&](OpBuilder &b, Location loc, ArrayRef<Value> index) {
                        return startPlusIndexTimesStep(b, loc, start, step,
                                                       index[0]);
                      }));
    return success();
  }
};

struct LinspaceLowering : public DistPattern<LinspaceOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(LinspaceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DistTensorType type = distType(op.getResult());
    Type elementType = type.getElementType();
    Value start = adaptor.getStart().front(), stop = adaptor.getStop().front();
    SmallVector<Value> shape = checkedGlobalShape(
        rewriter, op, type, flattenValues(adaptor.getDynamicSizes()));
    // step = (stop - start) / max(n - 1, 1)
    Value one = indexConst(rewriter, loc, 1);
    Value intervals = arith::MaxUIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, shape[0], one),
        one);
    Value step = arith::DivFOp::create(
        rewriter, loc, arith::SubFOp::create(rewriter, loc, stop, start),
        indexToElement(rewriter, loc, intervals, elementType));
    // As numpy: start + i * step, except that the last element is `stop`
    // itself (the rounded sum can miss it by an ulp) and that rounding never
    // leaves [min(start, stop), max(start, stop)]. `intervals` is n - 1
    // whenever there is a last element to replace (n >= 2), and 1 for
    // n == 1, where no index equals it and the only element is `start`.
    Value low = arith::MinimumFOp::create(rewriter, loc, start, stop);
    Value high = arith::MaximumFOp::create(rewriter, loc, start, stop);
    replace(rewriter, op,
            generateLocal(rewriter, loc, type, shape,
                          [&](OpBuilder &b, Location l, ArrayRef<Value> index) {
                            Value value = startPlusIndexTimesStep(
                                b, l, start, step, index[0]);
                            value = arith::MinimumFOp::create(
                                b, l, arith::MaximumFOp::create(b, l, value, low),
                                high);
                            Value isLast = arith::CmpIOp::create(
                                b, l, arith::CmpIPredicate::eq, index[0],
                                intervals);
                            return arith::SelectOp::create(b, l, isLast, stop,
                                                           value)
                                .getResult();
                          }));
    return success();
  }
};

/// `size` (index) and its negation as a 2-element i64 tensor reduced with
/// max over `team`: {largest, -smallest}; the check that they agree
/// reports "<message> (largest vs smallest)".
void checkSameOnTeam(OpBuilder &b, Location loc, Value size, int64_t team,
                     const Twine &message) {
  Type i64 = b.getI64Type();
  Value zero64 = arith::ConstantIntOp::create(b, loc, 0, 64);
  Value size64 = arith::IndexCastOp::create(b, loc, i64, size);
  Value negated = arith::SubIOp::create(b, loc, zero64, size64);
  Value pair = tensor::FromElementsOp::create(
      b, loc, RankedTensorType::get({2}, i64), ValueRange{size64, negated});
  Value extremes = allReduce(b, loc, ReduceKind::max, pair, team);
  Value largest = tensor::ExtractOp::create(b, loc, extremes,
                                            ValueRange{indexConst(b, loc, 0)});
  Value negSmallest = tensor::ExtractOp::create(
      b, loc, extremes, ValueRange{indexConst(b, loc, 1)});
  Value same = arith::CmpIOp::create(
      b, loc, arith::CmpIPredicate::eq,
      arith::AddIOp::create(b, loc, largest, negSmallest), zero64);
  checkAtRunTime(
      b, loc, same, (message + " (largest vs smallest)").str(),
      {largest,
       arith::SubIOp::create(b, loc, zero64, negSmallest).getResult()});
}

/// The sizes of the `extent` blocks along one axis, in coordinate order,
/// from the ranks of `team` (one per coordinate, this rank at `coord`):
/// one sum allreduce of `extent` values. Returns {the sum of the sizes
/// before `coord`, the total}, after a run-time check that the total fits
/// in int64 (`what` names the dimension in the message).
std::pair<Value, Value> prefixAndTotal(OpBuilder &b, Location loc, Value size,
                                       Value extent, Value coord, int64_t team,
                                       const Twine &what) {
  Type i64 = b.getI64Type();
  auto vectorType = RankedTensorType::get({ShapedType::kDynamic}, i64);
  Value zero64 = arith::ConstantIntOp::create(b, loc, 0, 64);
  Value zeros = linalg::FillOp::create(
                    b, loc, zero64, emptyTensor(b, loc, vectorType, {extent}))
                    .getResult(0);
  Value mySize = arith::IndexCastOp::create(b, loc, i64, size);
  Value contribution =
      tensor::InsertOp::create(b, loc, mySize, zeros, ValueRange{coord});
  Value allSizes = allReduce(b, loc, ReduceKind::sum, contribution, team);
  Value zero = indexConst(b, loc, 0), one = indexConst(b, loc, 1);
  // The sizes are >= 0, so a partial sum that wraps int64 is negative: the
  // loop carries whether every one was not (then none wrapped).
  Value fits = arith::ConstantIntOp::create(b, loc, 1, 1);
  auto loop = scf::ForOp::create(
      b, loc, zero, extent, one, ValueRange{zero64, zero64, fits},
      [&](OpBuilder &nested, Location l, Value i, ValueRange acc) {
        Value s = tensor::ExtractOp::create(nested, l, allSizes, ValueRange{i});
        Value before = arith::CmpIOp::create(
            nested, l, arith::CmpIPredicate::ult, i, coord);
        Value prefix = arith::AddIOp::create(
            nested, l, acc[0],
            arith::SelectOp::create(nested, l, before, s, zero64));
        Value total = arith::AddIOp::create(nested, l, acc[1], s);
        Value stillFits = arith::AndIOp::create(
            nested, l, acc[2],
            arith::CmpIOp::create(nested, l, arith::CmpIPredicate::sge, total,
                                  zero64));
        scf::YieldOp::create(nested, l, ValueRange{prefix, total, stillFits});
      });
  checkAtRunTime(b, loc, loop.getResult(2),
                 ("dist.from_local: the parts' sizes along " + what +
                  " add up to more than INT64_MAX")
                     .str());
  return {
      arith::IndexCastOp::create(b, loc, b.getIndexType(), loop.getResult(0)),
      arith::IndexCastOp::create(b, loc, b.getIndexType(), loop.getResult(1))};
}

/// Builds the global shape from the parts of all ranks and checks at run
/// time that they tile the split dimensions: in rank order (1-D), or per
/// grid axis in coordinate order, the ranks of one coordinate agreeing on
/// the size (a grid: the sizes are exchanged on the sub-grid teams of one
/// axis, O(extent) per rank).
struct FromLocalLowering : public DistPattern<FromLocalOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(FromLocalOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DistTensorType type = distType(op.getResult());
    int64_t team = type.getTeam();
    Value local = adaptor.getLocal().front();
    SmallVector<Value> givenOffsets = flattenValues(adaptor.getOffsets());
    OpBuilder &b = rewriter;
    SmallVector<int64_t> splitDims = type.getSplitDims();
    int64_t axes = splitDims.size();

    SmallVector<Value> extents, coords;
    if (type.isGrid()) {
      extents = gridExtents(b, loc, type);
      coords = gridCoordinates(b, loc, extents, teamMember(b, loc, team));
    } else {
      extents.push_back(teamSize(b, loc, team));
      coords.push_back(teamMember(b, loc, team));
    }
    SmallVector<Value> localSizes = tensorSizes(b, loc, local);
    Value zero = indexConst(b, loc, 0);
    SmallVector<Value> shape(type.getRank()), offsets(type.getRank(), zero);
    for (auto [axis, d] : llvm::enumerate(splitDims)) {
      // The verifier admits only grids whose sub-grid teams have ids.
      int64_t lineTeam = team;
      if (type.isGrid()) {
        SmallVector<int64_t> others;
        for (int64_t k = 0; k < axes; ++k)
          if (k != static_cast<int64_t>(axis))
            others.push_back(k);
        // The ranks sharing this coordinate hold the same range of d.
        if (!others.empty())
          checkSameOnTeam(
              b, loc, localSizes[d],
              *defineGridAxesTeam(b, loc, type, others),
              "dist.from_local: the parts of the ranks with the same "
              "coordinate along grid axis " +
                  Twine(axis) + " differ along dimension " + Twine(d));
        lineTeam = *defineGridAxesTeam(b, loc, type, {int64_t(axis)});
      }
      auto [prefix, total] =
          prefixAndTotal(b, loc, localSizes[d], extents[axis], coords[axis],
                         lineTeam, "dimension " + Twine(d));
      Value offset = givenOffsets[axis];
      Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                       prefix, offset);
      checkAtRunTime(
          b, loc, ok,
          type.isGrid()
              ? ("dist.from_local: the offsets along dimension " + Twine(d) +
                 " do not tile it in the order of grid axis " + Twine(axis) +
                 " (this rank's offset vs the sum of the parts before it)")
                    .str()
              : "dist.from_local: the offsets of the parts do not tile the "
                "split dimension in rank order (this rank's offset vs the "
                "sum of the parts before it)",
          {offset, prefix});
      if (!type.isDynamicDim(d))
        checkAtRunTime(
            b, loc,
            arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, total,
                                  indexConst(b, loc, type.getShape()[d])),
            type.isGrid()
                ? ("dist.from_local: the parts do not add up to the static "
                   "global size of dimension " +
                   Twine(d))
                      .str()
                : "dist.from_local: the parts do not add up to the static "
                  "global size of the split dimension",
            {total, indexConst(b, loc, type.getShape()[d])});
      if (type.getBalanced()) {
        Value balancedSize =
            balancedBlock(b, loc, total, extents[axis], coords[axis]).second;
        checkAtRunTime(b, loc,
                       arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                             balancedSize, localSizes[d]),
                       "dist.from_local: the result type is balanced but the "
                       "parts are not (this rank's part vs its balanced size)",
                       {localSizes[d], balancedSize});
      }
      shape[d] = total;
      offsets[d] = offset;
    }
    // Dynamic unsplit dimensions must agree on all ranks: max(d) and
    // max(-d) over the team recover the largest and smallest value.
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (type.getGridAxisOf(d) >= 0)
        continue;
      if (!type.isDynamicDim(d)) {
        shape[d] = indexConst(b, loc, type.getShape()[d]);
        checkSameSize(b, loc, localSizes[d], shape[d],
                      ("dist.from_local: the part size along dimension " +
                       Twine(d) + " differs from the result type's")
                          .str());
        continue;
      }
      checkSameOnTeam(b, loc, localSizes[d], team,
                      "dist.from_local: the parts differ along dimension " +
                          Twine(d) + ", which is not " +
                          (type.isGrid() ? "a split dimension"
                                         : "the split dimension"));
      shape[d] = localSizes[d];
    }
    // Each part fits; the global array of their sums need not.
    checkShapeFits(b, loc, "dist.from_local", shape, type.getElementType());
    replace(rewriter, op,
            {castTo(b, loc, local, type.getLocalType()), shape, offsets});
    return success();
  }
};

} // namespace

void mlir::distc::lowering::populateCreationPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<TeamQueryLowering<TeamSizeOp, true>,
               TeamQueryLowering<TeamMemberOp, false>, FullLowering,
               GenerateLowering, ArangeLowering, LinspaceLowering,
               FromLocalLowering>(converter, patterns.getContext());
}
