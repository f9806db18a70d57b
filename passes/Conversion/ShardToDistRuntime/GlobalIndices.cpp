//===- GlobalIndices.cpp - linalg.index of partitioned ops ----------------===//

#include "passes/Conversion/ShardToDistRuntime/GlobalIndices.h"
#include "passes/Conversion/ShardToDistRuntime/UnevenSharding.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"

using namespace mlir;
using namespace mlir::shard;
using mlir::distc::axesOf;
using mlir::distc::shardCount;

namespace {

/// On a linalg.index between the two steps: {grid, axes, offsets}, the
/// block offsets of the loop's split (n + 1 entries for n shards).
constexpr llvm::StringLiteral kOffsetsAttr = "distc.index_offsets";

/// The annotation of `value` as read by an op (an operand's defining
/// shard.shard) or as produced (a result's only user).
ShardingOp operandSharding(Value value) {
  auto annotation = value.getDefiningOp<ShardOp>();
  return annotation ? annotation.getSharding().getDefiningOp<ShardingOp>()
                    : nullptr;
}

ShardingOp resultSharding(OpResult result) {
  if (!result.hasOneUse())
    return nullptr;
  auto annotation = dyn_cast<ShardOp>(*result.user_begin());
  return annotation && !annotation.getAnnotateForUsers()
             ? annotation.getSharding().getDefiningOp<ShardingOp>()
             : nullptr;
}

/// The block offsets of dimension `dim` (of size `size`) of a tensor of
/// rank `rank` split by `sharding`: the user's or the completed table
/// (one per split dimension, in order), else the even split.
SmallVector<int64_t> blockOffsets(ShardingOp sharding, GridOp grid,
                                  int64_t rank, int64_t dim, int64_t size) {
  int64_t n = shardCount(grid, axesOf(sharding, dim));
  ArrayRef<int64_t> tables = sharding.getStaticShardedDimsOffsets();
  if (!tables.empty()) {
    size_t position = 0;
    for (int64_t d = 0; d < rank; ++d) {
      ArrayRef<GridAxis> axes = axesOf(sharding, d);
      if (axes.empty())
        continue;
      int64_t shards = shardCount(grid, axes);
      if (d == dim && position + shards + 1 <= tables.size())
        return SmallVector<int64_t>(tables.slice(position, shards + 1));
      position += shards + 1;
    }
  }
  SmallVector<int64_t> offsets;
  for (int64_t i = 0; i <= n; ++i)
    offsets.push_back(i * (size / n));
  return offsets;
}

} // namespace

void mlir::distc::tagShardedIndices(func::FuncOp func,
                                    SymbolTableCollection &symbols) {
  for (Operation &top : func.getBody().getOps()) {
    auto op = dyn_cast<linalg::LinalgOp>(&top);
    if (!op)
      continue;
    SmallVector<linalg::IndexOp> indices;
    op->walk([&](linalg::IndexOp index) {
      if (index->getParentOp() == op.getOperation())
        indices.push_back(index);
    });
    if (indices.empty())
      continue;
    // Every value the op reads or writes, with its map and annotation (all
    // agree on the loops: resolveShardingConflicts).
    SmallVector<std::tuple<Type, AffineMap, ShardingOp>> annotated;
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    for (OpOperand &operand : op->getOpOperands())
      annotated.emplace_back(operand.get().getType(),
                             maps[operand.getOperandNumber()],
                             operandSharding(operand.get()));
    for (OpResult result : op->getResults())
      annotated.emplace_back(
          result.getType(),
          maps[op.getNumDpsInputs() + result.getResultNumber()],
          resultSharding(result));
    for (linalg::IndexOp index : indices) {
      for (auto [type, map, sharding] : annotated) {
        auto tensor = dyn_cast<RankedTensorType>(type);
        if (!tensor || !sharding)
          continue;
        GridOp grid = getGridOrNull(op, sharding.getGridAttr(), symbols);
        if (!grid)
          continue;
        std::optional<unsigned> dim =
            map.getResultPosition(getAffineDimExpr(index.getDim(),
                                                   op->getContext()));
        if (!dim || *dim >= tensor.getRank())
          continue;
        ArrayRef<GridAxis> axes = axesOf(sharding, *dim);
        if (shardCount(grid, axes) == 1)
          continue;
        Builder b(op->getContext());
        index->setAttr(
            kOffsetsAttr,
            b.getDictionaryAttr(
                {b.getNamedAttr("grid", sharding.getGridAttr()),
                 b.getNamedAttr("axes", b.getDenseI16ArrayAttr(axes)),
                 b.getNamedAttr("offsets",
                                b.getDenseI64ArrayAttr(blockOffsets(
                                    sharding, grid, tensor.getRank(), *dim,
                                    tensor.getDimSize(*dim))))}));
        break;
      }
    }
  }
}

void mlir::distc::offsetShardedIndices(func::FuncOp func,
                                       SymbolTableCollection &symbols) {
  SmallVector<linalg::IndexOp> tagged;
  func.walk([&](linalg::IndexOp index) {
    if (index->hasAttr(kOffsetsAttr))
      tagged.push_back(index);
  });
  for (linalg::IndexOp index : tagged) {
    auto info = index->getAttrOfType<DictionaryAttr>(kOffsetsAttr);
    index->removeAttr(kOffsetsAttr);
    auto gridAttr = info.getAs<FlatSymbolRefAttr>("grid");
    auto axes = info.getAs<DenseI16ArrayAttr>("axes");
    auto offsets = info.getAs<DenseI64ArrayAttr>("offsets");
    Operation *owner = index->getParentOp();
    GridOp grid = gridAttr ? getGridOrNull(owner, gridAttr, symbols) : nullptr;
    if (!grid || !axes || !offsets)
      continue;
    Location loc = index.getLoc();
    OpBuilder b(owner);
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(b, loc, v);
    };
    // The process's linear index along the loop's axes (row-major, in the
    // order listed: the order of its blocks).
    ValueRange multi = ProcessMultiIndexOp::create(b, loc, grid.getSymName(),
                                                   axes.asArrayRef())
                           .getResults();
    Value linear = constant(0);
    for (auto [axis, position] : llvm::zip(axes.asArrayRef(), multi)) {
      linear = arith::MulIOp::create(b, loc, linear,
                                     constant(grid.getShape()[axis]));
      linear = arith::AddIOp::create(b, loc, linear, position);
    }
    ArrayRef<int64_t> table = offsets.asArrayRef();
    int64_t step = table.size() > 1 ? table[1] : 0;
    bool even = llvm::all_of(llvm::enumerate(table), [&](auto entry) {
      return entry.value() == static_cast<int64_t>(entry.index()) * step;
    });
    Value offset;
    if (even) {
      offset = arith::MulIOp::create(b, loc, linear, constant(step));
    } else {
      offset = constant(table.front());
      for (size_t i = 1; i + 1 < table.size(); ++i) {
        Value here = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           linear, constant(i));
        offset = arith::SelectOp::create(b, loc, here, constant(table[i]),
                                         offset);
      }
    }
    b.setInsertionPointAfter(index);
    auto global = arith::AddIOp::create(b, loc, index.getResult(), offset);
    index.getResult().replaceAllUsesExcept(global.getResult(), global);
  }
}
