//===- DistLayout.cpp - run-time layout of distributed tensors ------------===//

#include "passes/Conversion/DistToDistRuntime/DistLayout.h"

#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::dist;

void DistParts::convertType(DistTensorType type, SmallVectorImpl<Type> &types) {
  types.push_back(type.getLocalType());
  Type index = IndexType::get(type.getContext());
  types.append(2 * type.getRank(), index);
}

DistParts DistParts::unflatten(ValueRange values) {
  DistParts parts;
  int64_t rank = (values.size() - 1) / 2;
  parts.local = values.front();
  parts.globalShape.assign(values.begin() + 1, values.begin() + 1 + rank);
  parts.offsets.assign(values.begin() + 1 + rank, values.end());
  return parts;
}

SmallVector<Value> DistParts::flatten() const {
  SmallVector<Value> values{local};
  values.append(globalShape.begin(), globalShape.end());
  values.append(offsets.begin(), offsets.end());
  return values;
}

std::pair<Value, Value> mlir::distc::balancedBlock(OpBuilder &b, Location loc,
                                                   Value size, Value nranks,
                                                   Value rank) {
  Value quotient = arith::DivUIOp::create(b, loc, size, nranks);
  Value remainder = arith::RemUIOp::create(b, loc, size, nranks);
  Value one = indexConst(b, loc, 1);
  Value zero = indexConst(b, loc, 0);
  Value hasExtra = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                         rank, remainder);
  Value extra = arith::SelectOp::create(b, loc, hasExtra, one, zero);
  Value count = arith::AddIOp::create(b, loc, quotient, extra);
  Value offset = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, rank, quotient),
      arith::MinUIOp::create(b, loc, rank, remainder));
  return {offset, count};
}

std::pair<SmallVector<Value>, SmallVector<Value>>
mlir::distc::balancedBox(OpBuilder &b, Location loc, int64_t team,
                         int64_t split, ArrayRef<Value> globalShape) {
  Value zero = indexConst(b, loc, 0);
  SmallVector<Value> offsets(globalShape.size(), zero);
  SmallVector<Value> sizes(globalShape);
  auto [offset, count] =
      balancedBlock(b, loc, globalShape[split], teamSize(b, loc, team),
                    teamMember(b, loc, team));
  offsets[split] = offset;
  sizes[split] = count;
  return {offsets, sizes};
}

SmallVector<Value> mlir::distc::globalShapeOf(OpBuilder &b, Location loc,
                                              DistTensorType type,
                                              ValueRange dynamicSizes) {
  SmallVector<Value> shape;
  auto next = dynamicSizes.begin();
  for (int64_t dim : type.getShape())
    shape.push_back(ShapedType::isDynamic(dim)
                        ? *next++
                        : indexConst(b, loc, dim));
  return shape;
}

Value mlir::distc::indexConst(OpBuilder &b, Location loc, int64_t value) {
  return arith::ConstantIndexOp::create(b, loc, value);
}

Value mlir::distc::teamSize(OpBuilder &b, Location loc, int64_t team) {
  return distruntime::TeamSizeOp::create(b, loc, b.getIndexType(),
                                         b.getI64IntegerAttr(team));
}

Value mlir::distc::teamMember(OpBuilder &b, Location loc, int64_t team) {
  return distruntime::TeamMemberOp::create(b, loc, b.getIndexType(),
                                           b.getI64IntegerAttr(team));
}

Value mlir::distc::emptyTensor(OpBuilder &b, Location loc,
                               RankedTensorType type, ArrayRef<Value> sizes) {
  SmallVector<Value> dynamic;
  for (auto [d, size] : llvm::enumerate(sizes))
    if (type.isDynamicDim(d))
      dynamic.push_back(size);
  return tensor::EmptyOp::create(b, loc, type.getShape(),
                                 type.getElementType(), dynamic);
}

Value mlir::distc::castTo(OpBuilder &b, Location loc, Value value, Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(b, loc, type, value);
}

DistParts mlir::distc::redistribute(OpBuilder &b, Location loc,
                                    const DistParts &source,
                                    DistTensorType sourceType,
                                    DistTensorType targetType,
                                    ArrayRef<Value> targetShape) {
  auto [offsets, sizes] = balancedBox(b, loc, targetType.getTeam(),
                                      targetType.getSplit(), targetShape);
  RankedTensorType localType = targetType.getLocalType();
  auto copy = distruntime::CopyReshapeOp::create(
      b, loc,
      TypeRange{distruntime::AsyncHandleType::get(b.getContext()), localType},
      source.local, source.globalShape, source.offsets, targetShape, offsets,
      sizes, sourceType.getTeam());
  distruntime::WaitOp::create(b, loc, copy.getHandle());
  DistParts result;
  result.local = copy.getNlArray();
  result.globalShape.assign(targetShape.begin(), targetShape.end());
  result.offsets = offsets;
  return result;
}

DistParts mlir::distc::toPartitionOf(OpBuilder &b, Location loc,
                                     const DistParts &parts,
                                     DistTensorType sourceType,
                                     DistTensorType targetType) {
  if (sourceType.hasSamePartitionAs(targetType))
    return parts;
  return redistribute(b, loc, parts, sourceType,
                      targetType.withElementType(sourceType.getElementType()),
                      parts.globalShape);
}
