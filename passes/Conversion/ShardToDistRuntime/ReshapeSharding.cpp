//===- ReshapeSharding.cpp - sharding rules of tensor reshapes ------------===//

#include "passes/Conversion/ShardToDistRuntime/ReshapeSharding.h"

#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Shard/Interfaces/ShardingInterfaceImpl.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::shard;

namespace {

/// The expanded side of a reshape (the result of expand_shape, the source
/// of collapse_shape) and the collapsed one.
template <typename OpTy>
std::pair<RankedTensorType, RankedTensorType> sides(OpTy op) {
  if constexpr (std::is_same_v<OpTy, tensor::ExpandShapeOp>)
    return {op.getResultType(), op.getSrcType()};
  else
    return {op.getSrcType(), op.getResultType()};
}

/// (d0, ..., dn) -> (d_leading(group 0), d_leading(group 1), ...).
AffineMap collapsedMap(MLIRContext *ctx, unsigned loops,
                       ArrayRef<ReassociationIndices> groups) {
  SmallVector<AffineExpr> leading;
  for (const ReassociationIndices &group : groups)
    leading.push_back(getAffineDimExpr(group.front(), ctx));
  return AffineMap::get(loops, 0, leading, ctx);
}

template <typename OpTy>
struct ReshapeModel
    : public ShardingInterface::ExternalModel<ReshapeModel<OpTy>, OpTy> {
  SmallVector<utils::IteratorType> getLoopIteratorTypes(Operation *op) const {
    return SmallVector<utils::IteratorType>(
        sides(cast<OpTy>(op)).first.getRank(), utils::IteratorType::parallel);
  }

  SmallVector<AffineMap> getIndexingMaps(Operation *op) const {
    auto reshape = cast<OpTy>(op);
    MLIRContext *ctx = op->getContext();
    unsigned loops = sides(reshape).first.getRank();
    AffineMap expanded = AffineMap::getMultiDimIdentityMap(loops, ctx);
    AffineMap collapsed =
        collapsedMap(ctx, loops, reshape.getReassociationIndices());
    // (expand_shape's other operands are index values of its output shape.)
    SmallVector<AffineMap> maps(op->getNumOperands() + op->getNumResults(),
                                expanded);
    if constexpr (std::is_same_v<OpTy, tensor::ExpandShapeOp>)
      maps.front() = collapsed;
    else
      maps.back() = collapsed;
    return maps;
  }

  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<Sharding> operandShardings,
                          ArrayRef<Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    auto reshape = cast<OpTy>(op);
    const Sharding &result = resultShardings.front();
    if (!result || isFullReplication(result)) {
      partitionFullyReplicatedOperation(*op, partitionedOperands,
                                        operandShardings, resultShardings,
                                        partitionMap, symbolTable, builder);
      return success();
    }
    GridOp grid = getGrid(op, result.getGridAttr(), symbolTable);
    auto type = cast<RankedTensorType>(
        shardType(reshape.getResultType(), grid, result));
    // restrictReshapeLoops kept only splits under which each shard's
    // reshape is the reshape of its block.
    Value local;
    if constexpr (std::is_same_v<OpTy, tensor::ExpandShapeOp>)
      local = tensor::ExpandShapeOp::create(builder, op->getLoc(), type,
                                            partitionedOperands.front(),
                                            reshape.getReassociationIndices());
    else
      local = tensor::CollapseShapeOp::create(
          builder, op->getLoc(), type, partitionedOperands.front(),
          reshape.getReassociationIndices());
    partitionMap.map(op->getResult(0), local);
    return success();
  }
};

} // namespace

void mlir::distc::restrictReshapeLoops(
    Operation *op, SmallVectorImpl<SmallVector<GridAxis>> &loopAxes,
    GridOp grid) {
  RankedTensorType expanded;
  SmallVector<ReassociationIndices> groups;
  if (auto expand = dyn_cast<tensor::ExpandShapeOp>(op)) {
    expanded = expand.getResultType();
    groups = expand.getReassociationIndices();
  } else if (auto collapse = dyn_cast<tensor::CollapseShapeOp>(op)) {
    expanded = collapse.getSrcType();
    groups = collapse.getReassociationIndices();
  } else {
    return;
  }
  for (const ReassociationIndices &group : groups) {
    for (int64_t dim : llvm::drop_begin(group))
      loopAxes[dim].clear();
    if (group.size() == 1)
      continue;
    int64_t leading = group.front();
    int64_t shards = 1;
    for (GridAxis axis : loopAxes[leading])
      shards *= grid.getShape()[axis];
    bool dynamic = llvm::any_of(group, [&](int64_t dim) {
      return expanded.isDynamicDim(dim);
    });
    if (dynamic || ShapedType::isDynamic(shards) ||
        expanded.getDimSize(leading) % shards != 0)
      loopAxes[leading].clear();
  }
}

void mlir::distc::registerReshapeShardingModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, tensor::TensorDialect *) {
    tensor::ExpandShapeOp::attachInterface<
        ReshapeModel<tensor::ExpandShapeOp>>(*ctx);
    tensor::CollapseShapeOp::attachInterface<
        ReshapeModel<tensor::CollapseShapeOp>>(*ctx);
  });
}
