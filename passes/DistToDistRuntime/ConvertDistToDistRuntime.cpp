//===- ConvertDistToDistRuntime.cpp - dist -> local code + distruntime ----===//
//
// Every !dist.tensor becomes its parts (DistLayout.h): this rank's local
// tensor, the global shape and the local offsets. Element-wise work and
// creation become local tensor/linalg code over the local tensor;
// communication becomes distruntime ops, each followed by its wait (the
// overlap pass later moves waits down to the first use). One pattern per
// op; shared arithmetic lives in DistLayout.cpp.
//
//===----------------------------------------------------------------------===//

#include "passes/DistToDistRuntime/DistLayout.h"
#include "passes/DistToDistRuntime/DistPrinting.h"
#include "passes/DistToDistRuntime/GroupShifts.h"
#include "passes/Passes.h"
#include "passes/StructuralTypeConversion.h"
#include "passes/DistToDistRuntime/Stencil.h"

#include "dialect/Dist/Dist.h"
#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::distc {
#define GEN_PASS_DEF_CONVERTDISTTODISTRUNTIME
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::dist;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

SmallVector<Value> flattenValues(ArrayRef<ValueRange> ranges) {
  SmallVector<Value> values;
  for (ValueRange range : ranges)
    values.append(range.begin(), range.end());
  return values;
}

DistTensorType distType(Value value) {
  return cast<DistTensorType>(value.getType());
}

Value indexConst(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

/// An async distruntime op's result, valid after the wait emitted here.
template <typename OpTy>
OpTy createAndWait(OpBuilder &b, OpTy op) {
  distruntime::WaitOp::create(b, op.getLoc(), op.getHandle());
  return op;
}

/// A local tensor of `type`'s partition whose element at global index `i`
/// is `element(i)`, with the parts of the result.
DistParts generateLocal(
    OpBuilder &b, Location loc, DistTensorType type, ArrayRef<Value> shape,
    function_ref<Value(OpBuilder &, Location, ArrayRef<Value>)> element) {
  SmallVector<Value> offsets, sizes;
  std::tie(offsets, sizes) =
      balancedBox(b, loc, type.getTeam(), type.getSplit(), shape);
  RankedTensorType localType = type.getLocalType();
  // A linalg.generic over linalg.index rather than tensor.generate:
  // element-wise fusion then folds it into its consumers (a closed-form
  // reference compared with a result costs no array of its own).
  Value init = emptyTensor(b, loc, localType, sizes);
  int64_t rank = localType.getRank();
  Value local =
      linalg::GenericOp::create(
          b, loc, TypeRange{localType}, ValueRange{}, ValueRange{init},
          SmallVector<AffineMap>{b.getMultiDimIdentityMap(rank)},
          SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
          [&](OpBuilder &nested, Location nestedLoc, ValueRange) {
            SmallVector<Value> global;
            for (auto [d, offset] : llvm::enumerate(offsets))
              global.push_back(arith::AddIOp::create(
                  nested, nestedLoc,
                  linalg::IndexOp::create(nested, nestedLoc, d), offset));
            linalg::YieldOp::create(nested, nestedLoc,
                                    element(nested, nestedLoc, global));
          })
          .getResult(0);
  return {local, SmallVector<Value>(shape), offsets};
}

/// An index converted to integer or floating-point type `type`.
Value indexToElement(OpBuilder &b, Location loc, Value index, Type type) {
  if (isa<IntegerType>(type))
    return arith::IndexCastOp::create(b, loc, type, index);
  Value asInt = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  return arith::SIToFPOp::create(b, loc, type, asInt);
}

/// Clones the single-block `region` with its arguments bound to `args` and
/// returns the value its dist.yield yields; dist.index ops become
/// `globalIndex` (they are only allowed directly in the body of
/// dist.elementwise).
Value inlineBody(OpBuilder &b, Region &region, ValueRange args,
                 GlobalIndexFn globalIndex = nullptr) {
  Block &body = region.front();
  IRMapping mapping;
  mapping.map(body.getArguments(), args);
  for (Operation &op : body.without_terminator()) {
    if (auto index = dyn_cast<IndexOp>(op))
      mapping.map(index.getResult(), globalIndex(b, index.getDim()));
    else
      b.clone(op, mapping);
  }
  return mapping.lookupOrDefault(
      cast<YieldOp>(body.getTerminator()).getValue());
}

/// Element-wise computation over `inputs` (the converted `originals`) in
/// the partition of `resultType`; split into interior and frame when `plan`
/// says so (Stencil.h).
DistParts elementwise(
    OpBuilder &b, Location loc, Operation *op, const StencilPlan &plan,
    ArrayRef<DistParts> inputs, ValueRange originals,
    DistTensorType resultType, ElementBodyFn body) {
  SmallVector<DistParts> aligned;
  SmallVector<Value> locals;
  for (auto [parts, original] : llvm::zip(inputs, originals)) {
    aligned.push_back(toPartitionOf(b, loc, parts, distType(original),
                                    resultType));
    locals.push_back(aligned.back().local);
  }
  RankedTensorType localType = resultType.getLocalType();
  SmallVector<Value> sizes = tensorSizes(b, loc, locals[0]);
  DistParts result{Value(), aligned[0].globalShape, aligned[0].offsets};
  if (plan.splitOps.contains(op)) {
    SmallVector<StencilOperand> operands;
    for (auto [local, original] : llvm::zip(locals, originals)) {
      StencilOperand operand;
      if (auto shifted = matchShiftedSlice(original)) {
        operand.part = &plan.halos.at(shifted->extend);
        operand.shift = shifted->shift;
      } else {
        operand.local = local;
      }
      operands.push_back(operand);
    }
    result.local = splitElementwise(b, loc, operands, localType, sizes,
                                    result.offsets, body);
    return result;
  }
  result.local =
      elementwiseGeneric(b, loc, locals, emptyTensor(b, loc, localType, sizes),
                         result.offsets, body);
  return result;
}

/// The combining operation and identity of a reduction kind.
Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value lhs,
              Value rhs) {
  Type type = lhs.getType();
  if (isa<FloatType>(type)) {
    switch (kind) {
    case ReduceKind::sum:
      return arith::AddFOp::create(b, loc, lhs, rhs);
    case ReduceKind::prod:
      return arith::MulFOp::create(b, loc, lhs, rhs);
    case ReduceKind::min:
      return arith::MinimumFOp::create(b, loc, lhs, rhs);
    case ReduceKind::max:
      return arith::MaximumFOp::create(b, loc, lhs, rhs);
    }
  }
  if (type.isInteger(1)) { // Booleans: or, and; sum and prod as or/and.
    if (kind == ReduceKind::max || kind == ReduceKind::sum)
      return arith::OrIOp::create(b, loc, lhs, rhs);
    return arith::AndIOp::create(b, loc, lhs, rhs);
  }
  switch (kind) {
  case ReduceKind::sum:
    return arith::AddIOp::create(b, loc, lhs, rhs);
  case ReduceKind::prod:
    return arith::MulIOp::create(b, loc, lhs, rhs);
  case ReduceKind::min:
    return arith::MinSIOp::create(b, loc, lhs, rhs);
  case ReduceKind::max:
    return arith::MaxSIOp::create(b, loc, lhs, rhs);
  }
  llvm_unreachable("unknown reduction kind");
}

Value identity(OpBuilder &b, Location loc, ReduceKind kind, Type type) {
  if (auto floatType = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = floatType.getFloatSemantics();
    APFloat value = kind == ReduceKind::sum   ? APFloat::getZero(sem)
                    : kind == ReduceKind::prod ? APFloat(sem, 1)
                    : kind == ReduceKind::min  ? APFloat::getInf(sem)
                                               : APFloat::getInf(sem, true);
    return arith::ConstantFloatOp::create(b, loc, floatType, value);
  }
  auto intType = cast<IntegerType>(type);
  unsigned width = intType.getWidth();
  APInt value =
      width == 1
          ? APInt(1, kind == ReduceKind::min || kind == ReduceKind::prod)
      : kind == ReduceKind::sum  ? APInt(width, 0)
      : kind == ReduceKind::prod ? APInt(width, 1)
      : kind == ReduceKind::min  ? APInt::getSignedMaxValue(width)
                                 : APInt::getSignedMinValue(width);
  return arith::ConstantOp::create(b, loc, IntegerAttr::get(intType, value));
}

/// Reduces `local` over `dims` into a fresh tensor of the remaining shape.
Value reduceLocal(OpBuilder &b, Location loc, ReduceKind kind, Value local,
                  ArrayRef<int64_t> dims) {
  auto type = cast<RankedTensorType>(local.getType());
  SmallVector<int64_t> shape;
  SmallVector<Value> sizes, allSizes = tensorSizes(b, loc, local);
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (!llvm::is_contained(dims, d)) {
      shape.push_back(type.getDimSize(d));
      sizes.push_back(allSizes[d]);
    }
  auto resultType = RankedTensorType::get(shape, type.getElementType());
  Value init = emptyTensor(b, loc, resultType, sizes);
  Value filled =
      linalg::FillOp::create(
          b, loc, identity(b, loc, kind, type.getElementType()), init)
          .getResult(0);
  // A linalg.generic rather than linalg.reduce: element-wise fusion then
  // folds the producer of `local` (e.g. the squares of a norm) into the
  // reduction, so that no temporary of the full local size is written.
  int64_t rank = type.getRank();
  SmallVector<AffineExpr> kept;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t d = 0; d < rank; ++d) {
    bool reduced = llvm::is_contained(dims, d);
    iterators.push_back(reduced ? utils::IteratorType::reduction
                                : utils::IteratorType::parallel);
    if (!reduced)
      kept.push_back(b.getAffineDimExpr(d));
  }
  SmallVector<AffineMap> maps = {
      b.getMultiDimIdentityMap(rank),
      AffineMap::get(rank, 0, kept, b.getContext())};
  auto reduce = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, ValueRange{local}, ValueRange{filled},
      maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        linalg::YieldOp::create(
            nested, nestedLoc,
            combine(nested, nestedLoc, kind, args[0], args[1]));
      });
  return reduce.getResult(0);
}

/// Element-wise reduction of `value` over the team, waited for.
Value allReduce(OpBuilder &b, Location loc, ReduceKind kind, Value value,
                int64_t team) {
  auto op = distruntime::AllReduceOp::create(
      b, loc,
      TypeRange{distruntime::AsyncHandleType::get(b.getContext()),
                value.getType()},
      static_cast<distruntime::ReduceKind>(kind), value, team);
  return createAndWait(b, op).getResult();
}

/// Stops the program with `message` on this rank when `ok` is false.
void checkAtRunTime(OpBuilder &b, Location loc, Value ok, StringRef message) {
  std::string text = message.str();
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    text = (fileLoc.getFilename().getValue() + ":" +
            Twine(fileLoc.getLine()) + ":" + Twine(fileLoc.getColumn()) +
            ": " + message)
               .str();
  cf::AssertOp::create(b, loc, ok, text);
}

template <typename Op>
struct DistPattern : public OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  using OneToNOpAdaptor = typename OpConversionPattern<Op>::OneToNOpAdaptor;

  static DistParts parts(ValueRange values) {
    return DistParts::unflatten(values);
  }
  static void replace(ConversionPatternRewriter &rewriter, Operation *op,
                      const DistParts &result) {
    rewriter.replaceOpWithMultiple(op, {result.flatten()});
  }
};

//===----------------------------------------------------------------------===//
// Team queries and creation
//===----------------------------------------------------------------------===//

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
    SmallVector<Value> shape = globalShapeOf(
        rewriter, loc, type, flattenValues(adaptor.getDynamicSizes()));
    auto [offsets, sizes] =
        balancedBox(rewriter, loc, type.getTeam(), type.getSplit(), shape);
    Value empty = emptyTensor(rewriter, loc, type.getLocalType(), sizes);
    Value local = linalg::FillOp::create(rewriter, loc,
                                         adaptor.getValue().front(), empty)
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
    SmallVector<Value> shape =
        globalShapeOf(rewriter, op.getLoc(), type,
                      flattenValues(adaptor.getDynamicSizes()));
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
    Type elementType = type.getElementType();
    Value start = adaptor.getStart().front(), step = adaptor.getStep().front();
    SmallVector<Value> shape =
        globalShapeOf(rewriter, op.getLoc(), type,
                      flattenValues(adaptor.getDynamicSizes()));
    replace(rewriter, op,
            generateLocal(
                rewriter, op.getLoc(), type, shape,
                [&](OpBuilder &b, Location loc, ArrayRef<Value> index) {
                  Value i = indexToElement(b, loc, index[0], elementType);
                  if (isa<FloatType>(elementType))
                    return arith::AddFOp::create(
                               b, loc, start,
                               arith::MulFOp::create(b, loc, i, step))
                        .getResult();
                  return arith::AddIOp::create(
                             b, loc, start,
                             arith::MulIOp::create(b, loc, i, step))
                      .getResult();
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
    SmallVector<Value> shape = globalShapeOf(
        rewriter, loc, type, flattenValues(adaptor.getDynamicSizes()));
    // step = (stop - start) / max(n - 1, 1)
    Value one = indexConst(rewriter, loc, 1);
    Value intervals = arith::MaxUIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, shape[0], one),
        one);
    Value step = arith::DivFOp::create(
        rewriter, loc, arith::SubFOp::create(rewriter, loc, stop, start),
        indexToElement(rewriter, loc, intervals, elementType));
    replace(rewriter, op,
            generateLocal(rewriter, loc, type, shape,
                          [&](OpBuilder &b, Location l, ArrayRef<Value> index) {
                            Value i =
                                indexToElement(b, l, index[0], elementType);
                            return arith::AddFOp::create(
                                       b, l, start,
                                       arith::MulFOp::create(b, l, i, step))
                                .getResult();
                          }));
    return success();
  }
};

/// Builds the global shape from the parts of all ranks and checks at run
/// time that they tile the split dimension in rank order.
struct FromLocalLowering : public DistPattern<FromLocalOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(FromLocalOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DistTensorType type = distType(op.getResult());
    int64_t split = type.getSplit(), team = type.getTeam();
    Value local = adaptor.getLocal().front();
    Value offset = adaptor.getOffset().front();
    OpBuilder &b = rewriter;
    Type i64 = b.getI64Type();

    // Every rank learns every rank's size along the split dimension.
    Value nranks = teamSize(b, loc, team), rank = teamMember(b, loc, team);
    SmallVector<Value> localSizes = tensorSizes(b, loc, local);
    auto vectorType = RankedTensorType::get({ShapedType::kDynamic}, i64);
    Value zero64 = arith::ConstantIntOp::create(b, loc, 0, 64);
    Value zeros = linalg::FillOp::create(b, loc, zero64,
                                         emptyTensor(b, loc, vectorType,
                                                     {nranks}))
                      .getResult(0);
    Value mySize = arith::IndexCastOp::create(b, loc, i64, localSizes[split]);
    Value contribution =
        tensor::InsertOp::create(b, loc, mySize, zeros, ValueRange{rank});
    Value allSizes =
        allReduce(b, loc, ReduceKind::sum, contribution, team);

    // Prefix sum up to this rank and total.
    Value zero = indexConst(b, loc, 0), one = indexConst(b, loc, 1);
    auto loop = scf::ForOp::create(
        b, loc, zero, nranks, one, ValueRange{zero64, zero64},
        [&](OpBuilder &nested, Location l, Value i, ValueRange acc) {
          Value size =
              tensor::ExtractOp::create(nested, l, allSizes, ValueRange{i});
          Value before = arith::CmpIOp::create(
              nested, l, arith::CmpIPredicate::ult, i, rank);
          Value prefix = arith::AddIOp::create(
              nested, l, acc[0],
              arith::SelectOp::create(nested, l, before, size, zero64));
          Value total = arith::AddIOp::create(nested, l, acc[1], size);
          scf::YieldOp::create(nested, l, ValueRange{prefix, total});
        });
    Value prefix = arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                              loop.getResult(0));
    Value total = arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                             loop.getResult(1));
    Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, prefix,
                                     offset);
    checkAtRunTime(b, loc, ok,
                   "dist.from_local: the offsets of the parts do not tile the "
                   "split dimension in rank order");
    if (!type.isDynamicDim(split))
      checkAtRunTime(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, total,
                                indexConst(b, loc, type.getShape()[split])),
          "dist.from_local: the parts do not add up to the static global "
          "size of the split dimension");
    if (type.getBalanced()) {
      auto [balancedOffset, balancedSize] =
          balancedBlock(b, loc, total, nranks, rank);
      (void)balancedOffset;
      checkAtRunTime(b, loc,
                     arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           balancedSize, localSizes[split]),
                     "dist.from_local: the result type is balanced but the "
                     "parts are not");
    }
    // Dynamic non-split dimensions must agree on all ranks: max(d) and
    // max(-d) over the team recover the largest and smallest value.
    SmallVector<Value> shape;
    for (int64_t d = 0; d < type.getRank(); ++d) {
      if (d == split) {
        shape.push_back(total);
        continue;
      }
      if (!type.isDynamicDim(d)) {
        shape.push_back(indexConst(b, loc, type.getShape()[d]));
        continue;
      }
      Value size = arith::IndexCastOp::create(b, loc, i64, localSizes[d]);
      Value negated = arith::SubIOp::create(b, loc, zero64, size);
      Value pair = tensor::FromElementsOp::create(
          b, loc, RankedTensorType::get({2}, i64), ValueRange{size, negated});
      Value extremes = allReduce(b, loc, ReduceKind::max, pair, team);
      Value largest = tensor::ExtractOp::create(
          b, loc, extremes, ValueRange{indexConst(b, loc, 0)});
      Value negSmallest = tensor::ExtractOp::create(
          b, loc, extremes, ValueRange{indexConst(b, loc, 1)});
      Value same = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq,
          arith::AddIOp::create(b, loc, largest, negSmallest), zero64);
      checkAtRunTime(b, loc, same,
                     "dist.from_local: the parts differ in a dimension other "
                     "than the split dimension");
      shape.push_back(localSizes[d]);
    }
    SmallVector<Value> offsets(type.getRank(), zero);
    offsets[split] = offset;
    replace(rewriter, op,
            {castTo(b, loc, local, type.getLocalType()), shape, offsets});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

struct LocalLowering : public DistPattern<LocalOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(LocalOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(),
                                  parts(adaptor.getSource()).local,
                                  op.getResult().getType()));
    return success();
  }
};

struct GlobalDimLowering : public DistPattern<GlobalDimOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(GlobalDimOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, parts(adaptor.getSource()).globalShape[op.getDim()]);
    return success();
  }
};

struct LocalOffsetLowering : public DistPattern<LocalOffsetOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(LocalOffsetOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, parts(adaptor.getSource()).offsets[op.getDim()]);
    return success();
  }
};

struct WithLocalLowering : public DistPattern<WithLocalOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(WithLocalOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DistParts result = parts(adaptor.getLike());
    result.local = castTo(rewriter, op.getLoc(), adaptor.getLocal().front(),
                          distType(op.getResult()).getLocalType());
    replace(rewriter, op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Element-wise
//===----------------------------------------------------------------------===//

/// A pattern that reads or fills the StencilPlan of the conversion.
template <typename Op>
struct StencilPattern : public DistPattern<Op> {
  StencilPattern(const TypeConverter &converter, MLIRContext *context,
                 StencilPlan &plan)
      : DistPattern<Op>(converter, context), plan(plan) {}

  /// Whether the halos of every dist.extend that `op`'s shifted inputs
  /// read are recorded (their lowering runs first: they dominate `op`).
  bool halosReady(Operation *op, ValueRange inputs) const {
    if (!plan.splitOps.contains(op))
      return true;
    return llvm::all_of(inputs, [&](Value input) {
      auto shifted = matchShiftedSlice(input);
      return !shifted || plan.halos.contains(shifted->extend);
    });
  }

  StencilPlan &plan;
};

struct ElementwiseLowering : public StencilPattern<ElementwiseOp> {
  using StencilPattern::StencilPattern;
  LogicalResult
  matchAndRewrite(ElementwiseOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!halosReady(op, op.getInputs()))
      return rewriter.notifyMatchFailure(op, "halos of a shift not lowered");
    SmallVector<DistParts> inputs;
    for (ValueRange values : adaptor.getInputs())
      inputs.push_back(parts(values));
    replace(rewriter, op,
            elementwise(rewriter, op.getLoc(), op, plan, inputs,
                        op.getInputs(), distType(op.getResult()),
                        [&](OpBuilder &b, Location, ValueRange args,
                            GlobalIndexFn globalIndex) {
                          return inlineBody(b, op.getBody(), args,
                                            globalIndex);
                        }));
    return success();
  }
};

template <typename BinaryOp, typename FloatOp, typename IntOp>
struct BinaryLowering : public StencilPattern<BinaryOp> {
  using StencilPattern<BinaryOp>::StencilPattern;
  LogicalResult
  matchAndRewrite(BinaryOp op,
                  typename DistPattern<BinaryOp>::OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!this->halosReady(op, op->getOperands()))
      return rewriter.notifyMatchFailure(op, "halos of a shift not lowered");
    DistParts lhs = DistParts::unflatten(adaptor.getLhs());
    DistParts rhs = DistParts::unflatten(adaptor.getRhs());
    DistTensorType resultType = distType(op.getResult());
    bool isFloat = isa<FloatType>(resultType.getElementType());
    DistParts result = elementwise(
        rewriter, op.getLoc(), op, this->plan, {lhs, rhs}, op->getOperands(),
        resultType,
        [&](OpBuilder &b, Location loc, ValueRange args, GlobalIndexFn) -> Value {
          if (isFloat)
            return FloatOp::create(b, loc, args[0], args[1]);
          return IntOp::create(b, loc, args[0], args[1]);
        });
    rewriter.replaceOpWithMultiple(op, {result.flatten()});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

struct ReduceLowering : public DistPattern<ReduceOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DistTensorType sourceType = distType(op.getSource());
    DistParts source = parts(adaptor.getSource());
    ReduceKind kind = op.getKind();
    int64_t team = sourceType.getTeam(), rank = sourceType.getRank();

    if (!op.getAxis()) {
      SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, rank));
      Value partial = reduceLocal(rewriter, loc, kind, source.local, all);
      Value total = allReduce(rewriter, loc, kind, partial, team);
      rewriter.replaceOp(op, tensor::ExtractOp::create(rewriter, loc, total,
                                                       ValueRange{}));
      return success();
    }

    int64_t axis = *op.getAxis(), split = sourceType.getSplit();
    auto resultType = cast<DistTensorType>(op.getResult().getType());
    Value partial = reduceLocal(rewriter, loc, kind, source.local, {axis});
    SmallVector<Value> shape(source.globalShape), offsets(source.offsets);
    shape.erase(shape.begin() + axis);
    offsets.erase(offsets.begin() + axis);
    if (axis != split) {
      // Every rank keeps its rows: the result is split like the source.
      int64_t newSplit = split - (axis < split ? 1 : 0);
      DistTensorType natural =
          resultType.withPartition(newSplit, sourceType.getBalanced());
      DistParts result{castTo(rewriter, loc, partial, natural.getLocalType()),
                       shape, offsets};
      replace(rewriter, op,
              toPartitionOf(rewriter, loc, result, natural, resultType));
      return success();
    }
    // Reducing the split dimension: every rank has a partial result of the
    // whole output; combine them and keep this rank's block.
    Value full = allReduce(rewriter, loc, kind, partial, team);
    auto [boxOffsets, boxSizes] = balancedBox(
        rewriter, loc, resultType.getTeam(), resultType.getSplit(), shape);
    SmallVector<OpFoldResult> ofrOffsets(boxOffsets.begin(), boxOffsets.end()),
        ofrSizes(boxSizes.begin(), boxSizes.end()),
        strides(boxSizes.size(), rewriter.getIndexAttr(1));
    Value local = tensor::ExtractSliceOp::create(
        rewriter, loc, resultType.getLocalType(), full, ofrOffsets, ofrSizes,
        strides);
    replace(rewriter, op, {local, shape, boxOffsets});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Redistribution
//===----------------------------------------------------------------------===//

struct ReshapeLowering : public DistPattern<ReshapeOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DistTensorType resultType = distType(op.getResult());
    SmallVector<Value> shape =
        globalShapeOf(rewriter, op.getLoc(), resultType,
                      flattenValues(adaptor.getDynamicSizes()));
    replace(rewriter, op,
            redistribute(rewriter, op.getLoc(), parts(adaptor.getSource()),
                         distType(op.getSource()), resultType, shape));
    return success();
  }
};

struct PermuteLowering : public DistPattern<PermuteOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(PermuteOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DistTensorType resultType = distType(op.getResult());
    DistParts source = parts(adaptor.getSource());
    SmallVector<Value> shape;
    for (int64_t axis : op.getAxes())
      shape.push_back(source.globalShape[axis]);
    auto [offsets, sizes] = balancedBox(rewriter, loc, resultType.getTeam(),
                                        resultType.getSplit(), shape);
    auto copy = distruntime::CopyPermuteOp::create(
        rewriter, loc,
        TypeRange{distruntime::AsyncHandleType::get(getContext()),
                  resultType.getLocalType()},
        source.local, source.globalShape, source.offsets, offsets, sizes,
        op.getAxes(), distType(op.getSource()).getTeam());
    createAndWait(rewriter, copy);
    replace(rewriter, op, {copy.getNlArray(), shape, offsets});
    return success();
  }
};

struct RepartitionLowering : public DistPattern<RepartitionOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(RepartitionOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DistParts source = parts(adaptor.getSource());
    DistParts result =
        toPartitionOf(rewriter, op.getLoc(), source, distType(op.getSource()),
                      distType(op.getResult()));
    result.local = castTo(rewriter, op.getLoc(), result.local,
                          distType(op.getResult()).getLocalType());
    replace(rewriter, op, result);
    return success();
  }
};

/// Copies the whole array to the ranks for which `wantsAll` is true (an
/// empty box for the others). The result has only dynamic dimensions.
Value gatherTo(OpBuilder &b, Location loc, const DistParts &source,
               DistTensorType type, Value wantsAll) {
  Value zero = indexConst(b, loc, 0);
  SmallVector<Value> offsets(source.rank(), zero), sizes;
  for (Value size : source.globalShape)
    sizes.push_back(wantsAll ? arith::SelectOp::create(b, loc, wantsAll, size,
                                                       zero)
                                   .getResult()
                             : size);
  auto outType = RankedTensorType::get(
      SmallVector<int64_t>(source.rank(), ShapedType::kDynamic),
      type.getElementType());
  auto copy = distruntime::CopyReshapeOp::create(
      b, loc,
      TypeRange{distruntime::AsyncHandleType::get(b.getContext()), outType},
      source.local, source.globalShape, source.offsets, source.globalShape,
      offsets, sizes, type.getTeam());
  return createAndWait(b, copy).getNlArray();
}

struct GatherLowering : public DistPattern<GatherOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value all = gatherTo(rewriter, op.getLoc(), parts(adaptor.getSource()),
                         distType(op.getSource()), Value());
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), all,
                                  op.getResult().getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Stencils
//===----------------------------------------------------------------------===//

/// The local part grown by low/high in every dimension: rows of other ranks
/// through update_halo, `fill` outside the global array. When only split
/// element-wise ops read it (StencilPlan), the extended tensor is never
/// assembled: they read windows of it (Stencil.h).
struct ExtendLowering : public StencilPattern<ExtendOp> {
  using StencilPattern::StencilPattern;
  LogicalResult
  matchAndRewrite(ExtendOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    DistTensorType type = distType(op.getSource());
    HaloedPart halos =
        exchangeHalos(b, loc, parts(adaptor.getSource()), type, op.getLow(),
                      op.getHigh(), adaptor.getFill().front());
    plan.halos[op] = halos;
    auto resultType = cast<RankedTensorType>(op.getResult().getType());
    SmallVector<Value> begin, sizes;
    for (auto [d, size] : llvm::enumerate(tensorSizes(b, loc, halos.local))) {
      begin.push_back(indexConst(b, loc, 0));
      sizes.push_back(arith::AddIOp::create(
          b, loc, size, indexConst(b, loc, halos.low[d] + halos.high[d])));
    }
    // Unused: only slices that the conversion drops read it.
    Value extended = emptyTensor(b, loc, resultType, sizes);
    if (plan.extendsNeedingTensor.contains(op))
      extended = castTo(b, loc, extendedWindow(b, loc, halos, begin, sizes),
                        resultType);
    rewriter.replaceOp(op, extended);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

struct PrintLowering : public DistPattern<PrintOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(PrintOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    Value value = adaptor.getValue().front();
    int64_t team = op.getTeam();
    auto type = dyn_cast<DistTensorType>(op.getValue().getType());
    if (type)
      team = type.getTeam();
    Value isRoot =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                              teamMember(b, loc, team), indexConst(b, loc, 0));
    if (type)
      value = gatherTo(b, loc, parts(adaptor.getValue()), type, isRoot);
    scf::IfOp::create(b, loc, isRoot, [&](OpBuilder &then, Location thenLoc) {
      emitPrint(then, thenLoc, value);
      scf::YieldOp::create(then, thenLoc);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Erases the tensor ops left without users by the conversion: the slices
/// of dist.extend results that split element-wise ops no longer read (and
/// what only they used), so that no unused extended buffer is allocated
/// at -O0, where nothing else cleans up.
void eraseDeadSlices(Operation *root) {
  SmallVector<Operation *> candidates;
  root->walk([&](Operation *op) {
    if (isa<tensor::ExtractSliceOp, tensor::EmptyOp, tensor::CastOp>(op))
      candidates.push_back(op);
  });
  // Slices come after what they slice: erase users first.
  for (Operation *op : llvm::reverse(candidates))
    if (isOpTriviallyDead(op))
      op->erase();
}

struct ConvertDistToDistRuntimePass
    : public distc::impl::ConvertDistToDistRuntimeBase<
          ConvertDistToDistRuntimePass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    groupShiftsIntoExtends(getOperation());
    StencilPlan plan = StencilPlan::analyze(getOperation());

    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion(
        [](DistTensorType type, SmallVectorImpl<Type> &results) {
          DistParts::convertType(type, results);
          return success();
        });

    ConversionTarget target(*context);
    RewritePatternSet patterns(context);
    populateStructuralTypeConversions(converter, patterns, target);
    target.addIllegalDialect<DistDialect>();
    populateDistToDistRuntimePatterns(converter, patterns, plan);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      return signalPassFailure();
    eraseDeadSlices(getOperation());
  }
};

} // namespace

void mlir::distc::populateDistToDistRuntimePatterns(
    TypeConverter &converter, RewritePatternSet &patterns, StencilPlan &plan) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      TeamQueryLowering<TeamSizeOp, true>, TeamQueryLowering<TeamMemberOp, false>,
      FullLowering, GenerateLowering, ArangeLowering, LinspaceLowering,
      FromLocalLowering, LocalLowering, GlobalDimLowering, LocalOffsetLowering,
      WithLocalLowering, ReduceLowering, ReshapeLowering, PermuteLowering,
      RepartitionLowering, GatherLowering, PrintLowering>(converter, context);
  patterns.add<ElementwiseLowering, ExtendLowering,
               BinaryLowering<AddOp, arith::AddFOp, arith::AddIOp>,
               BinaryLowering<SubOp, arith::SubFOp, arith::SubIOp>,
               BinaryLowering<MulOp, arith::MulFOp, arith::MulIOp>,
               BinaryLowering<DivOp, arith::DivFOp, arith::DivSIOp>,
               BinaryLowering<MaxOp, arith::MaximumFOp, arith::MaxSIOp>,
               BinaryLowering<MinOp, arith::MinimumFOp, arith::MinSIOp>>(
      converter, context, plan);
}
