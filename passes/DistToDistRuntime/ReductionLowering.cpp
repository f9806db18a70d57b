//===- ReductionLowering.cpp - dist.reduce --------------------------------===//
//
// A reduction to a scalar is a local reduction followed by an allreduce of
// one element; a reduction along an axis reduces locally and, when the axis
// is the split one, combines the ranks' partial results with an allreduce.
//
//===----------------------------------------------------------------------===//

#include "passes/DistToDistRuntime/LoweringCommon.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::lowering;
using namespace mlir::dist;

namespace {

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
    APFloat value = kind == ReduceKind::sum    ? APFloat::getZero(sem)
                    : kind == ReduceKind::prod ? APFloat(sem, 1)
                    : kind == ReduceKind::min  ? APFloat::getInf(sem)
                                               : APFloat::getInf(sem, true);
    return arith::ConstantFloatOp::create(b, loc, floatType, value);
  }
  auto intType = cast<IntegerType>(type);
  unsigned width = intType.getWidth();
  APInt value =
      width == 1 ? APInt(1, kind == ReduceKind::min || kind == ReduceKind::prod)
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
  SmallVector<AffineMap> maps = {b.getMultiDimIdentityMap(rank),
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
      rewriter.replaceOp(
          op, tensor::ExtractOp::create(rewriter, loc, total, ValueRange{}));
      return success();
    }

    int64_t axis = *op.getAxis(), split = sourceType.getSplit();
    auto resultType = cast<DistTensorType>(op.getResult().getType());
    Value partial = reduceLocal(rewriter, loc, kind, source.local, {axis});
    SmallVector<Value> shape(source.globalShape), offsets(source.offsets);
    shape.erase(shape.begin() + axis);
    offsets.erase(offsets.begin() + axis);
    SmallVector<Value> known =
        knownShape(rewriter, loc, sourceType, source.globalShape);
    known.erase(known.begin() + axis);
    checkStaticDims(rewriter, loc, "dist.reduce", "remaining source", known,
                    resultType.getShape(), resultType);
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
    Value local =
        tensor::ExtractSliceOp::create(rewriter, loc, resultType.getLocalType(),
                                       full, ofrOffsets, ofrSizes, strides);
    replace(rewriter, op, {local, shape, boxOffsets});
    return success();
  }
};

} // namespace

void mlir::distc::lowering::populateReductionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ReduceLowering>(converter, patterns.getContext());
}
