//===- ShardReshard.cpp - reshardings between uneven shardings ------------===//
//
// Member functions of convert-shard-to-distruntime's Lowering
// (ShardLowering.h): the `distc.reshard` casts that distc-shard-partition
// leaves for reshardings from or to a sharding with an offsets table
// (UnevenSharding.h). Each is one redistribution of the global array on the
// grid's team: this process's box under the source sharding in, its box
// under the target sharding out. Replicas hold identical boxes, which the
// runtime allows (a receiver holding one copies locally); a split of a
// replicated tensor is a local slice. A carrier with a `distc.permute`
// permutation also transposes (fuseReshardTransposes in ShardPartition.cpp):
// one copy_permute from the source box of the operand's global array into
// the target box of the transposed array.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/ShardToDistRuntime/ShardLowering.h"
#include "passes/Conversion/ShardToDistRuntime/UnevenSharding.h"

#include "mlir/Dialect/Utils/IndexingUtils.h"

using namespace mlir;

namespace mlir::distc::shard_lowering {

FailureOr<Lowering::Box> Lowering::shardBox(Operation *op,
                                            shard::ShardingOp sharding,
                                            GridInfo info,
                                            ArrayRef<int64_t> shape,
                                            ArrayRef<Value> device) {
  Location loc = op->getLoc();
  if (sharding.getGridAttr().getAttr() != info.op.getSymNameAttr())
    return op->emitError("distc: a resharding between two grids is not "
                         "supported");
  ArrayRef<int64_t> table = sharding.getStaticShardedDimsOffsets();
  if (!sharding.getDynamicShardedDimsOffsets().empty() ||
      !sharding.getStaticHaloSizes().empty() ||
      !sharding.getDynamicHaloSizes().empty())
    return op->emitError("distc: resharding with dynamic offsets or halos "
                         "is not supported yet");
  Value offsetTable;
  if (!table.empty()) {
    SmallVector<Value> entries = llvm::map_to_vector(
        table, [&](int64_t entry) { return constant(loc, entry); });
    offsetTable = tensor::FromElementsOp::create(
        rewriter, loc,
        RankedTensorType::get({static_cast<int64_t>(entries.size())},
                              rewriter.getIndexType()),
        entries);
  }
  auto splitAxes = sharding.getSplitAxes().getAxes();
  int64_t position = 0;
  Box box;
  for (auto [d, size] : llvm::enumerate(shape)) {
    ArrayRef<int16_t> axes;
    if (d < splitAxes.size())
      axes = splitAxes[d].asArrayRef();
    if (failed(checkAxes(op, info, axes)))
      return failure();
    if (axes.empty()) {
      box.offsets.push_back(constant(loc, 0));
      box.sizes.push_back(constant(loc, size));
      continue;
    }
    // This process's shard along the axes: row-major in their order.
    int64_t n = 1;
    Value index = constant(loc, 0);
    for (int16_t axis : axes) {
      n *= info.op.getShape()[axis];
      index = arith::AddIOp::create(
          rewriter, loc,
          arith::MulIOp::create(rewriter, loc, index,
                                constant(loc, info.op.getShape()[axis])),
          device[axis]);
    }
    if (!offsetTable) {
      auto [offset, block] =
          balancedBlock(loc, constant(loc, size), constant(loc, n), index);
      box.offsets.push_back(offset);
      box.sizes.push_back(block);
      continue;
    }
    if (position + n + 1 > static_cast<int64_t>(table.size()))
      return op->emitError("distc: sharded_dims_offsets has ")
             << table.size() << " entries, too few for the split dimensions";
    Value at = arith::AddIOp::create(rewriter, loc, constant(loc, position),
                                     index);
    Value next = arith::AddIOp::create(rewriter, loc, at, constant(loc, 1));
    Value offset = tensor::ExtractOp::create(rewriter, loc, offsetTable, at);
    box.offsets.push_back(offset);
    box.sizes.push_back(arith::SubIOp::create(
        rewriter, loc,
        tensor::ExtractOp::create(rewriter, loc, offsetTable, next), offset));
    position += n + 1;
  }
  return box;
}

LogicalResult Lowering::lowerReshard(UnrealizedConversionCastOp op) {
  auto shape = op->getAttrOfType<DenseI64ArrayAttr>(kReshardAttrName);
  auto from = op->getNumOperands() == 3
                  ? op.getOperand(1).getDefiningOp<shard::ShardingOp>()
                  : nullptr;
  auto to = op->getNumOperands() == 3
                ? op.getOperand(2).getDefiningOp<shard::ShardingOp>()
                : nullptr;
  auto resultType = op->getNumResults() == 1
                        ? dyn_cast<RankedTensorType>(op.getResult(0).getType())
                        : nullptr;
  if (!shape || !from || !to || !resultType ||
      static_cast<int64_t>(shape.size()) != resultType.getRank())
    return op.emitError("distc: a distc.reshard cast must take a local "
                        "tensor and its source and target shard.sharding, "
                        "and carry the global shape (distc-shard-partition "
                        "makes them)");
  FailureOr<GridInfo> info = grid(op, to.getGridAttr());
  if (failed(info))
    return failure();
  // The operand's global shape: the result's, unless the carrier permutes.
  SmallVector<int64_t> sourceShape(shape.asArrayRef());
  auto permutation =
      op->getAttrOfType<DenseI64ArrayAttr>(mlir::distc::kPermuteAttrName);
  if (permutation) {
    if (!isPermutationVector(permutation.asArrayRef()) ||
        permutation.size() != shape.size())
      return op.emitError("distc: the distc.permute of a resharding carrier "
                          "must be a permutation of its dimensions");
    for (auto [d, axis] : llvm::enumerate(permutation.asArrayRef()))
      sourceShape[axis] = shape[d];
  }
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  SmallVector<Value> device = multiIndex(loc, *info);
  FailureOr<Box> in = shardBox(op, from, *info, sourceShape, device);
  FailureOr<Box> out = shardBox(op, to, *info, shape.asArrayRef(), device);
  if (failed(in) || failed(out))
    return failure();
  if (permutation) {
    SmallVector<Value> global = llvm::map_to_vector(
        sourceShape, [&](int64_t size) { return constant(loc, size); });
    auto copy = distruntime::CopyPermuteOp::create(
        rewriter, loc,
        TypeRange{distruntime::AsyncHandleType::get(op.getContext()),
                  resultType},
        op.getOperand(0), global, in->offsets, out->offsets, out->sizes,
        /*acc=*/Value(), permutation, rewriter.getI64IntegerAttr(info->team),
        /*irregular=*/nullptr);
    mlir::distc::lowering::createAndWait(rewriter, copy);
    rewriter.replaceOp(op, copy.getNlArray());
    return success();
  }
  if (shard::isFullReplication(shard::Sharding(from.getResult()))) {
    // Every process holds the whole array: its box is a local slice.
    SmallVector<OpFoldResult> offsets = getAsOpFoldResult(out->offsets);
    SmallVector<OpFoldResult> sizes = getAsOpFoldResult(out->sizes);
    SmallVector<OpFoldResult> strides(resultType.getRank(),
                                      rewriter.getIndexAttr(1));
    for (auto [d, size] : llvm::enumerate(sizes))
      if (!resultType.isDynamicDim(d))
        size = rewriter.getIndexAttr(resultType.getDimSize(d));
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, resultType, op.getOperand(0), offsets, sizes, strides);
    return success();
  }
  SmallVector<Value> global = llvm::map_to_vector(
      shape.asArrayRef(), [&](int64_t size) { return constant(loc, size); });
  rewriter.replaceOp(op, mlir::distc::lowering::copyReshapeAndWait(
                             rewriter, loc, resultType, op.getOperand(0),
                             global, in->offsets, global, out->offsets,
                             out->sizes, info->team));
  return success();
}

} // namespace mlir::distc::shard_lowering
