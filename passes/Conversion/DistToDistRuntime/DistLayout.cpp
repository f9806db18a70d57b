//===- DistLayout.cpp - run-time layout of distributed tensors ------------===//

#include "passes/Conversion/DistToDistRuntime/DistLayout.h"

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"
#include "dialect/DistRuntime/DistRuntime.h"
#include "passes/IndexArith.h"
#include "runtime/include/idtr/detail/BalancedBlocks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
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
  idtr::detail::Block<Value> block = idtr::detail::balancedBlock(
      size, nranks, rank, idtr::detail::ExtraElements::First,
      IndexArith{b, loc});
  return {block.offset, block.size};
}

SmallVector<Value> mlir::distc::gridExtents(OpBuilder &b, Location loc,
                                            DistTensorType type) {
  ArrayRef<int64_t> grid = type.getGrid();
  Value ranks = teamSize(b, loc, type.getTeam());
  int64_t fixed = 1, free = 0;
  for (int64_t extent : grid) {
    if (ShapedType::isDynamic(extent))
      ++free;
    else
      fixed *= extent;
  }
  // The ranks left for the `?` axes; the static extents must divide the
  // team (or, with no `?`, be it).
  Value fixedValue = indexConst(b, loc, fixed);
  Value rest = arith::DivUIOp::create(b, loc, ranks, fixedValue);
  Value whole = free ? Value(arith::MulIOp::create(b, loc, rest, fixedValue))
                     : fixedValue;
  lowering::checkAtRunTime(
      b, loc,
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, whole, ranks),
      free ? "the static extents of the process grid do not divide the team "
             "size (their product vs the team size)"
           : "the process grid does not have as many processes as the team "
             "(its size vs the team size)",
      {fixedValue, ranks});
  SmallVector<Value> extents;
  int64_t k = 0;
  for (int64_t extent : grid) {
    if (!ShapedType::isDynamic(extent)) {
      extents.push_back(indexConst(b, loc, extent));
      continue;
    }
    // The only free axis takes all the ranks left.
    if (free == 1) {
      extents.push_back(rest);
      continue;
    }
    extents.push_back(
        distruntime::GridFactorOp::create(b, loc, rest, free, k++));
  }
  return extents;
}

SmallVector<Value> mlir::distc::gridCoordinates(OpBuilder &b, Location loc,
                                                ArrayRef<Value> extents,
                                                Value member) {
  SmallVector<Value> coords(extents.size());
  for (size_t i = extents.size(); i-- > 0;) {
    coords[i] = arith::RemUIOp::create(b, loc, member, extents[i]);
    member = arith::DivUIOp::create(b, loc, member, extents[i]);
  }
  return coords;
}

std::optional<int64_t>
mlir::distc::defineGridAxesTeam(OpBuilder &b, Location loc, DistTensorType type,
                                ArrayRef<int64_t> axes) {
  ArrayRef<int64_t> grid = type.getGrid();
  auto representable = [](int64_t e) {
    return ShapedType::isDynamic(e) || (e > 0 && e < 4096);
  };
  if (grid.empty() || grid.size() > 4 || !llvm::all_of(grid, representable))
    return std::nullopt;
  // 0x6D in the top byte (the shard front end's teams are 0x5B....), the
  // number of grid axes in the next 4 bits (a `?` extent encodes as 0, so
  // without it [?, ?] and [?, ?, ?] would share the id of axis 0 while the
  // runtime factors them differently), then a bit per grid axis in `axes`
  // and 12 bits per extent (0 for `?`, which the runtime factors from the
  // world's size as gridExtents does): the team of one (grid, axes) pair,
  // the same in every function. Axes in grid order.
  int64_t id = (int64_t(0x6D) << 56) | (int64_t(grid.size()) << 52);
  SmallVector<int64_t> declared;
  for (auto [i, extent] : llvm::enumerate(grid)) {
    bool dynamic = ShapedType::isDynamic(extent);
    id |= (dynamic ? 0 : extent) << (12 * i);
    declared.push_back(dynamic ? -1 : extent);
  }
  for (int64_t axis : axes)
    id |= int64_t(1) << (48 + axis);
  distruntime::DefineSubgridTeamOp::create(b, loc, id, declared, axes);
  return id;
}

std::pair<SmallVector<Value>, SmallVector<Value>>
mlir::distc::balancedBox(OpBuilder &b, Location loc, DistTensorType type,
                         ArrayRef<Value> globalShape) {
  Value zero = indexConst(b, loc, 0);
  SmallVector<Value> offsets(globalShape.size(), zero);
  SmallVector<Value> sizes(globalShape);
  SmallVector<Value> extents, coords;
  if (type.isGrid()) {
    extents = gridExtents(b, loc, type);
    coords =
        gridCoordinates(b, loc, extents, teamMember(b, loc, type.getTeam()));
  } else {
    extents.push_back(teamSize(b, loc, type.getTeam()));
    coords.push_back(teamMember(b, loc, type.getTeam()));
  }
  for (auto [axis, d] : llvm::enumerate(type.getSplitDims())) {
    auto [offset, count] =
        balancedBlock(b, loc, globalShape[d], extents[axis], coords[axis]);
    offsets[d] = offset;
    sizes[d] = count;
  }
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
  auto [offsets, sizes] = balancedBox(b, loc, targetType, targetShape);
  RankedTensorType localType = targetType.getLocalType();
  DistParts result;
  result.local = lowering::copyReshapeAndWait(
      b, loc, localType, source.local, source.globalShape, source.offsets,
      targetShape, offsets, sizes, sourceType.getTeam());
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
