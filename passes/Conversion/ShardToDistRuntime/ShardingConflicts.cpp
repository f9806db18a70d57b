//===- ShardingConflicts.cpp - consistent shardings before partitioning ---===//
//
// See ShardingConflicts.h. An op with a loop-based sharding rule (linalg
// ops, tensor.empty, constants, ...) is partitioned by upstream from the
// annotations of its operands and results, which must describe one
// sharding of its loops. Propagation guarantees that only where it
// succeeded; where two annotations disagree it leaves the op as it was,
// and partitioning builds shards from a sharding that puts one grid axis on
// two loops (a shard of the wrong shape, or a crash in shardShapedType) or
// reads the annotation of an unannotated value (a crash). Here every such
// op gets one loop sharding and its operands and results are resharded to
// it, which is what GSPMD and Shardy do with conflicting annotations.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/ShardToDistRuntime/ShardingConflicts.h"
#include "passes/Conversion/ShardToDistRuntime/ReshapeSharding.h"

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"

using namespace mlir;

namespace {

using Axes = SmallVector<shard::GridAxis>;
using AxesLists = SmallVector<Axes>;

/// The split axes of `sharding`, without trailing empty lists: two
/// shardings that split the same dimensions along the same axes compare
/// equal whatever the length of their lists.
AxesLists splitAxes(const shard::Sharding &sharding) {
  AxesLists lists;
  for (shard::GridAxesAttr axes : sharding.getSplitAxes())
    lists.emplace_back(axes.asArrayRef().begin(), axes.asArrayRef().end());
  while (!lists.empty() && lists.back().empty())
    lists.pop_back();
  return lists;
}

Value createSharding(OpBuilder &b, Location loc, FlatSymbolRefAttr grid,
                     const AxesLists &lists) {
  SmallVector<shard::GridAxesAttr> axes;
  for (const Axes &list : lists)
    axes.push_back(shard::GridAxesAttr::get(b.getContext(), list));
  if (axes.empty())
    axes.push_back(shard::GridAxesAttr::get(b.getContext(), {}));
  return shard::ShardingOp::create(b, loc, grid, axes, ArrayRef<int64_t>{},
                                   ArrayRef<int64_t>{})
      .getResult();
}

bool isAnnotatedTensor(Type type) { return isa<RankedTensorType>(type); }

/// The annotation of a result, as partitioning reads it: its only user, a
/// shard.shard that is not for users.
shard::ShardOp resultAnnotation(OpResult result) {
  if (!result.hasOneUse())
    return nullptr;
  auto annotation = dyn_cast<shard::ShardOp>(*result.user_begin());
  if (!annotation || annotation.getAnnotateForUsers())
    return nullptr;
  return annotation;
}

/// The loop sharding of one op, built from annotations one at a time: an
/// annotation is taken whole or not at all.
struct LoopSharding {
  explicit LoopSharding(size_t loops) : axes(loops), fixed(loops, false) {}

  /// Takes the split of a value read or written through `map` if it agrees
  /// with what is taken already; `fix` (a result) also fixes the loops of
  /// its unsplit dimensions as unsplit.
  bool take(const AxesLists &split, AffineMap map, bool fix) {
    SmallVector<std::pair<unsigned, Axes>> assigned;
    llvm::SmallDenseSet<shard::GridAxis> used(usedAxes.begin(),
                                              usedAxes.end());
    for (auto [dim, list] : llvm::enumerate(split)) {
      if (list.empty())
        continue;
      if (dim >= map.getNumResults())
        return false;
      auto loop = dyn_cast<AffineDimExpr>(map.getResult(dim));
      if (!loop)
        return false;
      unsigned l = loop.getPosition();
      if (!axes[l].empty() || fixed[l]) {
        if (axes[l] != list)
          return false;
        continue;
      }
      for (shard::GridAxis axis : list)
        if (!used.insert(axis).second)
          return false;
      assigned.emplace_back(l, list);
    }
    if (fix) {
      // An unsplit dimension of a result keeps its loop unsplit: a loop
      // split by an operand would make the result's shard smaller than its
      // annotation says.
      for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
        auto loop = dyn_cast<AffineDimExpr>(expr);
        bool isSplit = dim < split.size() && !split[dim].empty();
        if (loop && !isSplit && !axes[loop.getPosition()].empty())
          return false;
      }
    }
    for (auto &[l, list] : assigned) {
      axes[l] = list;
      usedAxes.append(list.begin(), list.end());
    }
    if (fix)
      for (AffineExpr expr : map.getResults())
        if (auto loop = dyn_cast<AffineDimExpr>(expr))
          fixed[loop.getPosition()] = true;
    return true;
  }

  /// The split of a value read or written through `map`.
  AxesLists splitOf(AffineMap map) const {
    AxesLists lists;
    for (AffineExpr expr : map.getResults()) {
      auto loop = dyn_cast<AffineDimExpr>(expr);
      lists.push_back(loop ? axes[loop.getPosition()] : Axes());
    }
    while (!lists.empty() && lists.back().empty())
      lists.pop_back();
    return lists;
  }

  AxesLists axes;
  SmallVector<bool> fixed;
  Axes usedAxes;
};

/// The grid of the annotations at `op` (its operands' and results'), or
/// `fallback` if it has none; a located error if they name several grids.
FailureOr<FlatSymbolRefAttr> gridAt(Operation *op,
                                    FlatSymbolRefAttr fallback) {
  FlatSymbolRefAttr grid;
  auto see = [&](shard::ShardOp annotation) -> LogicalResult {
    FlatSymbolRefAttr other = shard::Sharding(annotation.getSharding())
                                  .getGridAttr();
    if (!grid) {
      grid = other;
      return success();
    }
    if (grid == other)
      return success();
    return op->emitError("distc: this op's operands and results are "
                         "annotated on different grids (")
           << grid << " and " << other
           << "); shardings of different grids cannot be resharded into "
              "each other";
  };
  for (Value operand : op->getOperands())
    if (auto annotation = operand.getDefiningOp<shard::ShardOp>())
      if (failed(see(annotation)))
        return failure();
  for (OpResult result : op->getResults())
    for (Operation *user : result.getUsers())
      if (auto annotation = dyn_cast<shard::ShardOp>(user))
        if (failed(see(annotation)))
          return failure();
  return grid ? grid : fallback;
}

/// Makes `operand` read its value with the split `want`.
void reshardOperand(OpBuilder &b, OpOperand &operand, FlatSymbolRefAttr grid,
                    const AxesLists &want) {
  Value value = operand.get();
  Location loc = operand.getOwner()->getLoc();
  b.setInsertionPoint(operand.getOwner());
  auto annotation = value.getDefiningOp<shard::ShardOp>();
  if (annotation && annotation.getAnnotateForUsers() &&
      splitAxes(shard::Sharding(annotation.getSharding())) == want)
    return;
  if (!annotation) {
    // A value nothing annotates (made by an op without a loop rule, which
    // computes it whole): say so, then slice it.
    value = shard::ShardOp::create(b, loc, value,
                                   createSharding(b, loc, grid, {}),
                                   /*annotateForUsers=*/true)
                .getResult();
  } else if (annotation.getAnnotateForUsers() && annotation->hasOneUse() &&
             annotation.getSrc().getDefiningOp<shard::ShardOp>()) {
    // A resharding for this op alone: reshard to `want` in its place.
    annotation.getShardingMutable().assign(
        createSharding(b, loc, grid, want));
    return;
  }
  operand.set(shard::ShardOp::create(b, loc, value,
                                     createSharding(b, loc, grid, want),
                                     /*annotateForUsers=*/true)
                  .getResult());
}

/// Makes `result` be produced with the split `want`, resharded to the
/// annotation it had, if any.
void reshardResult(OpBuilder &b, OpResult result, FlatSymbolRefAttr grid,
                   const AxesLists &want) {
  shard::ShardOp annotation = resultAnnotation(result);
  if (annotation &&
      splitAxes(shard::Sharding(annotation.getSharding())) == want)
    return;
  Location loc = result.getOwner()->getLoc();
  b.setInsertionPointAfter(result.getOwner());
  auto produced = shard::ShardOp::create(b, loc, result,
                                         createSharding(b, loc, grid, want),
                                         /*annotateForUsers=*/false);
  // Every former user, annotations included, now reads the produced value
  // (a chain of annotations is a resharding).
  result.replaceAllUsesExcept(produced.getResult(), produced);
}

LogicalResult resolveOp(Operation *op, FlatSymbolRefAttr fallbackGrid,
                        SymbolTableCollection &symbols, OpBuilder &b) {
  if (isa<shard::ShardOp, shard::ShardingOp, shard::GetShardingOp>(op))
    return success();
  auto rule = dyn_cast<shard::ShardingInterface>(op);
  if (!rule)
    return success();
  SmallVector<utils::IteratorType> loops = rule.getLoopIteratorTypes();
  SmallVector<AffineMap> maps = rule.getIndexingMaps();
  // (Rules without loops are distc's replicated ones and the resharding
  // carriers, annotated by construction.)
  if (loops.empty() ||
      maps.size() != op->getNumOperands() + op->getNumResults())
    return success();
  FailureOr<FlatSymbolRefAttr> grid = gridAt(op, fallbackGrid);
  if (failed(grid))
    return failure();

  LoopSharding sharding(loops.size());
  auto mapOf = [&](OpResult result) {
    return maps[op->getNumOperands() + result.getResultNumber()];
  };
  // Results first: they are what the program asked the op to produce.
  for (OpResult result : op->getResults())
    if (shard::ShardOp annotation = resultAnnotation(result))
      (void)sharding.take(splitAxes(shard::Sharding(annotation.getSharding())),
                          mapOf(result), /*fix=*/true);
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.get().getType());
    auto annotation = operand.get().getDefiningOp<shard::ShardOp>();
    if (type && type.getRank() > 0 && annotation)
      (void)sharding.take(splitAxes(shard::Sharding(annotation.getSharding())),
                          maps[operand.getOperandNumber()], /*fix=*/false);
  }

  if (shard::GridOp gridOp = shard::getGridOrNull(op, *grid, symbols))
    mlir::distc::restrictReshapeLoops(op, sharding.axes, gridOp);

  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.get().getType());
    if (type && type.getRank() > 0)
      reshardOperand(b, operand, *grid,
                     sharding.splitOf(maps[operand.getOperandNumber()]));
  }
  for (OpResult result : op->getResults())
    if (isAnnotatedTensor(result.getType()))
      reshardResult(b, result, *grid, sharding.splitOf(mapOf(result)));
  return success();
}

/// A chain of annotations is a resharding, which upstream defines between
/// shardings of one grid only.
LogicalResult checkChainGrids(func::FuncOp func) {
  WalkResult walk = func.walk([](shard::ShardOp op) {
    auto source = op.getSrc().getDefiningOp<shard::ShardOp>();
    if (!source)
      return WalkResult::advance();
    FlatSymbolRefAttr from = shard::Sharding(source.getSharding()).getGridAttr();
    FlatSymbolRefAttr to = shard::Sharding(op.getSharding()).getGridAttr();
    if (from == to)
      return WalkResult::advance();
    op.emitError("distc: this annotation reshards a value of grid ")
        << from << " to grid " << to
        << "; shardings of different grids cannot be resharded into each "
           "other";
    return WalkResult::interrupt();
  });
  return failure(walk.wasInterrupted());
}

} // namespace

LogicalResult mlir::distc::resolveShardingConflicts(func::FuncOp func) {
  FlatSymbolRefAttr fallbackGrid;
  func.walk([&](shard::ShardingOp op) {
    if (!fallbackGrid)
      fallbackGrid = op.getGridAttr();
  });
  if (!fallbackGrid)
    return success();
  OpBuilder b(func.getContext());
  SymbolTableCollection symbols;
  // In order: an op's operands are settled after their producers, so a
  // value that propagation left unannotated has its producer's annotation
  // by the time a user reads it.
  for (Block &block : func.getBody())
    for (Operation &op : llvm::make_early_inc_range(block))
      if (failed(resolveOp(&op, fallbackGrid, symbols, b)))
        return failure();
  return checkChainGrids(func);
}
