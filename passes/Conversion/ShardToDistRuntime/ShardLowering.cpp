//===- ShardLowering.cpp - grids, teams, groups, balanced blocks ---===//
//
// Member functions of convert-shard-to-distruntime's Lowering
// (ShardLowering.h).
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/ShardToDistRuntime/ShardLowering.h"

#include "passes/IndexArith.h"
#include "runtime/include/idtr/detail/BalancedBlocks.h"

using namespace mlir;

namespace mlir::distc::shard_lowering {

std::pair<Value, Value> Lowering::balancedBlock(Location loc, Value size,
                                                Value count, Value index) {
  std::optional<int64_t> staticSize = getConstantIntValue(size);
  std::optional<int64_t> staticCount = getConstantIntValue(count);
  if (staticSize && staticCount && *staticCount > 0 &&
      *staticSize % *staticCount == 0) {
    // Equal blocks: no run-time remainder arithmetic.
    Value block = constant(loc, *staticSize / *staticCount);
    return {arith::MulIOp::create(rewriter, loc, index, block), block};
  }
  // The shard dialect's convention: the extra elements on the last shards.
  idtr::detail::Block<Value> block = idtr::detail::balancedBlock(
      size, count, index, idtr::detail::ExtraElements::Last,
      IndexArith{rewriter, loc});
  return {block.offset, block.size};
}

FailureOr<Value> Lowering::gatheredSize(Operation *op, Value input,
                                        RankedTensorType resultType,
                                        int64_t axis, Group g) {
  Location loc = op->getLoc();
  if (!resultType.isDynamicDim(axis))
    return constant(loc, resultType.getDimSize(axis));
  auto inType = cast<RankedTensorType>(input.getType());
  if (!inType.isDynamicDim(axis))
    return constant(loc, inType.getDimSize(axis) * g.size);
  // Blocks of unknown sizes (an uneven partition): their sum.
  return sumOverGroup(op, dimSize(loc, input, axis), g);
}

FailureOr<Value> Lowering::sumOverGroup(Operation *op, Value local, Group g) {
  Location loc = op->getLoc();
  Value value =
      arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), local);
  Value one = tensor::FromElementsOp::create(
      rewriter, loc, RankedTensorType::get({1}, rewriter.getI64Type()),
      ValueRange{value});
  FailureOr<Value> sum = reduce(op, one, shard::ReductionKind::Sum, g);
  if (failed(sum))
    return failure();
  return arith::IndexCastOp::create(
             rewriter, loc, rewriter.getIndexType(),
             tensor::ExtractOp::create(rewriter, loc, *sum,
                                       ValueRange{constant(loc, 0)}))
      .getResult();
}

FailureOr<GridInfo> Lowering::grid(Operation *op, FlatSymbolRefAttr symbol) {
  auto it = grids.find(symbol.getAttr());
  if (it == grids.end())
    return op->emitError("distc: unknown grid ") << symbol;
  GridInfo info = it->second;
  if (info.op.getRank() == 0 ||
      llvm::any_of(info.op.getShape(), ShapedType::isDynamic))
    return op->emitError("distc: only grids of static shape are supported; "
                         "grid @")
           << info.op.getSymName() << " has shape " << shapeString(info.op);
  checkTeamSize(op, info);
  return info;
}

void Lowering::checkTeamSize(Operation *user, GridInfo info) {
  used.insert(info.op.getSymNameAttr());
  if (auto func = user->getParentOfType<func::FuncOp>())
    checkTeamSizeAtEntry(func, info);
}

void Lowering::checkTeamSizeAtEntry(func::FuncOp func, GridInfo info) {
  if (!checked.insert({func, info.team}).second)
    return;
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&func.getBody().front());
  Location loc = info.op.getLoc();
  int64_t size = info.size();
  Value ranks = distruntime::TeamSizeOp::create(
      rewriter, loc, rewriter.getIndexType(), info.team);
  Value needed = constant(loc, size);
  Value ok = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                   ranks, needed);
  // The check's failure path reports once per node and ends the job.
  distruntime::CheckOp::create(
      rewriter, loc, ok,
      ("shard grid @" + info.op.getSymName() + " has shape " +
       shapeString(info.op) + " and needs exactly " + Twine(size) +
       " ranks, but the program runs on another number (needed vs ranks)")
          .str(),
      ValueRange{needed, ranks});
}

LogicalResult Lowering::checkAxes(Operation *op, GridInfo info,
                                  ArrayRef<int16_t> axes) {
  llvm::SmallDenseSet<int16_t> seen;
  for (int16_t axis : axes) {
    if (axis < 0 || axis >= info.op.getRank())
      return op->emitError("distc: grid axis ")
             << axis << " is out of range for grid @" << info.op.getSymName()
             << " of rank " << info.op.getRank();
    if (!seen.insert(axis).second)
      return op->emitError("distc: grid axis ")
             << axis << " is listed more than once";
  }
  return success();
}

SmallVector<Value> Lowering::multiIndex(Location loc, GridInfo info) {
  ArrayRef<int64_t> shape = info.op.getShape();
  SmallVector<Value> index(shape.size());
  Value rest = member(loc, info.team);
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    if (d == 0) {
      index[d] = rest;
      break;
    }
    Value extent = constant(loc, shape[d]);
    index[d] = arith::RemUIOp::create(rewriter, loc, rest, extent);
    rest = arith::DivUIOp::create(rewriter, loc, rest, extent);
  }
  return index;
}

Group Lowering::group(Operation *op, GridInfo info, ArrayRef<int16_t> axes) {
  Location loc = op->getLoc();
  ArrayRef<int64_t> shape = info.op.getShape();
  int64_t size = 1;
  for (int16_t axis : axes)
    size *= shape[axis];
  // All axes in order: the grid's own team, whose members are numbered by
  // rank, i.e. by the row-major linear index.
  bool whole = static_cast<int64_t>(axes.size()) == info.op.getRank() &&
               llvm::all_of(llvm::enumerate(axes), [](auto pair) {
                 return static_cast<int64_t>(pair.index()) == pair.value();
               });
  if (whole)
    return {info.team, size, member(loc, info.team)};
  SmallVector<int64_t> key(axes.begin(), axes.end());
  auto [it, inserted] = subTeamIds.try_emplace(
      {info.op.getSymName().str(), key},
      kShardSubTeamBase + static_cast<int64_t>(subTeamIds.size()));
  int64_t team = it->second;
  if (inserted)
    subTeams[team] = {info, key};
  if (auto func = op->getParentOfType<func::FuncOp>())
    defineSubTeamAtEntry(func, team);
  // The team numbers its members like this (define_subgrid_team): the
  // row-major linear index along `axes`, computed here without a query.
  SmallVector<Value> index = multiIndex(loc, info);
  Value linear = constant(loc, 0);
  for (int16_t axis : axes)
    linear = arith::AddIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, linear,
                              constant(loc, shape[axis])),
        index[axis]);
  return {team, size, linear};
}

void Lowering::defineSubTeamAtEntry(func::FuncOp func, int64_t team) {
  if (!defined.insert({func, team}).second)
    return;
  auto &[info, axes] = subTeams[team];
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&func.getBody().front());
  distruntime::DefineSubgridTeamOp::create(
      rewriter, info.op.getLoc(), team, info.op.getShape(), axes);
}

/// The runtime's reduction for `kind`; `average` is a sum, divided after.

} // namespace mlir::distc::shard_lowering
