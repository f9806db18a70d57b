//===- UnevenSharding.cpp - uneven partitions of annotated programs -------===//
//
// See UnevenSharding.h: offsets tables for uneven shardings, and resharding
// carriers that keep upstream's resharding away from them.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/ShardToDistRuntime/UnevenSharding.h"

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "passes/Conversion/ShardToDistRuntime/NoProposalModel.h"

#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/IR/BuiltinDialect.h"
#include "mlir/IR/DialectRegistry.h"

#include <map>

using namespace mlir;
using namespace mlir::shard;
using mlir::distc::axesOf;
using mlir::distc::shardCount;

namespace {

/// The shard dialect's balanced partition of `size` over `n` shards:
/// `size / n` each and one more on the last `size % n` (the rule of
/// shard_shape; convert-shard-to-distruntime uses the same for collectives).
SmallVector<int64_t> balancedOffsets(int64_t size, int64_t n) {
  SmallVector<int64_t> offsets;
  int64_t base = size / n, first = n - size % n;
  for (int64_t i = 0; i <= n; ++i)
    offsets.push_back(i * base + std::max<int64_t>(0, i - first));
  return offsets;
}

/// Tables of one split dimension by (grid, axes, dimension size): derived
/// shardings of a dimension that the user partitioned with explicit offsets
/// take the user's table, so that element-wise chains and matmuls over it
/// need no resharding.
using TableKey = std::tuple<std::string, SmallVector<GridAxis>, int64_t>;
using Tables = std::map<TableKey, SmallVector<int64_t>>;

TableKey keyOf(ShardingOp sharding, ArrayRef<GridAxis> axes, int64_t size) {
  return {sharding.getGrid().str(), SmallVector<GridAxis>(axes), size};
}

/// The split dimensions of `op`'s tensor, with their shard counts.
SmallVector<std::pair<int64_t, int64_t>> splitDims(ShardOp op,
                                                   ShardingOp sharding,
                                                   GridOp grid) {
  auto type = cast<RankedTensorType>(op.getType());
  SmallVector<std::pair<int64_t, int64_t>> dims;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    ArrayRef<GridAxis> axes = axesOf(sharding, d);
    if (!axes.empty())
      dims.push_back({d, shardCount(grid, axes)});
  }
  return dims;
}

/// Reads the user's offsets of `op` into `tables` after checking that they
/// describe the tensor: per split dimension n + 1 non-decreasing offsets
/// from 0 to its size.
LogicalResult collectUserTable(ShardOp op, ShardingOp sharding, GridOp grid,
                               Tables &tables) {
  ArrayRef<int64_t> offsets = sharding.getStaticShardedDimsOffsets();
  auto type = cast<RankedTensorType>(op.getType());
  size_t position = 0;
  auto dims = splitDims(op, sharding, grid);
  size_t expected = 0;
  for (auto [d, n] : dims)
    expected += n + 1;
  if (offsets.size() != expected)
    return op.emitError("distc: sharded_dims_offsets has ")
           << offsets.size() << " entries; the " << dims.size()
           << " split dimensions of this tensor need " << expected
           << " (the shard count + 1 each)";
  for (auto [d, n] : dims) {
    ArrayRef<int64_t> table = offsets.slice(position, n + 1);
    position += n + 1;
    int64_t size = type.getDimSize(d);
    if (table.front() != 0 || table.back() != size ||
        !llvm::is_sorted(table))
      return op.emitError("distc: sharded_dims_offsets of dimension ")
             << d << " must rise from 0 to its size " << size;
    tables.try_emplace(keyOf(sharding, axesOf(sharding, d), size),
                       SmallVector<int64_t>(table));
  }
  return success();
}

bool hasOffsets(ShardingOp sharding) {
  return !sharding.getStaticShardedDimsOffsets().empty() ||
         !sharding.getDynamicShardedDimsOffsets().empty();
}

bool hasHalos(ShardingOp sharding) {
  return !sharding.getStaticHaloSizes().empty() ||
         !sharding.getDynamicHaloSizes().empty();
}

/// Proposes nothing (the carriers are inserted after propagation) and
/// partitions a carrier into the same cast on the local shards, with the
/// source and target shardings as operands: convert-shard-to-distruntime
/// turns that into one redistribution.
struct ReshardModel : public mlir::distc::NoProposalModel<ReshardModel> {
  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<Sharding> operandShardings,
                          ArrayRef<Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    if (!op->hasAttr(mlir::distc::kReshardAttrName) ||
        partitionedOperands.size() != 1 || operandShardings.size() != 1 ||
        resultShardings.size() != 1 || !operandShardings[0] ||
        !resultShardings[0])
      return op->emitError("distc: unexpected unrealized_conversion_cast in "
                           "a function with shard annotations");
    auto type = cast<RankedTensorType>(op->getResult(0).getType());
    GridOp grid = getGridOrNull(op, resultShardings[0].getGridAttr(),
                                symbolTable);
    if (!grid)
      return op->emitError("distc: unknown grid ")
             << resultShardings[0].getGridAttr();
    Location loc = op->getLoc();
    Value from = ShardingOp::create(builder, loc, operandShardings[0]);
    Value to = ShardingOp::create(builder, loc, resultShardings[0]);
    auto local = UnrealizedConversionCastOp::create(
        builder, loc, TypeRange{shardType(type, grid, resultShardings[0])},
        ValueRange{partitionedOperands[0], from, to});
    local->setAttr(mlir::distc::kReshardAttrName,
                   builder.getDenseI64ArrayAttr(type.getShape()));
    if (Attribute permutation = op->getAttr(mlir::distc::kPermuteAttrName))
      local->setAttr(mlir::distc::kPermuteAttrName, permutation);
    partitionMap.map(op->getResult(0), local.getResult(0));
    partitionMap.map(op, local.getOperation());
    return success();
  }
};

} // namespace

LogicalResult
mlir::distc::completeUnevenShardings(func::FuncOp func,
                                     SymbolTableCollection &symbols) {
  SmallVector<std::pair<ShardOp, ShardingOp>> annotations;
  func.walk([&](ShardOp op) {
    if (auto sharding = op.getSharding().getDefiningOp<ShardingOp>())
      annotations.push_back({op, sharding});
  });
  Tables tables;
  for (auto [op, sharding] : annotations) {
    if (!hasOffsets(sharding))
      continue;
    if (!sharding.getDynamicShardedDimsOffsets().empty())
      return op.emitError("distc: dynamic sharded_dims_offsets are not "
                          "supported yet");
    GridOp grid = getGridOrNull(op, sharding.getGridAttr(), symbols);
    if (!grid || failed(collectUserTable(op, sharding, grid, tables)))
      return failure();
  }
  OpBuilder b(func.getContext());
  for (auto [op, sharding] : annotations) {
    if (hasOffsets(sharding))
      continue;
    GridOp grid = getGridOrNull(op, sharding.getGridAttr(), symbols);
    if (!grid)
      continue;
    auto type = cast<RankedTensorType>(op.getType());
    SmallVector<int64_t> offsets;
    bool needed = false;
    for (auto [d, n] : splitDims(op, sharding, grid)) {
      int64_t size = type.getDimSize(d);
      needed |= size % n != 0 ||
                tables.count(keyOf(sharding, axesOf(sharding, d), size));
    }
    if (!needed)
      continue;
    if (hasHalos(sharding))
      return op.emitError("distc: halo_sizes on a dimension of uneven size ")
             << "are not supported yet";
    // Upstream's verifier counts the shards of a dimension split along
    // several axes as the sum of their extents, not the product: drop the
    // axes of extent 1 (they do not partition anything), and refuse what
    // still disagrees.
    SmallVector<GridAxesAttr> axes;
    offsets.clear();
    for (auto [d, list] : llvm::enumerate(sharding.getSplitAxes().getAxes())) {
      SmallVector<GridAxis> kept;
      int64_t sum = 0, product = 1;
      for (GridAxis axis : list.asArrayRef())
        if (grid.getShape()[axis] != 1) {
          kept.push_back(axis);
          sum += grid.getShape()[axis];
          product *= grid.getShape()[axis];
        }
      if (kept.size() > 1 && sum != product)
        return op.emitError("distc: an uneven partition of a dimension "
                            "split along several grid axes is supported "
                            "only when their extents' sum equals their "
                            "product (upstream 22 counts the shards as the "
                            "sum)");
      axes.push_back(GridAxesAttr::get(func.getContext(), kept));
      if (kept.empty() || static_cast<int64_t>(d) >= type.getRank())
        continue;
      int64_t size = type.getDimSize(d);
      auto it = tables.find(keyOf(sharding, list.asArrayRef(), size));
      offsets.append(it != tables.end() ? it->second
                                        : balancedOffsets(size, product));
    }
    b.setInsertionPoint(op);
    // (Through Sharding: ShardingOp's builder from static arrays stores
    // its second array as the halo sizes in 22.1.8.)
    auto uneven = ShardingOp::create(
        b, sharding.getLoc(),
        Sharding::get(sharding.getGridAttr(), axes,
                      /*static_halo_sizes_=*/{}, offsets));
    op.getShardingMutable().assign(uneven.getResult());
  }
  return success();
}

void mlir::distc::insertReshardCarriers(func::FuncOp func) {
  SmallVector<ShardOp> targets;
  func.walk([&](ShardOp op) {
    auto source = op.getSrc().getDefiningOp<ShardOp>();
    if (!source)
      return;
    auto from = source.getSharding().getDefiningOp<ShardingOp>();
    auto to = op.getSharding().getDefiningOp<ShardingOp>();
    if (!from || !to || (!hasOffsets(from) && !hasOffsets(to)))
      return;
    if (Sharding(source.getSharding()) != Sharding(op.getSharding()))
      targets.push_back(op);
  });
  OpBuilder b(func.getContext());
  for (ShardOp op : targets) {
    auto source = op.getSrc().getDefiningOp<ShardOp>();
    b.setInsertionPoint(op);
    // The carrier's operand must be an annotation for its users (upstream
    // reads an operand's sharding there), its only user the target.
    Value operand = source.getResult();
    if (!source.getAnnotateForUsers())
      operand = ShardOp::create(b, op.getLoc(), operand, source.getSharding(),
                                /*annotateForUsers=*/true)
                    .getResult();
    auto carrier = UnrealizedConversionCastOp::create(
        b, op.getLoc(), TypeRange{op.getType()}, ValueRange{operand});
    carrier->setAttr(kReshardAttrName, b.getUnitAttr());
    op.getSrcMutable().assign(carrier.getResult(0));
  }
}

void mlir::distc::registerReshardShardingModel(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, BuiltinDialect *) {
    UnrealizedConversionCastOp::attachInterface<ReshardModel>(*ctx);
  });
}
