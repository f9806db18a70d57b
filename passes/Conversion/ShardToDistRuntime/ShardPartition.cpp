//===- ShardPartition.cpp - upstream shard propagation + partitioning -----===//
//
// distc-shard-partition: the front half of the `shard` input path. It gives
// function boundaries the meaning a whole program needs (callers pass and
// receive global tensors), rejects what upstream's partitioning would
// miscompile or crash on, and then runs upstream's sharding-propagation and
// shard-partition on each annotated function. What is left are SPMD-level
// shard ops (collectives, index queries) for convert-shard-to-distruntime.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"
#include "passes/Conversion/ShardToDistRuntime/DecomposeAggregates.h"
#include "passes/Conversion/ShardToDistRuntime/GlobalIndices.h"
#include "passes/Conversion/ShardToDistRuntime/ReplicatedSharding.h"
#include "passes/Conversion/ShardToDistRuntime/ShardGridCheck.h"
#include "passes/Conversion/ShardToDistRuntime/ShardingConflicts.h"
#include "passes/Conversion/ShardToDistRuntime/UnevenSharding.h"

#include "mlir/Conversion/TosaToArith/TosaToArith.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/TosaToTensor/TosaToTensor.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Shard/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::distc {
#define GEN_PASS_DEF_SHARDPARTITION
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

/// The grid of `func`'s first sharding, or null if it has none.
FlatSymbolRefAttr firstAnnotationGrid(func::FuncOp func) {
  FlatSymbolRefAttr grid;
  func.walk([&](shard::ShardingOp op) {
    if (!grid)
      grid = op.getGridAttr();
  });
  return grid;
}

bool hasShardAnnotations(func::FuncOp func) {
  bool found = false;
  func.walk([&](shard::ShardOp) {
    found = true;
    return WalkResult::interrupt();
  });
  return found;
}

/// A replicated sharding on `grid`, created at `b`'s insertion point.
Value replicatedSharding(OpBuilder &b, Location loc, FlatSymbolRefAttr grid) {
  SmallVector<shard::GridAxesAttr> none{
      shard::GridAxesAttr::get(b.getContext(), {})};
  return shard::ShardingOp::create(b, loc, grid, none,
                                   ArrayRef<int64_t>{}, ArrayRef<int64_t>{})
      .getResult();
}

/// Checks the sharding of one annotation against what the rest of the path
/// handles correctly; distc says so at the annotation.
LogicalResult checkAnnotation(shard::ShardOp op,
                              SymbolTableCollection &symbols) {
  auto shardingOp = op.getSharding().getDefiningOp<shard::ShardingOp>();
  if (!shardingOp)
    return op.emitError("distc: the sharding of a shard.shard must be defined "
                        "by a shard.sharding op in the same function");
  shard::GridOp grid = shard::getGridOrNull(op, shardingOp.getGridAttr(),
                                            symbols);
  if (!grid)
    return op.emitError("distc: unknown grid ") << shardingOp.getGridAttr();
  if (llvm::any_of(grid.getShape(), ShapedType::isDynamic))
    return op.emitError("distc: grid @")
           << grid.getSymName() << " has a dynamic shape; only static grid "
           << "shapes are supported";
  if (!shardingOp.getDynamicShardedDimsOffsets().empty())
    return op.emitError("distc: dynamic sharded_dims_offsets are not "
                        "supported yet");
  // (Static halo sizes are gone: dropAnnotationHalos.)
  if (!shardingOp.getDynamicHaloSizes().empty())
    return op.emitError("distc: dynamic halo_sizes are not supported yet");

  auto type = cast<RankedTensorType>(op.getType());
  auto splitAxes = shardingOp.getSplitAxes().getAxes();
  // Empty lists split nothing: `split_axes = [[]]` on a rank-0 tensor is
  // replicated (upstream's reductions to a scalar write it so).
  size_t splitDims = splitAxes.size();
  while (splitDims > 0 && splitAxes[splitDims - 1].empty())
    --splitDims;
  if (splitDims > static_cast<size_t>(type.getRank()))
    return op.emitError("distc: the sharding splits ")
           << splitDims << " dimensions of a tensor of rank "
           << type.getRank();
  for (auto [dim, axes] : llvm::enumerate(splitAxes)) {
    int64_t shards = 1;
    for (shard::GridAxis axis : axes.asArrayRef()) {
      if (axis < 0 || axis >= grid.getRank())
        return op.emitError("distc: grid axis ")
               << axis << " is out of range for grid @" << grid.getSymName();
      shards *= grid.getShape()[axis];
    }
    if (shards == 1)
      continue;
    // Uneven sizes get an offsets table (completeUnevenShardings).
    if (type.isDynamicDim(dim))
      return op.emitError("distc: dimension ")
             << dim << " is split but has a dynamic size; only static "
             << "sizes can be partitioned yet";
  }
  return success();
}

/// Replaces every `shard.get_sharding %v` whose %v is the result of a
/// shard.shard by that op's sharding: what the value is annotated with (as
/// upstream's partitioning does), so that the sharding a later annotation
/// takes from it is a shard.sharding op again. Others stay (checkAnnotation
/// reports an annotation that uses one).
void resolveGetSharding(func::FuncOp func) {
  func.walk([](shard::GetShardingOp op) {
    if (auto annotated = op.getSource().getDefiningOp<shard::ShardOp>()) {
      op.getResult().replaceAllUsesWith(annotated.getSharding());
      op.erase();
    }
  });
}

/// Integer tosa.negate's zero points (map (d0, d1) -> (0)): an input that
/// the body reads at one constant position. The element is read once
/// before the op (tensor.extract, computed replicated) and the body uses
/// that scalar; the input, now unread, is erased with the other unread
/// ones.
void scalarizeInput(OpBuilder &b, linalg::GenericOp op, OpOperand *input,
                    AffineMap map) {
  BlockArgument arg = op.getMatchingBlockArgument(input);
  if (arg.use_empty())
    return;
  SmallVector<Value> position;
  for (AffineExpr e : map.getResults())
    position.push_back(arith::ConstantIndexOp::create(
        b, op.getLoc(), cast<AffineConstantExpr>(e).getValue()));
  Value element =
      tensor::ExtractOp::create(b, op.getLoc(), input->get(), position);
  arg.replaceAllUsesWith(element);
}

/// A TOSA broadcast (the bias of `tosa.add %x, %b : (tensor<8x5xf32>,
/// tensor<1x5xf32>)` is read with (d0, d1) -> (0, d1)): an input read
/// through a map that mixes constants and dimensions. The op reads the
/// rank-reduced slice at the constant positions instead
/// (tensor.extract_slice, computed replicated); returns the map of the
/// remaining dimensions ((d0, d1) -> (d1): a broadcast upstream partitions).
AffineMap sliceInput(OpBuilder &b, linalg::GenericOp op, OpOperand *input,
                     AffineMap map, RankedTensorType type) {
  SmallVector<OpFoldResult> offsets, sizes,
      strides(map.getNumResults(), b.getIndexAttr(1));
  SmallVector<AffineExpr> kept;
  SmallVector<int64_t> shape;
  for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
    if (auto c = dyn_cast<AffineConstantExpr>(expr)) {
      offsets.push_back(b.getIndexAttr(c.getValue()));
      sizes.push_back(b.getIndexAttr(1));
      continue;
    }
    offsets.push_back(b.getIndexAttr(0));
    sizes.push_back(b.getIndexAttr(type.getDimSize(dim)));
    kept.push_back(expr);
    shape.push_back(type.getDimSize(dim));
  }
  Value slice = tensor::ExtractSliceOp::create(
      b, op.getLoc(), RankedTensorType::get(shape, type.getElementType()),
      input->get(), offsets, sizes, strides);
  input->set(slice);
  return AffineMap::get(map.getNumDims(), map.getNumSymbols(), kept,
                        op.getContext());
}

/// Inputs of linalg ops read at constant positions in some of their
/// dimensions: upstream's sharding rule of linalg ops rejects a constant in
/// an operand's map ("operand's affine expression is restricted to ..."),
/// and its partitioning then crashed. An input read at a constant position
/// in every dimension becomes a scalar (scalarizeInput), one that mixes
/// constants and dimensions a slice (sliceInput; static shapes only).
void rewriteConstantPositionInputs(func::FuncOp func) {
  func.walk([](linalg::GenericOp op) {
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    bool remapped = false;
    OpBuilder b(op);
    auto isConstant = llvm::IsaPred<AffineConstantExpr>;
    for (OpOperand *input : op.getDpsInputOperands()) {
      AffineMap map = maps[input->getOperandNumber()];
      auto type = dyn_cast<RankedTensorType>(input->get().getType());
      if (!type || llvm::none_of(map.getResults(), isConstant))
        continue;
      if (llvm::all_of(map.getResults(), isConstant)) {
        scalarizeInput(b, op, input, map);
      } else if (type.hasStaticShape()) {
        maps[input->getOperandNumber()] = sliceInput(b, op, input, map, type);
        remapped = true;
      }
    }
    if (remapped)
      op.setIndexingMapsAttr(b.getAffineMapArrayAttr(maps));
  });
}

/// Halo sizes in annotations. A shard.shard is the identity on the global
/// tensor, and halos only widen each shard by copies of its neighbours'
/// elements: no op of an annotated function reads them (upstream 22 has no
/// sharding rule that does; halos are exchanged and read at the SPMD level,
/// shard.update_halo), and distc's functions take and return global
/// tensors, so the program's result is the same with and without them.
/// Upstream's partitioning, however, crashes resharding to or from a
/// sharding with halos and builds invalid IR for element-wise ops on halo'd
/// operands. Annotations therefore get their sharding without the halos
/// (static ones; dynamic halo sizes are reported by checkAnnotation), with a
/// remark under -v. Other users of the sharding value keep it as it is.
void dropAnnotationHalos(func::FuncOp func, bool remarks) {
  func.walk([&](shard::ShardingOp op) {
    if (!op.getDynamicHaloSizes().empty() || !op.getDynamicShardedDimsOffsets().empty() ||
        llvm::all_of(op.getStaticHaloSizes(), [](int64_t size) { return size == 0; }))
      return;
    auto isAnnotation = [](OpOperand &use) { return isa<shard::ShardOp>(use.getOwner()); };
    if (llvm::none_of(op->getUses(), isAnnotation))
      return;
    if (remarks)
      op.emitRemark("distc: the halo_sizes of this sharding do not change the "
                    "global result of the annotated function; it is "
                    "partitioned without them (halos are exchanged at the "
                    "SPMD level, shard.update_halo)");
    OpBuilder b(op);
    auto plain = shard::ShardingOp::create(b, op.getLoc(), op.getGridAttr(),
                                           op.getSplitAxes().getAxes(),
                                           ArrayRef<int64_t>{},
                                           op.getStaticShardedDimsOffsets());
    op.getResult().replaceUsesWithIf(plain.getResult(), isAnnotation);
  });
}

/// Callers in the same program pass global tensors and expect global tensors
/// back. Upstream's shard-partition instead reads the annotation of an
/// argument as the sharding of the value the caller passes (and changes the
/// signature to the local shard type). Make both ends replicated: an
/// argument annotated `S` becomes `replicated -> S (for its users)`, which
/// partitioning turns into a local slice; a returned tensor becomes
/// replicated before the return, which it turns into a gather.
LogicalResult replicateBoundary(func::FuncOp func) {
  if (!func.getBody().hasOneBlock())
    return func.emitError("distc: a function with shard annotations must "
                          "have a single block");
  Block &entry = func.getBody().front();
  OpBuilder b(func.getContext());

  // The grid of the boundary annotations: the one of the function's first
  // annotation (a function mixing grids at its boundary is rejected).
  FlatSymbolRefAttr grid = firstAnnotationGrid(func);
  if (!grid)
    return success();

  for (BlockArgument arg : entry.getArguments()) {
    auto type = dyn_cast<RankedTensorType>(arg.getType());
    if (!type)
      continue;
    // Upstream's partitioning crashes on a tensor argument that nothing
    // uses (it looks for the annotation among its users): give it one.
    if (arg.use_empty()) {
      b.setInsertionPointToStart(&entry);
      shard::ShardOp::create(b, arg.getLoc(), arg,
                             replicatedSharding(b, arg.getLoc(), grid),
                             /*annotateForUsers=*/false);
      continue;
    }
    if (type.getRank() == 0)
      continue;
    // Upstream needs the argument's only use to be its annotation.
    shard::ShardOp annotation;
    if (arg.hasOneUse())
      annotation = dyn_cast<shard::ShardOp>(*arg.getUsers().begin());
    b.setInsertionPointToStart(&entry);
    Value sharding = replicatedSharding(b, arg.getLoc(), grid);
    auto replicated = shard::ShardOp::create(b, arg.getLoc(), arg, sharding,
                                             /*annotateForUsers=*/false);
    arg.replaceAllUsesExcept(replicated.getResult(), replicated);
    if (annotation)
      annotation.setAnnotateForUsers(true);
  }

  Operation *terminator = entry.getTerminator();
  b.setInsertionPoint(terminator);
  for (OpOperand &operand : terminator->getOpOperands()) {
    auto type = dyn_cast<RankedTensorType>(operand.get().getType());
    if (!type || type.getRank() == 0)
      continue;
    Location loc = operand.get().getLoc();
    Value sharding = replicatedSharding(b, loc, grid);
    auto replicated = shard::ShardOp::create(b, loc, operand.get(), sharding,
                                             /*annotateForUsers=*/true);
    operand.set(replicated.getResult());
  }
  return success();
}

/// Ops without a sharding rule of their own (ReplicatedSharding.h) are
/// computed replicated: their tensor operands are annotated as replicated
/// for them (partitioning gathers split values first) and their tensor
/// results as replicated (users that want another sharding slice them).
LogicalResult replicateUnshardableOps(func::FuncOp func, bool remarks) {
  FlatSymbolRefAttr grid = firstAnnotationGrid(func);
  if (!grid)
    return success();
  auto isTensor = [](Type type) {
    auto tensor = dyn_cast<RankedTensorType>(type);
    return tensor && tensor.getRank() > 0;
  };
  OpBuilder b(func.getContext());
  // A result annotation describes the value: users that read the value
  // around it (`%y = op; %a = shard.shard %y to S; tensor.dim %y`) read the
  // annotated value (upstream needs the annotation to be the only use).
  func.walk([](shard::ShardOp annotation) {
    Value source = annotation.getSrc();
    if (annotation.getAnnotateForUsers() || source.getDefiningOp<shard::ShardOp>())
      return;
    Block *block = annotation->getBlock();
    source.replaceUsesWithIf(annotation.getResult(), [&](OpOperand &use) {
      Operation *user = block->findAncestorOpInBlock(*use.getOwner());
      // Only users after the annotation: the others cannot see its result.
      return user && user != annotation.getOperation() &&
             annotation->isBeforeInBlock(user) &&
             !isa<shard::ShardOp>(use.getOwner());
    });
  });
  for (Operation &op :
       llvm::make_early_inc_range(func.getBody().front().getOperations())) {
    if (!mlir::distc::hasReplicatedSharding(&op))
      continue;
    // Partitioning clones a replicated op's regions unchanged, with the
    // values they capture mapped to their partitioned values: a body reading
    // a split tensor from outside would compute on a shard. It reads the
    // whole tensor instead (annotated as replicated for the op, like its
    // operands: partitioning gathers it before the op).
    llvm::SetVector<Value> captured;
    getUsedValuesDefinedAbove(op.getRegions(), captured);
    b.setInsertionPoint(&op);
    for (Value value : captured) {
      if (!isTensor(value.getType()))
        continue;
      auto whole = shard::ShardOp::create(
          b, op.getLoc(), value, replicatedSharding(b, op.getLoc(), grid),
          /*annotateForUsers=*/true);
      for (Region &region : op.getRegions())
        replaceAllUsesInRegionWith(value, whole.getResult(), region);
    }
    if (remarks && (llvm::any_of(op.getOperandTypes(), isTensor) ||
                    llvm::any_of(op.getResultTypes(), isTensor)))
      op.emitRemark("distc: '")
          << op.getName() << "' has no sharding rule: computed replicated on "
          << "every process of grid " << grid
          << " (split operands are gathered first)";
    b.setInsertionPoint(&op);
    for (OpOperand &operand : op.getOpOperands()) {
      if (!isTensor(operand.get().getType()))
        continue;
      Value sharding = replicatedSharding(b, op.getLoc(), grid);
      auto annotation = shard::ShardOp::create(b, op.getLoc(), operand.get(),
                                               sharding,
                                               /*annotateForUsers=*/true);
      operand.set(annotation.getResult());
    }
    b.setInsertionPointAfter(&op);
    for (OpResult result : op.getResults()) {
      if (!isTensor(result.getType()) || result.use_empty())
        continue;
      Value sharding = replicatedSharding(b, op.getLoc(), grid);
      auto annotation = shard::ShardOp::create(b, op.getLoc(), result,
                                               sharding,
                                               /*annotateForUsers=*/false);
      result.replaceAllUsesExcept(annotation.getResult(), annotation);
    }
  }
  return success();
}

/// Propagation gives a value one sharding: a `tensor.empty` that several
/// ops use as their init would get the sharding of one of them, and the
/// others would read a shard of the wrong shape (upstream then builds
/// invalid IR). It holds no data: give every user its own.
void unshareEmptyTensors(func::FuncOp func) {
  SmallVector<tensor::EmptyOp> shared;
  func.walk([&](tensor::EmptyOp op) {
    if (!op->hasOneUse() && !op->use_empty())
      shared.push_back(op);
  });
  OpBuilder b(func.getContext());
  for (tensor::EmptyOp op : shared) {
    SmallVector<OpOperand *> uses = llvm::map_to_vector(
        op->getUses(), [](OpOperand &use) { return &use; });
    for (OpOperand *use : llvm::drop_begin(uses)) {
      b.setInsertionPoint(op);
      use->set(b.clone(*op)->getResult(0));
    }
  }
}

/// A splat tensor constant becomes, for each of its users, a linalg.fill of
/// a tensor.empty. Upstream partitions a split splat constant into a splat
/// constant of the local shard's type, which is dynamic for a dimension
/// that the grid does not divide evenly: `arith.constant dense<3.0> :
/// tensor<?xf32>`, which bufferization rejects ("memref.global op type
/// should be static shaped"). An empty tensor partitions to the local size
/// (`tensor.empty(%shard_shape)`), and the fill is an element-wise op; one
/// per use, so that propagation gives each the sharding its op wants. Only
/// the operands of linalg ops are replaced (other users, a shape operand,
/// keep the constant).
void splatConstantsToFills(func::FuncOp func) {
  SmallVector<arith::ConstantOp> splats;
  func.walk([&](arith::ConstantOp op) {
    auto type = dyn_cast<RankedTensorType>(op.getType());
    auto value = dyn_cast<SplatElementsAttr>(op.getValue());
    if (type && value && type.getRank() > 0 && type.hasStaticShape() &&
        isa<IntegerType, FloatType>(type.getElementType()))
      splats.push_back(op);
  });
  OpBuilder b(func.getContext());
  for (arith::ConstantOp op : splats) {
    auto type = cast<RankedTensorType>(op.getType());
    Value scalar;
    for (OpOperand &use : llvm::make_early_inc_range(op->getUses())) {
      if (!isa<linalg::LinalgOp>(use.getOwner()))
        continue;
      b.setInsertionPoint(op);
      if (!scalar)
        scalar = arith::ConstantOp::create(
            b, op.getLoc(),
            cast<SplatElementsAttr>(op.getValue()).getSplatValue<TypedAttr>());
      Value empty = tensor::EmptyOp::create(b, op.getLoc(), type.getShape(),
                                            type.getElementType());
      use.set(linalg::FillOp::create(b, op.getLoc(), scalar, empty).getResult(0));
    }
    if (op->use_empty())
      op.erase();
  }
}

using AxesLists = SmallVector<SmallVector<int16_t>>;

/// The split axes of `sharding`, one list per tensor dimension of `rank`.
AxesLists splitLists(shard::ShardingOp sharding, int64_t rank) {
  AxesLists lists(rank);
  for (auto [dim, axes] : llvm::enumerate(sharding.getSplitAxes().getAxes()))
    if (static_cast<int64_t>(dim) < rank)
      lists[dim].assign(axes.asArrayRef().begin(), axes.asArrayRef().end());
  return lists;
}

/// Whether `to` is `from` with the only axis of one dimension moved to
/// another dimension that no axis splits: one all_to_all, a step upstream's
/// resharding takes correctly (it crashes moving an axis next to others,
/// [[0], [1]] -> [[0, 1]]).
bool isOneMove(const AxesLists &from, const AxesLists &to) {
  for (size_t src = 0; src < from.size(); ++src)
    for (size_t dst = 0; dst < from.size(); ++dst) {
      if (src == dst || from[src].size() != 1 || !from[dst].empty())
        continue;
      AxesLists moved = from;
      moved[dst].push_back(moved[src].back());
      moved[src].pop_back();
      if (moved == to)
        return true;
    }
  return false;
}

/// The intermediate shardings between `from` and `to` (excluding both) such
/// that every step unsplits the last axis of one dimension (an all_gather)
/// or splits one dimension by one more axis (an all_slice): the steps
/// upstream's resharding performs on a grid of several axes, which does
/// only one of them per resharding and builds invalid IR (or crashes) for
/// the rest. Axes leave their old dimension before they join a new one.
SmallVector<AxesLists> reshardingSteps(const AxesLists &from,
                                       const AxesLists &to) {
  SmallVector<AxesLists> steps;
  if (from == to || isOneMove(from, to))
    return steps;
  AxesLists current = from;
  SmallVector<size_t> common(from.size());
  for (size_t d = 0; d < from.size(); ++d)
    while (common[d] < from[d].size() && common[d] < to[d].size() &&
           from[d][common[d]] == to[d][common[d]])
      ++common[d];
  for (size_t d = 0; d < current.size(); ++d)
    while (current[d].size() > common[d]) {
      current[d].pop_back();
      steps.push_back(current);
    }
  for (size_t d = 0; d < current.size(); ++d)
    while (current[d].size() < to[d].size()) {
      current[d].push_back(to[d][current[d].size()]);
      steps.push_back(current);
    }
  if (!steps.empty())
    steps.pop_back(); // the last one is `to`
  return steps;
}

/// Chains of annotations `%a = shard.shard %x to S1` and `shard.shard %a to
/// S2 annotate_for_users` are reshardings. On a grid of several axes, those
/// that need more than one step get the intermediate annotations, one step
/// each (see reshardingSteps). Shardings with halos or offsets are left to
/// upstream.
void decomposeReshardings(func::FuncOp func, SymbolTableCollection &symbols) {
  SmallVector<shard::ShardOp> targets;
  func.walk([&](shard::ShardOp op) {
    if (op.getSrc().getDefiningOp<shard::ShardOp>())
      targets.push_back(op);
  });
  OpBuilder b(func.getContext());
  for (shard::ShardOp op : targets) {
    auto source = op.getSrc().getDefiningOp<shard::ShardOp>();
    auto from = source.getSharding().getDefiningOp<shard::ShardingOp>();
    auto to = op.getSharding().getDefiningOp<shard::ShardingOp>();
    auto type = dyn_cast<RankedTensorType>(op.getType());
    if (!from || !to || !type || from.getGridAttr() != to.getGridAttr())
      continue;
    shard::GridOp grid = shard::getGridOrNull(op, to.getGridAttr(), symbols);
    if (!grid || grid.getRank() < 2)
      continue;
    auto plain = [](shard::ShardingOp s) {
      return s.getStaticHaloSizes().empty() && s.getDynamicHaloSizes().empty() &&
             s.getStaticShardedDimsOffsets().empty() &&
             s.getDynamicShardedDimsOffsets().empty();
    };
    if (!plain(from) || !plain(to))
      continue;
    SmallVector<AxesLists> steps = reshardingSteps(
        splitLists(from, type.getRank()), splitLists(to, type.getRank()));
    b.setInsertionPoint(op);
    Value value = source.getResult();
    for (const AxesLists &step : steps) {
      SmallVector<shard::GridAxesAttr> axes;
      for (const SmallVector<int16_t> &list : step)
        axes.push_back(shard::GridAxesAttr::get(func.getContext(), list));
      while (!axes.empty() && axes.back().empty())
        axes.pop_back();
      if (axes.empty())
        axes.push_back(shard::GridAxesAttr::get(func.getContext(), {}));
      Value sharding =
          shard::ShardingOp::create(b, op.getLoc(), to.getGridAttr(), axes,
                                    ArrayRef<int64_t>{}, ArrayRef<int64_t>{})
              .getResult();
      value = shard::ShardOp::create(b, op.getLoc(), value, sharding,
                                     /*annotateForUsers=*/true)
                  .getResult();
    }
    op.getSrcMutable().assign(value);
  }
}

/// A transpose whose operand is resharded for it alone
///
///   %s = shard.shard %x to F            (or annotate_for_users)
///   %u = shard.shard %s to T annotate_for_users
///   %t = linalg.transpose ins(%u) ... permutation = p
///   %r = shard.shard %t to R
///
/// is one redistribution: from `x`'s F box straight into `t`'s R box of the
/// transposed global array (distruntime.copy_permute, whose runtime kernel
/// transposes while it copies). Partitioning would move the data into T
/// boxes first (an all_to_all or a copy_reshape) and then transpose locally
/// with a plain loop nest, which reads the result of the first copy with
/// the stride of a whole row: five times slower than dist.permute for the
/// transpose of a row-split matrix (docs/performance.md, "shard"). The
/// chain becomes a `distc.reshard` carrier with the permutation in
/// `distc.permute`; its partition and lowering are those of the other
/// carriers (UnevenSharding.h, ShardReshard.cpp). A replicated `x` (a
/// local slice) or `F == T` (no communication) keep upstream's partition.
void fuseReshardTransposes(func::FuncOp func) {
  SmallVector<linalg::TransposeOp> transposes;
  func.walk([&](linalg::TransposeOp op) { transposes.push_back(op); });
  auto plain = [](shard::ShardingOp s) {
    return s && s.getStaticHaloSizes().empty() &&
           s.getDynamicHaloSizes().empty();
  };
  OpBuilder b(func.getContext());
  for (linalg::TransposeOp op : transposes) {
    auto user = op.getInput().getDefiningOp<shard::ShardOp>();
    // (Static shapes: the carrier's lowering builds boxes of the global
    // shape. Annotated functions reject split dynamic dimensions anyway.)
    if (!user || !user.getAnnotateForUsers() || !user->hasOneUse() ||
        !op->getResult(0).hasOneUse() ||
        !cast<ShapedType>(op.getInput().getType()).hasStaticShape())
      continue;
    auto source = user.getSrc().getDefiningOp<shard::ShardOp>();
    auto result = dyn_cast<shard::ShardOp>(*op->getResult(0).user_begin());
    if (!source || !result || result.getAnnotateForUsers())
      continue;
    auto from = source.getSharding().getDefiningOp<shard::ShardingOp>();
    auto to = user.getSharding().getDefiningOp<shard::ShardingOp>();
    auto out = result.getSharding().getDefiningOp<shard::ShardingOp>();
    if (!plain(from) || !plain(to) || !plain(out) ||
        shard::Sharding(from.getResult()) == shard::Sharding(to.getResult()) ||
        shard::isFullReplication(shard::Sharding(from.getResult())))
      continue;
    b.setInsertionPoint(op);
    // The carrier's operand is an annotation for its users (upstream reads
    // an operand's sharding there).
    Value operand = source.getResult();
    if (!source.getAnnotateForUsers())
      operand = shard::ShardOp::create(b, op.getLoc(), operand,
                                       source.getSharding(),
                                       /*annotateForUsers=*/true)
                    .getResult();
    auto carrier = UnrealizedConversionCastOp::create(
        b, op.getLoc(), TypeRange{op->getResult(0).getType()},
        ValueRange{operand});
    carrier->setAttr(mlir::distc::kReshardAttrName, b.getUnitAttr());
    carrier->setAttr(mlir::distc::kPermuteAttrName,
                     b.getDenseI64ArrayAttr(op.getPermutation()));
    op->getResult(0).replaceAllUsesWith(carrier.getResult(0));
    Value init = op.getInit();
    op.erase();
    user.erase();
    // The init (an empty tensor and its annotation) has no user left.
    while (Operation *def = init.getDefiningOp()) {
      if (!isOpTriviallyDead(def))
        break;
      init = def->getNumOperands() ? def->getOperand(0) : Value();
      def->erase();
      if (!init)
        break;
    }
  }
}

struct ShardPartition
    : public mlir::distc::impl::ShardPartitionBase<ShardPartition> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Upstream's propagation and partitioning divide by the extents.
    if (failed(mlir::distc::checkShardGrids(module)))
      return signalPassFailure();
    SymbolTableCollection symbols;
    SmallVector<func::FuncOp> annotated;
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal() && hasShardAnnotations(func))
        annotated.push_back(func);
    // TOSA has sharding rules upstream for element-wise ops only, and
    // tosa.matmul's partitions to an op of the wrong type; its linalg form
    // has them all (batch_matmul, generic). Lowered in every function of
    // a module: main may compute on the results, and the differential
    // check's reference (no annotations) is the same program.
    OpPassManager tosa(func::FuncOp::getOperationName());
    tosa.addPass(tosa::createTosaToLinalgNamed());
    tosa.addPass(tosa::createTosaToLinalg());
    tosa.addPass(createTosaToArithPass());
    tosa.addPass(createTosaToTensorPass());
    for (auto func : module.getOps<func::FuncOp>()) {
      // (In every function, for the same reason as TOSA below.)
      if (failed(mlir::distc::decomposeAggregateOps(func)))
        return signalPassFailure();
      bool hasTosa = false;
      func.walk([&](Operation *op) {
        hasTosa |= isa<tosa::TosaDialect>(op->getDialect());
      });
      if (!hasTosa)
        continue;
      if (failed(runPipeline(tosa, func)))
        return signalPassFailure();
      // Inputs that the lowered bodies do not read (tosa.negate's float
      // zero points, broadcast with the map (d0, d1) -> (0)) go: upstream's
      // sharding rule of linalg ops rejects a constant in an operand's map.
      // Those read at one position (the integer zero points) are read
      // before the op first. (Not converging within the driver's limit
      // only leaves some in.)
      rewriteConstantPositionInputs(func);
      RewritePatternSet unused(func.getContext());
      linalg::populateEraseUnusedOperandsAndResultsPatterns(unused);
      (void)applyPatternsGreedily(func, std::move(unused));
      // The zero points of tosa.matmul become unused tensor constants, on
      // which upstream's partitioning fails (without a message).
      // (Last to first: users go before the values they use.)
      for (Block &block : func.getBody())
        for (Operation &op :
             llvm::make_early_inc_range(llvm::reverse(block.getOperations())))
          if (isOpTriviallyDead(&op))
            op.erase();
    }

    if (annotated.empty())
      return;

    bool ok = true;
    for (func::FuncOp func : annotated) {
      resolveGetSharding(func);
      dropAnnotationHalos(func, remarks);
      func.walk([&](shard::ShardOp op) {
        if (failed(checkAnnotation(op, symbols)))
          ok = false;
      });
    }
    if (!ok)
      return signalPassFailure();

    OpPassManager propagate(func::FuncOp::getOperationName());
    propagate.addPass(shard::createShardingPropagation());
    OpPassManager partition(func::FuncOp::getOperationName());
    partition.addPass(shard::createPartition());
    // Upstream's propagation reports some inputs it cannot handle (a
    // constant in an operand's indexing map) without failing, and its
    // partitioning then crashes on what it left: count the errors (they
    // still reach the user) and stop after them.
    int errors = 0;
    ScopedDiagnosticHandler countErrors(&getContext(), [&](Diagnostic &d) {
      if (d.getSeverity() == DiagnosticSeverity::Error)
        ++errors;
      return failure();
    });
    for (func::FuncOp func : annotated) {
      if (failed(replicateBoundary(func)))
        return signalPassFailure();
      splatConstantsToFills(func);
      unshareEmptyTensors(func);
      if (failed(replicateUnshardableOps(func, remarks)) ||
          failed(runPipeline(propagate, func)))
        return signalPassFailure();
      // The annotations propagation added obey the same rules.
      bool propagatedOk = true;
      func.walk([&](shard::ShardOp op) {
        if (failed(checkAnnotation(op, symbols)))
          propagatedOk = false;
      });
      // Where propagation gave up on contradicting annotations, the ops
      // get one sharding and reshardings around them.
      if (errors != 0 || !propagatedOk ||
          failed(mlir::distc::resolveShardingConflicts(func)) ||
          failed(mlir::distc::completeUnevenShardings(func, symbols)))
        return signalPassFailure();
      // (While the annotations still say how each loop is split.)
      mlir::distc::tagShardedIndices(func, symbols);
      fuseReshardTransposes(func);
      // (Shardings with offsets are left out: their reshardings are
      // distc's.)
      decomposeReshardings(func, symbols);
      mlir::distc::insertReshardCarriers(func);
      if (failed(runPipeline(partition, func)))
        return signalPassFailure();
      mlir::distc::offsetShardedIndices(func, symbols);
    }
  }
};

} // namespace
