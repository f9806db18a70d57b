//===- ReductionLowering.cpp - dist.reduce, dist.scan ---------------------===//
//
// A reduction to a scalar is a local reduction followed by an allreduce of
// one element; a reduction along an axis reduces locally and, when the axis
// is the split one, combines the ranks' partial results with an allreduce.
// A scan scans every block locally, starting along a split dimension from
// the totals of the blocks before it (one allreduce of block totals among
// the ranks that hold the line: the team, or a sub-grid team on grids).
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include <limits>

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::lowering;
using namespace mlir::dist;

namespace {

/// The combining operation and identity of a reduction kind: one of sum,
/// prod, min and max (the lowering maps the others to these first, see
/// combiningKind).
Value combine(OpBuilder &b, Location loc, ReduceKind kind, Value lhs,
              Value rhs) {
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

Value identity(OpBuilder &b, Location loc, ReduceKind kind, Type type) {
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

/// Reduces `local` over `dims` into a fresh tensor of the remaining shape,
/// accumulating in `accType` (default: the element type; a wider float
/// type extends every element first).
Value reduceLocal(OpBuilder &b, Location loc, ReduceKind kind, Value local,
                  ArrayRef<int64_t> dims, Type accType = {}) {
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
  return reduce.getResult(0);
}

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
  if (!complexType)
    return arith::DivFOp::create(b, loc, value, divisor);
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

/// argmin/argmax: the first position, in C order of the global array, of
/// the global extremum. The extremum is reduced first (NaN-propagating for
/// floats, like numpy's, so that a NaN is "the" extremum); then every rank
/// offers the first global flat index of it among its elements, or
/// INT64_MAX, and the minimum of the offers is the first one globally.
Value argExtremum(OpBuilder &b, Location loc, ReduceKind kind,
                  const DistParts &source, DistTensorType sourceType) {
  int64_t team = sourceType.getTeam(), rank = sourceType.getRank();
  Type element = sourceType.getElementType();
  // numpy raises on an empty array; there is no index to return.
  Value count = elementCount(b, loc, source.globalShape);
  checkAtRunTime(b, loc,
                 arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                       count, indexConst(b, loc, 0)),
                 ("dist.reduce: " + stringifyReduceKind(kind) +
                  " of an empty tensor")
                     .str());
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

//===----------------------------------------------------------------------===//
// dist.scan
//===----------------------------------------------------------------------===//

/// The start of a scan: the identity, but -0.0 for a float sum, which
/// leaves every value unchanged (+0.0 would turn a leading -0.0 into +0.0,
/// where numpy's cumsum keeps it).
Value scanIdentity(OpBuilder &b, Location loc, ReduceKind kind, Type type) {
  if (auto floatType = dyn_cast<FloatType>(type); floatType &&
                                                  kind == ReduceKind::sum)
    return arith::ConstantFloatOp::create(
        b, loc, floatType,
        APFloat::getZero(floatType.getFloatSemantics(), /*Negative=*/true));
  return identity(b, loc, kind, type);
}

/// The slice of `tensor` at index `k` of dimension `axis`, without that
/// dimension, and the offsets/sizes/strides that address it.
struct AxisSlice {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  RankedTensorType type;
};
AxisSlice axisSlice(OpBuilder &b, Location loc, Value tensor, int64_t axis,
                    Value k) {
  auto type = cast<RankedTensorType>(tensor.getType());
  AxisSlice slice;
  SmallVector<int64_t> shape;
  SmallVector<Value> sizes = tensorSizes(b, loc, tensor);
  for (auto [d, size] : llvm::enumerate(sizes)) {
    bool atAxis = static_cast<int64_t>(d) == axis;
    slice.offsets.push_back(atAxis ? OpFoldResult(k) : b.getIndexAttr(0));
    // Static sizes as attributes: the slice type must then be static too.
    slice.sizes.push_back(
        atAxis ? OpFoldResult(b.getIndexAttr(1))
        : type.isDynamicDim(d) ? OpFoldResult(size)
                               : OpFoldResult(b.getIndexAttr(type.getDimSize(d))));
    slice.strides.push_back(b.getIndexAttr(1));
    if (!atAxis)
      shape.push_back(type.getDimSize(d));
  }
  slice.type = RankedTensorType::get(shape, type.getElementType());
  return slice;
}

Value extractAt(OpBuilder &b, Location loc, Value tensor, int64_t axis,
                Value k) {
  AxisSlice s = axisSlice(b, loc, tensor, axis, k);
  return tensor::ExtractSliceOp::create(b, loc, s.type, tensor, s.offsets,
                                        s.sizes, s.strides);
}

Value insertAt(OpBuilder &b, Location loc, Value slice, Value dest,
               int64_t axis, Value k) {
  AxisSlice s = axisSlice(b, loc, dest, axis, k);
  return tensor::InsertSliceOp::create(b, loc, slice, dest, s.offsets, s.sizes,
                                       s.strides);
}

/// `acc (+) next` element by element, written into `acc`'s tensor.
Value combineInto(OpBuilder &b, Location loc, ReduceKind kind, Value acc,
                  Value next) {
  int64_t rank = cast<RankedTensorType>(acc.getType()).getRank();
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, TypeRange{acc.getType()}, ValueRange{next},
             ValueRange{acc}, maps, iterators,
             [&](OpBuilder &nb, Location nl, ValueRange args) {
               linalg::YieldOp::create(nb, nl,
                                       combine(nb, nl, kind, args[1], args[0]));
             })
      .getResult(0);
}

/// A tensor of `type` (sizes `sizes`) filled with `value`.
Value filledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                   ArrayRef<Value> sizes, Value value) {
  return linalg::FillOp::create(b, loc, value, emptyTensor(b, loc, type, sizes))
      .getResult(0);
}

/// This rank's block `local` scanned along `axis`, slice by slice with an
/// scf.for, from the identity or, when the blocks along `axis` are spread
/// over the members of team `across` (consecutive blocks on consecutive
/// members), from the combined totals of the members before this one.
/// Those come from one allreduce on `across` of a [members x slice] tensor
/// in which each member fills its own row with its block's total and the
/// others with the identity (an allgather by allreduce: the slices are
/// small, one element for a 1-D scan).
Value scanBlock(OpBuilder &b, Location loc, ReduceKind kind, Value local,
                int64_t axis, std::optional<int64_t> across) {
  auto localType = cast<RankedTensorType>(local.getType());
  Type element = localType.getElementType();
  SmallVector<Value> sizes = tensorSizes(b, loc, local);
  SmallVector<Value> sliceSizes(sizes);
  sliceSizes.erase(sliceSizes.begin() + axis);
  SmallVector<int64_t> sliceShape(localType.getShape());
  sliceShape.erase(sliceShape.begin() + axis);
  auto sliceType = RankedTensorType::get(sliceShape, element);
  Value c0 = indexConst(b, loc, 0), c1 = indexConst(b, loc, 1);
  Value start = filledTensor(b, loc, sliceType, sliceSizes,
                             scanIdentity(b, loc, kind, element));

  if (across) {
    Value total = reduceLocal(b, loc, kind, local, {axis});
    Value members = teamSize(b, loc, *across);
    Value me = teamMember(b, loc, *across);
    SmallVector<int64_t> slotsShape{ShapedType::kDynamic};
    slotsShape.append(sliceShape);
    SmallVector<Value> slotsSizes{members};
    slotsSizes.append(sliceSizes);
    Value slots = filledTensor(b, loc,
                               RankedTensorType::get(slotsShape, element),
                               slotsSizes, scanIdentity(b, loc, kind, element));
    slots = insertAt(b, loc, castTo(b, loc, total, sliceType), slots, 0, me);
    Value totals = allReduce(b, loc, kind, slots, *across);
    auto before = scf::ForOp::create(
        b, loc, c0, me, c1, ValueRange{start},
        [&](OpBuilder &nb, Location nl, Value q, ValueRange iter) {
          Value next = extractAt(nb, nl, totals, 0, q);
          scf::YieldOp::create(nb, nl,
                               combineInto(nb, nl, kind, iter[0], next));
        });
    start = before.getResult(0);
  }

  Value result = emptyTensor(b, loc, localType, sizes);
  auto scan = scf::ForOp::create(
      b, loc, c0, sizes[axis], c1, ValueRange{start, result},
      [&](OpBuilder &nb, Location nl, Value k, ValueRange iter) {
        Value next = extractAt(nb, nl, local, axis, k);
        Value acc = combineInto(nb, nl, kind, iter[0], next);
        Value written = insertAt(nb, nl, acc, iter[1], axis, k);
        scf::YieldOp::create(nb, nl, ValueRange{acc, written});
      });
  return scan.getResult(1);
}

/// A scan along `axis` (scanBlock). Along a dimension that is not split,
/// every rank scans its block alone. Along the 1-D split dimension the scan
/// runs across the team. Along a dimension split over grid axis g, the
/// blocks of one line of the array are held by the ranks that differ only
/// along g, numbered by their coordinate along g: the scan runs across that
/// sub-grid team (defineGridAxesTeam), so the allreduce involves the g
/// extent of ranks, not the team, and carries one slice of the block per
/// rank of the line. Irregular blocks scan the same way (contiguous, in
/// coordinate order). On a grid whose sub-grid teams have no id (extents
/// of 4096 or more, more than four axes) the blocks are moved to rows of
/// another dimension, scanned there and fetched back.
struct ScanLowering : public DistPattern<ScanOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(ScanOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    OpBuilder &b = rewriter;
    Location loc = op.getLoc();
    DistTensorType type = distType(op.getSource());
    DistParts source = parts(adaptor.getSource());
    ReduceKind kind = op.getKind();
    int64_t axis = op.getAxis();
    // The grid axis the scanned dimension is split over; 0 for the 1-D
    // split dimension, -1 if it is not split.
    int64_t gridAxis = type.getGridAxisOf(axis);
    std::optional<int64_t> across;
    if (gridAxis >= 0)
      across = type.getGrid().size() <= 1
                   ? std::optional<int64_t>(type.getTeam())
                   : defineGridAxesTeam(b, loc, type, {gridAxis});
    Value scanned;
    if (gridAxis < 0 || across) {
      scanned = scanBlock(b, loc, kind, source.local, axis, across);
    } else {
      DistTensorType rows = type.withPartition(axis == 0 ? 1 : 0, true);
      DistParts moved =
          redistribute(b, loc, source, type, rows, source.globalShape);
      moved.local = scanBlock(b, loc, kind, moved.local, axis, std::nullopt);
      scanned = castTo(b, loc,
                       fetchBox(b, loc, moved, rows, source.offsets,
                                tensorSizes(b, loc, source.local)),
                       source.local.getType());
    }
    replace(rewriter, op, {scanned, source.globalShape, source.offsets});
    return success();
  }
};

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
  patterns.add<ReduceLowering, ScanLowering>(converter, patterns.getContext());
}
