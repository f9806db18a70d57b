//===- ReductionLowering.cpp - dist.reduce --------------------------------===//
//
// A reduction to a scalar is a local reduction followed by an allreduce of
// one element; a reduction along an axis reduces locally and, when the axis
// is the split one, combines the ranks' partial results with an allreduce.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"
#include "passes/Conversion/DistToDistRuntime/Reductions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

#include <limits>

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::lowering;
using namespace mlir::dist;

Value mlir::distc::lowering::combine(OpBuilder &b, Location loc,
                                     ReduceKind kind, Value lhs, Value rhs) {
  Type type = lhs.getType();
  if (isa<ComplexType>(type)) { // the verifiers allow sum and prod only
    if (kind == ReduceKind::prod)
      return complex::MulOp::create(b, loc, lhs, rhs);
    return complex::AddOp::create(b, loc, lhs, rhs);
  }
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
    default:
      break;
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
  default:
    break;
  }
  llvm_unreachable("combine() takes sum, prod, min or max");
}

Value mlir::distc::lowering::identity(OpBuilder &b, Location loc,
                                      ReduceKind kind, Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type)) {
    Type part = complexType.getElementType();
    double re = kind == ReduceKind::prod ? 1.0 : 0.0;
    return complex::ConstantOp::create(
        b, loc, complexType,
        b.getArrayAttr({b.getFloatAttr(part, re), b.getFloatAttr(part, 0.0)}));
  }
  if (auto floatType = dyn_cast<FloatType>(type)) {
    const llvm::fltSemantics &sem = floatType.getFloatSemantics();
    APFloat value = kind == ReduceKind::sum    ? APFloat::getZero(sem)
                    : kind == ReduceKind::prod ? APFloat(sem, 1)
                    : kind == ReduceKind::min  ? APFloat::getInf(sem)
                                               : APFloat::getInf(sem, true);
    return arith::ConstantFloatOp::create(b, loc, floatType, value);
  }
  // index is 64 bits wide on distc's targets (IDTR passes it as i64).
  unsigned width = type.isIndex() ? IndexType::kInternalStorageBitWidth
                                  : cast<IntegerType>(type).getWidth();
  APInt value =
      width == 1 ? APInt(1, kind == ReduceKind::min || kind == ReduceKind::prod)
      : kind == ReduceKind::sum  ? APInt(width, 0)
      : kind == ReduceKind::prod ? APInt(width, 1)
      : kind == ReduceKind::min  ? APInt::getSignedMaxValue(width)
                                 : APInt::getSignedMinValue(width);
  return arith::ConstantOp::create(b, loc, IntegerAttr::get(type, value));
}

namespace {

/// The type a reduction of `element` with `kind` accumulates in: f32 for
/// sums, products and means of f16/bf16 (as numpy's float16 sums
/// accumulate in float32; min and max are exact in any type), else the
/// element type.
Type accumulatorType(ReduceKind kind, Type element) {
  bool accumulates = kind == ReduceKind::sum || kind == ReduceKind::prod ||
                     kind == ReduceKind::mean;
  if (accumulates && (element.isF16() || element.isBF16()))
    return Float32Type::get(element.getContext());
  return element;
}

/// `tensor` with its float elements (the accumulator type) rounded to the
/// narrower float type `element` (arith.truncf); `tensor` itself if they
/// have that type already.
Value narrowElements(OpBuilder &b, Location loc, Value tensor, Type element) {
  auto type = cast<RankedTensorType>(tensor.getType());
  if (type.getElementType() == element)
    return tensor;
  int64_t rank = type.getRank();
  auto resultType = type.clone(element);
  Value init = emptyTensor(b, loc, resultType, tensorSizes(b, loc, tensor));
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, TypeRange{resultType}, ValueRange{tensor},
             ValueRange{init}, maps, iterators,
             [&](OpBuilder &nb, Location nl, ValueRange args) {
               linalg::YieldOp::create(
                   nb, nl,
                   arith::TruncFOp::create(nb, nl, element, args[0])
                       .getResult());
             })
      .getResult(0);
}

} // namespace

namespace {

/// `reduced` (a local reduction over `dims` of a block of sizes
/// `allSizes`), or the identity of `kind` where a reduced dimension may be
/// empty and is. Element-wise fusion may fold a producer into the
/// reduction's body so that it no longer reads its accumulator (the `or`
/// of a constant true), and upstream's fusion then drops the initialized
/// accumulator for an uninitialized one: right for every non-empty
/// reduction, garbage for an empty one. The identity is built only on the
/// path where the reduction is empty, so it costs one compare otherwise.
Value keepIdentityWhenEmpty(OpBuilder &b, Location loc, Value reduced,
                            ReduceKind kind, Type accType,
                            ArrayRef<int64_t> dims, ArrayRef<Value> allSizes,
                            ArrayRef<Value> keptSizes) {
  Value empty;
  for (int64_t d : dims) {
    std::optional<int64_t> size = getConstantIntValue(allSizes[d]);
    if (size && *size != 0)
      continue;
    Value isEmpty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                          allSizes[d], indexConst(b, loc, 0));
    empty = empty ? arith::OrIOp::create(b, loc, empty, isEmpty).getResult()
                  : isEmpty;
  }
  if (!empty)
    return reduced;
  auto type = cast<RankedTensorType>(reduced.getType());
  auto choice = scf::IfOp::create(b, loc, TypeRange{type}, empty,
                                  /*addThenBlock=*/true,
                                  /*addElseBlock=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(choice.thenBlock());
  Value identityTensor =
      linalg::FillOp::create(b, loc, identity(b, loc, kind, accType),
                             emptyTensor(b, loc, type, keptSizes))
          .getResult(0);
  scf::YieldOp::create(b, loc, identityTensor);
  b.setInsertionPointToStart(choice.elseBlock());
  scf::YieldOp::create(b, loc, reduced);
  return choice.getResult(0);
}

} // namespace

Value mlir::distc::lowering::reduceLocal(OpBuilder &b, Location loc,
                                         ReduceKind kind, Value local,
                                         ArrayRef<int64_t> dims, Type accType) {
  auto type = cast<RankedTensorType>(local.getType());
  SmallVector<int64_t> shape;
  SmallVector<Value> sizes, allSizes = tensorSizes(b, loc, local);
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (!llvm::is_contained(dims, d)) {
      shape.push_back(type.getDimSize(d));
      sizes.push_back(allSizes[d]);
    }
  if (!accType)
    accType = type.getElementType();
  auto resultType = RankedTensorType::get(shape, accType);
  Value init = emptyTensor(b, loc, resultType, sizes);
  Value filled =
      linalg::FillOp::create(b, loc, identity(b, loc, kind, accType), init)
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
        Value x = args[0];
        if (x.getType() != accType)
          x = arith::ExtFOp::create(nested, nestedLoc, accType, x);
        linalg::YieldOp::create(nested, nestedLoc,
                                combine(nested, nestedLoc, kind, x, args[1]));
      });
  return keepIdentityWhenEmpty(b, loc, reduce.getResult(0), kind, accType,
                               dims, allSizes, sizes);
}

namespace {

/// The kind that combines elements for `kind`: `mean` sums (and divides
/// afterwards), `any`/`all` of i1 are or/and, which combine() emits for
/// max/min of i1. The result is one of the four kinds distruntime has.
ReduceKind combiningKind(ReduceKind kind) {
  switch (kind) {
  case ReduceKind::mean:
    return ReduceKind::sum;
  case ReduceKind::any:
    return ReduceKind::max;
  case ReduceKind::all:
  case ReduceKind::argmin:
    return ReduceKind::min;
  case ReduceKind::argmax:
    return ReduceKind::max;
  default:
    return kind;
  }
}

/// `count` (index) as a float of `type`, or of its parts' type for a
/// complex `type`.
Value countAsFloat(OpBuilder &b, Location loc, Value count, Type type) {
  if (auto complexType = dyn_cast<ComplexType>(type))
    type = complexType.getElementType();
  Value asInt = arith::IndexCastOp::create(b, loc, b.getI64Type(), count);
  return arith::SIToFPOp::create(b, loc, type, asInt);
}

/// `value / divisor` for a float `divisor`: a complex `value` has both
/// parts divided (numpy's mean of complex numbers).
Value divideBy(OpBuilder &b, Location loc, Value value, Value divisor) {
  auto complexType = dyn_cast<ComplexType>(value.getType());
  if (!complexType) {
    // The mean of nothing is 0 / 0, a NaN whose sign bit x86 sets ("-nan"
    // with %g); numpy's is the positive quiet NaN ("nan"): every NaN
    // quotient becomes that one.
    Value quotient = arith::DivFOp::create(b, loc, value, divisor);
    auto type = cast<FloatType>(value.getType());
    Value isNaN = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO,
                                        quotient, quotient);
    Value nan = arith::ConstantOp::create(
        b, loc, type, b.getFloatAttr(type, APFloat::getQNaN(type.getFloatSemantics())));
    return arith::SelectOp::create(b, loc, isNaN, nan, quotient);
  }
  Value re = arith::DivFOp::create(b, loc,
                                   complex::ReOp::create(b, loc, value),
                                   divisor);
  Value im = arith::DivFOp::create(b, loc,
                                   complex::ImOp::create(b, loc, value),
                                   divisor);
  return complex::CreateOp::create(b, loc, complexType, re, im);
}

/// Divides every element of the float tensor `tensor` by `divisor`.
Value divideElements(OpBuilder &b, Location loc, Value tensor, Value divisor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  int64_t rank = type.getRank();
  Value init = emptyTensor(b, loc, type, tensorSizes(b, loc, tensor));
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, TypeRange{type}, ValueRange{tensor}, ValueRange{init},
             maps, iterators,
             [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
               linalg::YieldOp::create(
                   nested, nestedLoc,
                   divideBy(nested, nestedLoc, args[0], divisor));
             })
      .getResult(0);
}

/// Stops the program when `kind` reduces `count` elements (a line along
/// the axis, or the whole tensor) and `count` is 0: numpy raises for min,
/// max, argmin and argmax of nothing, which have no identity to return (an
/// extremum would be +-inf or the largest integer, an index would point
/// nowhere). The other kinds have one (sum 0, prod 1, any false, all true;
/// mean NaN).
void checkReducesSomething(OpBuilder &b, Location loc, ReduceKind kind,
                           Value count, std::optional<int64_t> axis) {
  if (kind != ReduceKind::min && kind != ReduceKind::max &&
      kind != ReduceKind::argmin && kind != ReduceKind::argmax)
    return;
  std::string message = ("dist.reduce: " + stringifyReduceKind(kind)).str();
  message += axis ? " along an empty axis " + std::to_string(*axis)
                  : std::string(" of an empty tensor");
  checkAtRunTime(b, loc,
                 arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                       count, indexConst(b, loc, 0)),
                 message);
}

/// argmin/argmax: the first position, in C order of the global array, of
/// the global extremum. The extremum is reduced first (NaN-propagating for
/// floats, like numpy's, so that a NaN is "the" extremum); then every rank
/// offers the first global flat index of it among its elements, or
/// INT64_MAX, and the minimum of the offers is the first one globally.
Value argExtremum(OpBuilder &b, Location loc, ReduceKind kind,
                  const DistParts &source, DistTensorType sourceType) {
  int64_t team = sourceType.getTeam(), rank = sourceType.getRank();
  Type element = sourceType.getElementType();
  ReduceKind extremumKind = combiningKind(kind);
  SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  Value partial = reduceLocal(b, loc, extremumKind, source.local, all);
  Value extremum = tensor::ExtractOp::create(
      b, loc, allReduce(b, loc, extremumKind, partial, team), ValueRange{});

  // Global strides of the C-order flat index.
  SmallVector<Value> strides(rank);
  Value stride = indexConst(b, loc, 1);
  for (int64_t d = rank - 1; d >= 0; --d) {
    strides[d] = stride;
    stride = arith::MulIOp::create(b, loc, stride, source.globalShape[d]);
  }
  Type i64 = b.getI64Type();
  Value none = arith::ConstantOp::create(
      b, loc, b.getI64IntegerAttr(std::numeric_limits<int64_t>::max()));
  auto scalarType = RankedTensorType::get({}, i64);
  Value init = linalg::FillOp::create(
                   b, loc, none, emptyTensor(b, loc, scalarType, {}))
                   .getResult(0);
  SmallVector<AffineMap> maps = {b.getMultiDimIdentityMap(rank),
                                 AffineMap::get(rank, 0, {}, b.getContext())};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::reduction);
  auto find = linalg::GenericOp::create(
      b, loc, TypeRange{scalarType}, ValueRange{source.local},
      ValueRange{init}, maps, iterators,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value x = args[0];
        Value match;
        if (isa<FloatType>(element)) {
          // Equal, or both NaN (a NaN extremum means the first NaN).
          Value equal = arith::CmpFOp::create(nb, nl, arith::CmpFPredicate::OEQ,
                                              x, extremum);
          Value xNan =
              arith::CmpFOp::create(nb, nl, arith::CmpFPredicate::UNO, x, x);
          Value eNan = arith::CmpFOp::create(nb, nl, arith::CmpFPredicate::UNO,
                                             extremum, extremum);
          match = arith::OrIOp::create(
              nb, nl, equal, arith::AndIOp::create(nb, nl, xNan, eNan));
        } else {
          match = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq, x,
                                        extremum);
        }
        Value flat = indexConst(nb, nl, 0);
        for (int64_t d = 0; d < rank; ++d) {
          Value global = arith::AddIOp::create(
              nb, nl, linalg::IndexOp::create(nb, nl, d), source.offsets[d]);
          flat = arith::AddIOp::create(
              nb, nl, flat, arith::MulIOp::create(nb, nl, global, strides[d]));
        }
        Value offer = arith::SelectOp::create(
            nb, nl, match, arith::IndexCastOp::create(nb, nl, i64, flat),
            none);
        linalg::YieldOp::create(nb, nl,
                                arith::MinSIOp::create(nb, nl, offer, args[1])
                                    .getResult());
      });
  Value first = tensor::ExtractOp::create(
      b, loc, allReduce(b, loc, ReduceKind::min, find.getResult(0), team),
      ValueRange{});
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), first);
}

/// Whether `x` and `y` are the same extremum: equal, or both NaN.
Value sameExtremum(OpBuilder &b, Location loc, Value x, Value y) {
  if (!isa<FloatType>(x.getType()))
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  Value equal = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, x, y);
  Value xNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
  Value yNan = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, y, y);
  return arith::OrIOp::create(b, loc, equal,
                              arith::AndIOp::create(b, loc, xNan, yNan));
}

/// argmin/argmax of `local` along `axis`: the extremum of every line and the
/// global index (i64) along `axis` of its first occurrence, INT64_MAX for an
/// empty line. The combination is order-independent (a smaller index wins
/// between equal values; a NaN beats any number), so the result does not
/// depend on the order in which the reduction visits the line.
std::pair<Value, Value> argAlongAxis(OpBuilder &b, Location loc, bool isMax,
                                     Value local, int64_t axis,
                                     Value axisOffset) {
  auto type = cast<RankedTensorType>(local.getType());
  Type element = type.getElementType(), i64 = b.getI64Type();
  int64_t rank = type.getRank();
  SmallVector<int64_t> shape;
  SmallVector<Value> sizes, allSizes = tensorSizes(b, loc, local);
  SmallVector<AffineExpr> kept;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t d = 0; d < rank; ++d) {
    bool reduced = d == axis;
    iterators.push_back(reduced ? utils::IteratorType::reduction
                                : utils::IteratorType::parallel);
    if (reduced)
      continue;
    shape.push_back(type.getDimSize(d));
    sizes.push_back(allSizes[d]);
    kept.push_back(b.getAffineDimExpr(d));
  }
  auto valType = RankedTensorType::get(shape, element);
  auto idxType = RankedTensorType::get(shape, i64);
  ReduceKind kind = isMax ? ReduceKind::max : ReduceKind::min;
  Value none = arith::ConstantOp::create(
      b, loc, b.getI64IntegerAttr(std::numeric_limits<int64_t>::max()));
  Value valInit =
      linalg::FillOp::create(b, loc, identity(b, loc, kind, element),
                             emptyTensor(b, loc, valType, sizes))
          .getResult(0);
  Value idxInit = linalg::FillOp::create(b, loc, none,
                                         emptyTensor(b, loc, idxType, sizes))
                      .getResult(0);
  AffineMap keptMap = AffineMap::get(rank, 0, kept, b.getContext());
  SmallVector<AffineMap> maps = {b.getMultiDimIdentityMap(rank), keptMap,
                                 keptMap};
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{valType, idxType}, ValueRange{local},
      ValueRange{valInit, idxInit}, maps, iterators,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value x = args[0], best = args[1], bestIdx = args[2];
        Value global = arith::AddIOp::create(
            nb, nl, linalg::IndexOp::create(nb, nl, axis), axisOffset);
        Value idx = arith::IndexCastOp::create(nb, nl, i64, global);
        Value earlier = arith::CmpIOp::create(
            nb, nl, arith::CmpIPredicate::slt, idx, bestIdx);
        Value better, same;
        if (isa<FloatType>(element)) {
          better = arith::CmpFOp::create(
              nb, nl,
              isMax ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT, x,
              best);
          Value xNan =
              arith::CmpFOp::create(nb, nl, arith::CmpFPredicate::UNO, x, x);
          Value bestNan = arith::CmpFOp::create(
              nb, nl, arith::CmpFPredicate::UNO, best, best);
          Value notBestNan = arith::XOrIOp::create(
              nb, nl, bestNan,
              arith::ConstantIntOp::create(nb, nl, 1, 1));
          // A NaN beats any number; between two NaNs the earlier wins.
          better = arith::SelectOp::create(
              nb, nl, xNan, notBestNan,
              arith::AndIOp::create(nb, nl, better, notBestNan));
          same = sameExtremum(nb, nl, x, best);
        } else {
          better = arith::CmpIOp::create(
              nb, nl,
              isMax ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::slt, x,
              best);
          same = arith::CmpIOp::create(nb, nl, arith::CmpIPredicate::eq, x,
                                       best);
        }
        Value take = arith::OrIOp::create(
            nb, nl, better, arith::AndIOp::create(nb, nl, same, earlier));
        linalg::YieldOp::create(
            nb, nl,
            ValueRange{arith::SelectOp::create(nb, nl, take, x, best),
                       arith::SelectOp::create(nb, nl, take, idx, bestIdx)});
      });
  return {generic.getResult(0), generic.getResult(1)};
}

/// Combines the ranks' per-line (extremum, first index) when the reduced
/// axis is split: the extremum of every line across the ranks, then the
/// smallest index among the ranks that hold it.
Value combineArgAcrossRanks(OpBuilder &b, Location loc, bool isMax, Value val,
                            Value idx, int64_t team) {
  Value best =
      allReduce(b, loc, isMax ? ReduceKind::max : ReduceKind::min, val, team);
  auto idxType = cast<RankedTensorType>(idx.getType());
  int64_t rank = idxType.getRank();
  Value none = arith::ConstantOp::create(
      b, loc, b.getI64IntegerAttr(std::numeric_limits<int64_t>::max()));
  SmallVector<AffineMap> maps(4, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  Value offers =
      linalg::GenericOp::create(
          b, loc, TypeRange{idxType}, ValueRange{val, best, idx},
          ValueRange{emptyTensor(b, loc, idxType, tensorSizes(b, loc, idx))},
          maps, iterators,
          [&](OpBuilder &nb, Location nl, ValueRange args) {
            Value match = sameExtremum(nb, nl, args[0], args[1]);
            linalg::YieldOp::create(
                nb, nl,
                arith::SelectOp::create(nb, nl, match, args[2], none)
                    .getResult());
          })
          .getResult(0);
  return allReduce(b, loc, ReduceKind::min, offers, team);
}

/// A reduction along dimension `axis`, split over grid axis `gridAxis`:
/// each rank reduces its block, the partial results are combined within
/// `column` (the ranks that differ only along `gridAxis`, a sub-grid team,
/// so no other rank takes part), and the copy of the first rank of each
/// column is moved into the result's partition. argmin/argmax combine
/// (extremum, first index) pairs the same way, within the column.
DistParts reduceOverGridAxis(OpBuilder &b, Location loc, ReduceKind opKind,
                             const DistParts &source,
                             DistTensorType sourceType,
                             DistTensorType resultType, int64_t axis,
                             int64_t gridAxis, int64_t column, Type accType) {
  Value full;
  if (opKind == ReduceKind::argmin || opKind == ReduceKind::argmax) {
    bool isMax = opKind == ReduceKind::argmax;
    auto [extremum, index] = argAlongAxis(b, loc, isMax, source.local, axis,
                                          source.offsets[axis]);
    full = combineArgAcrossRanks(b, loc, isMax, extremum, index, column);
  } else {
    ReduceKind kind = combiningKind(opKind);
    Value partial = reduceLocal(b, loc, kind, source.local, {axis}, accType);
    full = allReduce(b, loc, kind, partial, column);
    if (opKind == ReduceKind::mean)
      full = divideElements(
          b, loc, full,
          countAsFloat(b, loc, source.globalShape[axis], accType));
    full = narrowElements(b, loc, full, sourceType.getElementType());
  }
  SmallVector<Value> shape(source.globalShape), offsets(source.offsets);
  shape.erase(shape.begin() + axis);
  offsets.erase(offsets.begin() + axis);
  // Every rank of a column holds the same block now: only the first one
  // offers it (the others an empty box) to the copy into the result.
  SmallVector<Value> extents = gridExtents(b, loc, sourceType);
  SmallVector<Value> coords = gridCoordinates(
      b, loc, extents, teamMember(b, loc, sourceType.getTeam()));
  Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                      coords[gridAxis], indexConst(b, loc, 0));
  SmallVector<Value> sizes = tensorSizes(b, loc, full);
  sizes[0] = arith::SelectOp::create(b, loc, first, sizes[0],
                                     indexConst(b, loc, 0));
  SmallVector<OpFoldResult> ofrOffsets(sizes.size(), b.getIndexAttr(0)),
      ofrSizes(sizes.begin(), sizes.end()),
      strides(sizes.size(), b.getIndexAttr(1));
  auto dynamicType = RankedTensorType::get(
      SmallVector<int64_t>(sizes.size(), ShapedType::kDynamic),
      resultType.getElementType());
  Value offered = tensor::ExtractSliceOp::create(
      b, loc, dynamicType, full, ofrOffsets, ofrSizes, strides);
  DistParts parts{offered, shape, offsets};
  DistParts result = redistribute(b, loc, parts, resultType, resultType, shape);
  return result;
}

struct ReduceLowering : public DistPattern<ReduceOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DistTensorType sourceType = distType(op.getSource());
    DistParts source = parts(adaptor.getSource());
    ReduceKind kind = combiningKind(op.getKind());
    bool mean = op.getKind() == ReduceKind::mean;
    int64_t team = sourceType.getTeam(), rank = sourceType.getRank();
    Type element = sourceType.getElementType();
    Type accType = accumulatorType(op.getKind(), element);

    bool arg = op.getKind() == ReduceKind::argmin ||
               op.getKind() == ReduceKind::argmax;
    bool isMax = op.getKind() == ReduceKind::argmax;
    std::optional<int64_t> reducedAxis = op.getAxis();
    checkReducesSomething(
        rewriter, loc, op.getKind(),
        reducedAxis ? source.globalShape[*reducedAxis]
                    : elementCount(rewriter, loc, source.globalShape),
        reducedAxis);
    if (arg && !op.getAxis()) {
      rewriter.replaceOp(op, argExtremum(rewriter, loc, op.getKind(), source,
                                         sourceType));
      return success();
    }

    if (!op.getAxis()) {
      SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, rank));
      Value partial =
          reduceLocal(rewriter, loc, kind, source.local, all, accType);
      Value total = allReduce(rewriter, loc, kind, partial, team);
      Value result =
          tensor::ExtractOp::create(rewriter, loc, total, ValueRange{});
      if (mean)
        result = divideBy(
            rewriter, loc, result,
            countAsFloat(rewriter, loc,
                         elementCount(rewriter, loc, source.globalShape),
                         accType));
      if (accType != element)
        result = arith::TruncFOp::create(rewriter, loc, element, result);
      rewriter.replaceOp(op, result);
      return success();
    }

    int64_t axis = *op.getAxis();
    auto resultType = cast<DistTensorType>(op.getResult().getType());
    int64_t gridAxis = sourceType.isGrid() ? sourceType.getGridAxisOf(axis) : -1;
    if (gridAxis >= 0) {
      if (std::optional<int64_t> column = defineGridAxesTeam(
              rewriter, loc, sourceType, {gridAxis})) {
        replace(rewriter, op,
                reduceOverGridAxis(rewriter, loc, op.getKind(), source,
                                   sourceType, resultType, axis, gridAxis,
                                   *column, accType));
        return success();
      }
    }
    if (gridAxis >= 0) {
      // Along a dimension split over a grid axis of a grid the team id
      // cannot encode (extents of 4096 or more, more than four axes): the
      // blocks of one grid column are repartitioned into rows of another dimension, which
      // each rank then reduces alone.
      DistTensorType rows =
          sourceType.withPartition(axis == 0 ? 1 : 0, /*balanced=*/true);
      source = redistribute(rewriter, loc, source, sourceType, rows,
                            source.globalShape);
      sourceType = rows;
    }
    int64_t split = sourceType.getSplit();
    Value partial, partialExtremum;
    if (arg)
      std::tie(partialExtremum, partial) = argAlongAxis(
          rewriter, loc, isMax, source.local, axis, source.offsets[axis]);
    else
      partial = reduceLocal(rewriter, loc, kind, source.local, {axis}, accType);
    // A mean along the axis divides the complete sums (after the ranks'
    // partial sums are combined, when the axis is split) by its global size.
    Value axisSize = source.globalShape[axis];
    SmallVector<Value> shape(source.globalShape), offsets(source.offsets);
    shape.erase(shape.begin() + axis);
    offsets.erase(offsets.begin() + axis);
    SmallVector<Value> known =
        knownShape(rewriter, loc, sourceType, source.globalShape);
    known.erase(known.begin() + axis);
    checkStaticDims(rewriter, loc, "dist.reduce", "remaining source", known,
                    resultType.getShape(), resultType);
    if (sourceType.isGrid() || axis != split) {
      // Every rank keeps its rows: the result is split like the source.
      auto remaining = [&](int64_t d) { return d - (axis < d ? 1 : 0); };
      DistTensorType natural =
          sourceType.isGrid()
              ? resultType.withGrid(
                    sourceType.getGrid(),
                    llvm::map_to_vector(sourceType.getGridSplit(), remaining),
                    sourceType.getBalanced())
              : resultType.withPartition(remaining(split),
                                         sourceType.getBalanced());
      if (mean)
        partial = divideElements(rewriter, loc, partial,
                                 countAsFloat(rewriter, loc, axisSize, accType));
      if (accType != element) // argmin/argmax keep their i64 indices
        partial = narrowElements(rewriter, loc, partial, element);
      DistParts result{castTo(rewriter, loc, partial, natural.getLocalType()),
                       shape, offsets};
      replace(rewriter, op,
              toPartitionOf(rewriter, loc, result, natural, resultType));
      return success();
    }
    // Reducing the split dimension: every rank has a partial result of the
    // whole output; combine them and keep this rank's block.
    Value full = arg ? combineArgAcrossRanks(rewriter, loc, isMax,
                                             partialExtremum, partial, team)
                     : allReduce(rewriter, loc, kind, partial, team);
    auto [boxOffsets, boxSizes] = balancedBox(rewriter, loc, resultType, shape);
    SmallVector<OpFoldResult> ofrOffsets(boxOffsets.begin(), boxOffsets.end()),
        ofrSizes(boxSizes.begin(), boxSizes.end()),
        strides(boxSizes.size(), rewriter.getIndexAttr(1));
    // The slice's type follows from the sizes (a static size of a
    // non-split dimension may be a value here); cast it to the local type
    // (`tensor<?x3xf64>` for a `4x3` result), in the accumulation type.
    Type fullElement = cast<RankedTensorType>(full.getType()).getElementType();
    Value local = castTo(rewriter, loc,
                         tensor::ExtractSliceOp::create(rewriter, loc, full,
                                                        ofrOffsets, ofrSizes,
                                                        strides),
                         resultType.getLocalType().clone(fullElement));
    if (mean)
      local = divideElements(rewriter, loc, local,
                             countAsFloat(rewriter, loc, axisSize, accType));
    if (accType != element)
      local = narrowElements(rewriter, loc, local, element);
    replace(rewriter, op, {local, shape, boxOffsets});
    return success();
  }
};

} // namespace

void mlir::distc::lowering::populateReductionPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<ReduceLowering>(converter, patterns.getContext());
}
