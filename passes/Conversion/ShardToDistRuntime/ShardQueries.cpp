//===- ShardQueries.cpp - update_halo and the index and shape queries ---===//
//
// Member functions of convert-shard-to-distruntime's Lowering
// (ShardLowering.h).
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/ShardToDistRuntime/ShardLowering.h"

using namespace mlir;

namespace mlir::distc::shard_lowering {

LogicalResult Lowering::lower(shard::UpdateHaloOp op) {
  FailureOr<GridInfo> info = grid(op, op.getGridAttr());
  if (failed(info))
    return failure();
  auto type = dyn_cast<RankedTensorType>(op.getDestination().getType());
  if (!type)
    return op.emitError("distc: update_halo on memrefs is not supported; "
                        "lower it before bufferization");
  // Halo sizes come in pairs, one per split dimension in order.
  SmallVector<std::pair<int64_t, ArrayRef<int16_t>>> splitDims;
  for (auto [dim, axes] : llvm::enumerate(op.getSplitAxes().getAxes())) {
    ArrayRef<int16_t> list = axes.asArrayRef();
    if (failed(checkAxes(op, *info, list)))
      return failure();
    if (!list.empty())
      splitDims.push_back({static_cast<int64_t>(dim), list});
  }
  if (splitDims.empty())
    return op.emitError("distc: update_halo without split axes");
  if (!op.getHaloSizes().empty() ||
      op.getStaticHaloSizes().size() != 2 * splitDims.size())
    return op.emitError("distc: update_halo needs two static halo sizes per "
                        "split dimension (")
           << 2 * splitDims.size() << " here)";
  ArrayRef<int64_t> halos = op.getStaticHaloSizes();
  for (auto [i, split] : llvm::enumerate(splitDims)) {
    int64_t before = halos[2 * i], after = halos[2 * i + 1];
    int64_t dim = split.first;
    if (before < 0 || after < 0)
      return op.emitError("distc: negative halo sizes");
    if (!type.isDynamicDim(dim) && type.getDimSize(dim) < before + after)
      return op.emitError("distc: the shard has ")
             << type.getDimSize(dim) << " elements along dimension " << dim
             << ", fewer than its halos (" << before << " + " << after
             << ")";
  }

  // One exchange per split dimension, the last first (as upstream's MPI
  // lowering): each exchanges whole slices of the others, halos included,
  // so the corners of a later exchange carry what an earlier one received.
  // The runtime exchanges along dimension 0; other dimensions are swapped
  // to the front for their exchange (a local transposed copy each way).
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value result = op.getDestination();
  for (int64_t i = splitDims.size() - 1; i >= 0; --i) {
    auto [dim, axes] = splitDims[i];
    SmallVector<int64_t> swap =
        llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
    std::swap(swap[0], swap[dim]);
    auto transposed = [&](Value value) -> Value {
      if (dim == 0)
        return value;
      auto from = cast<RankedTensorType>(value.getType());
      SmallVector<OpFoldResult> sizes;
      for (int64_t d : swap)
        sizes.push_back(from.isDynamicDim(d)
                            ? OpFoldResult(dimSize(loc, value, d))
                            : OpFoldResult(rewriter.getIndexAttr(
                                  from.getDimSize(d))));
      Value init = tensor::EmptyOp::create(rewriter, loc, sizes,
                                           from.getElementType());
      return linalg::TransposeOp::create(rewriter, loc, value, init, swap)
          .getResult()[0];
    };
    FailureOr<Value> exchanged =
        exchangeRowHalos(op, *info, transposed(result), axes, halos[2 * i],
                         halos[2 * i + 1]);
    if (failed(exchanged))
      return failure();
    result = transposed(*exchanged);
  }
  if (result.getType() != type)
    result = tensor::CastOp::create(rewriter, loc, type, result);
  rewriter.replaceOp(op, result);
  return success();
}

FailureOr<Value> Lowering::exchangeRowHalos(shard::UpdateHaloOp op,
                                            GridInfo info, Value dest,
                                            ArrayRef<int16_t> axes,
                                            int64_t before, int64_t after) {
  auto type = cast<RankedTensorType>(dest.getType());
  Location loc = op.getLoc();
  // The shards along dimension 0 are those of the group over its grid axes.
  Group g = group(op, info, axes);
  int64_t procs = g.size;
  int64_t rank = type.getRank();
  // Every shard holds `before + own + after` rows: the owned
  // rows are a slice of the destination.
  Value rows = dimSize(loc, dest, 0);
  Value own = arith::SubIOp::create(rewriter, loc, rows,
                                    constant(loc, before + after));
  // A static shard type means equal blocks; a dynamic one may be a
  // balanced uneven partition: the global size is then the sum of the
  // owned rows, and this shard's start follows from the balanced formula.
  Value globalRows, start;
  if (!type.isDynamicDim(0)) {
    globalRows = arith::MulIOp::create(rewriter, loc, own,
                                       constant(loc, procs));
    start = arith::MulIOp::create(rewriter, loc, g.index, own);
  } else {
    FailureOr<Value> sum = sumOverGroup(op, own, g);
    if (failed(sum))
      return failure();
    globalRows = *sum;
    start = balancedBlock(loc, globalRows, constant(loc, procs), g.index).first;
  }
  SmallVector<OpFoldResult> offs, sizes, strides;
  SmallVector<Value> gShape, lOffs, bbOffs, bbSizes;
  for (int64_t d = 0; d < rank; ++d) {
    strides.push_back(rewriter.getIndexAttr(1));
    Value size = d == 0 ? own : dimSize(loc, dest, d);
    offs.push_back(rewriter.getIndexAttr(d == 0 ? before : 0));
    // Static sizes as attributes: the slice then has a static type.
    int64_t staticSize = type.getDimSize(d);
    if (d == 0 && !type.isDynamicDim(0))
      staticSize -= before + after;
    sizes.push_back(ShapedType::isDynamic(staticSize)
                        ? OpFoldResult(size)
                        : OpFoldResult(rewriter.getIndexAttr(staticSize)));
    gShape.push_back(d == 0 ? globalRows : size);
    lOffs.push_back(d == 0 ? start : constant(loc, 0));
  }
  Value owned = tensor::ExtractSliceOp::create(rewriter, loc, dest, offs,
                                               sizes, strides);
  // The box of rows this rank reads, clipped to the global array: rows
  // outside it (the outer halos of the first and last shard) stay as the
  // destination holds them.
  Value lo = arith::MaxSIOp::create(
      rewriter, loc,
      arith::SubIOp::create(rewriter, loc, start, constant(loc, before)),
      constant(loc, 0));
  Value hi = arith::MinSIOp::create(
      rewriter, loc,
      arith::AddIOp::create(rewriter, loc,
                            arith::AddIOp::create(rewriter, loc, start, own),
                            constant(loc, after)),
      globalRows);
  bbOffs.push_back(lo);
  bbSizes.push_back(arith::SubIOp::create(rewriter, loc, hi, lo));
  for (int64_t d = 1; d < rank; ++d) {
    bbOffs.push_back(constant(loc, 0));
    bbSizes.push_back(gShape[d]);
  }
  SmallVector<int64_t> haloShape(type.getShape());
  haloShape[0] = ShapedType::kDynamic;
  auto haloType = RankedTensorType::get(haloShape, type.getElementType());
  auto exchange = distruntime::UpdateHaloOp::create(
      rewriter, loc, distruntime::AsyncHandleType::get(op.getContext()),
      haloType, haloType, owned, gShape, lOffs, bbOffs, bbSizes, g.team,
      IntegerAttr(), rewriter.getDenseI64ArrayAttr({before, after}),
      /*irregular=*/false);
  mlir::distc::lowering::createAndWait(rewriter, exchange);
  // The left halo ends where the owned rows start, the right one starts
  // where they end.
  auto insert = [&](Value halo, Value row, Value into) {
    SmallVector<OpFoldResult> o, s, st;
    for (int64_t d = 0; d < rank; ++d) {
      o.push_back(d == 0 ? OpFoldResult(row) : rewriter.getIndexAttr(0));
      auto haloType = cast<RankedTensorType>(halo.getType());
      s.push_back(haloType.isDynamicDim(d)
                      ? OpFoldResult(dimSize(loc, halo, d))
                      : OpFoldResult(
                            rewriter.getIndexAttr(haloType.getDimSize(d))));
      st.push_back(rewriter.getIndexAttr(1));
    }
    return tensor::InsertSliceOp::create(rewriter, loc, halo, into, o, s, st)
        .getResult();
  };
  Value leftRows = dimSize(loc, exchange.getLHalo(), 0);
  Value result = insert(
      exchange.getLHalo(),
      arith::SubIOp::create(rewriter, loc, constant(loc, before), leftRows),
      dest);
  result = insert(exchange.getRHalo(),
                  arith::AddIOp::create(rewriter, loc, constant(loc, before),
                                        own),
                  result);
  return result;
}

LogicalResult Lowering::lower(shard::ProcessLinearIndexOp op) {
  FailureOr<GridInfo> info = grid(op, op.getGridAttr());
  if (failed(info))
    return failure();
  rewriter.setInsertionPoint(op);
  rewriter.replaceOp(op, member(op.getLoc(), info->team));
  return success();
}

LogicalResult Lowering::lower(shard::ProcessMultiIndexOp op) {
  FailureOr<GridInfo> info = grid(op, op.getGridAttr());
  if (failed(info) || failed(checkAxes(op, *info, op.getAxes())))
    return failure();
  rewriter.setInsertionPoint(op);
  // Row-major, as upstream delinearizes the linear index; empty axes mean
  // all axes.
  SmallVector<Value> index = multiIndex(op.getLoc(), *info);
  if (op.getAxes().empty()) {
    rewriter.replaceOp(op, index);
    return success();
  }
  SmallVector<Value> selected;
  for (int16_t axis : op.getAxes())
    selected.push_back(index[axis]);
  rewriter.replaceOp(op, selected);
  return success();
}

LogicalResult Lowering::lower(shard::GridShapeOp op) {
  FailureOr<GridInfo> info = grid(op, op.getGridAttr());
  if (failed(info) || failed(checkAxes(op, *info, op.getAxes())))
    return failure();
  rewriter.setInsertionPoint(op);
  // Static: the run-time check makes the team size equal to the product.
  SmallVector<Value> extents;
  ArrayRef<int64_t> shape = info->op.getShape();
  if (op.getAxes().empty())
    for (int64_t extent : shape)
      extents.push_back(constant(op.getLoc(), extent));
  for (int16_t axis : op.getAxes())
    extents.push_back(constant(op.getLoc(), shape[axis]));
  rewriter.replaceOp(op, extents);
  return success();
}

LogicalResult Lowering::lower(shard::NeighborsLinearIndicesOp op) {
  FailureOr<GridInfo> info = grid(op, op.getGridAttr());
  if (failed(info) || failed(checkAxes(op, *info, op.getSplitAxes())))
    return failure();
  ArrayRef<int64_t> shape = info->op.getShape();
  if (op.getDevice().size() != shape.size())
    return op.emitError("distc: expected ")
           << shape.size() << " device indices on grid @"
           << info->op.getSymName() << ", got " << op.getDevice().size();
  if (op.getSplitAxes().size() > 1)
    return op.emitError("distc: neighbors_linear_indices along more than one "
                        "grid axis is not supported (as upstream)");
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value none = constant(loc, -1);
  if (op.getSplitAxes().empty()) {
    rewriter.replaceOp(op, {none, none});
    return success();
  }
  int64_t axis = op.getSplitAxes().front();
  // The neighbours differ from `device` by one along `axis`: their linear
  // index by the row-major stride of that axis.
  int64_t stride = 1;
  for (int64_t d = axis + 1; d < static_cast<int64_t>(shape.size()); ++d)
    stride *= shape[d];
  Value linear = constant(loc, 0);
  for (auto [d, index] : llvm::enumerate(op.getDevice()))
    linear = arith::AddIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, linear, constant(loc, shape[d])),
        index);
  Value device = op.getDevice()[axis];
  Value step = constant(loc, stride);
  Value down = arith::SubIOp::create(rewriter, loc, linear, step);
  Value up = arith::AddIOp::create(rewriter, loc, linear, step);
  Value hasDown = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sgt,
                                        device, constant(loc, 0));
  Value hasUp = arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::slt,
      arith::AddIOp::create(rewriter, loc, device, constant(loc, 1)),
      constant(loc, shape[axis]));
  rewriter.replaceOp(
      op, {arith::SelectOp::create(rewriter, loc, hasDown, down, none),
           arith::SelectOp::create(rewriter, loc, hasUp, up, none)});
  return success();
}

LogicalResult Lowering::lower(shard::ShardShapeOp op) {
  auto sharding = op.getSharding().getDefiningOp<shard::ShardingOp>();
  if (!sharding)
    return op.emitError("distc: shard_shape needs a sharding defined by a "
                        "shard.sharding op");
  FailureOr<GridInfo> info = grid(op, sharding.getGridAttr());
  if (failed(info))
    return failure();
  ArrayRef<int64_t> shape = info->op.getShape();
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  SmallVector<OpFoldResult> dims =
      getMixedValues(op.getDims(), op.getDimsDynamic(), rewriter);
  SmallVector<OpFoldResult> device =
      getMixedValues(op.getDevice(), op.getDeviceDynamic(), rewriter);
  if (device.size() != shape.size())
    return op.emitError("distc: expected ")
           << shape.size() << " device indices on grid @"
           << info->op.getSymName() << ", got " << device.size();
  auto splitAxes = sharding.getSplitAxes().getAxes();
  // sharded_dims_offsets: per split dimension, the n + 1 offsets of its n
  // shards, one after the other. Halo sizes do not count (as upstream).
  SmallVector<OpFoldResult> offsets =
      getMixedValues(sharding.getStaticShardedDimsOffsets(),
                     sharding.getDynamicShardedDimsOffsets(), rewriter);
  Value offsetTable;
  if (!offsets.empty())
    offsetTable = tensor::FromElementsOp::create(
        rewriter, loc,
        RankedTensorType::get({static_cast<int64_t>(offsets.size())},
                              rewriter.getIndexType()),
        getValueOrCreateConstantIndexOp(rewriter, loc, offsets));
  int64_t position = 0;
  SmallVector<Value> sizes;
  for (auto [d, dim] : llvm::enumerate(dims)) {
    Value size = getValueOrCreateConstantIndexOp(rewriter, loc, dim);
    ArrayRef<int16_t> axes;
    if (d < splitAxes.size())
      axes = splitAxes[d].asArrayRef();
    if (failed(checkAxes(op, *info, axes)))
      return failure();
    if (axes.empty()) {
      sizes.push_back(size);
      continue;
    }
    // The shard dialect's balanced partition: size / n each, and one more
    // on the last size % n shards (index >= n - size % n).
    int64_t n = 1;
    Value index = constant(loc, 0);
    for (int16_t axis : axes) {
      n *= shape[axis];
      index = arith::AddIOp::create(
          rewriter, loc,
          arith::MulIOp::create(rewriter, loc, index,
                                constant(loc, shape[axis])),
          getValueOrCreateConstantIndexOp(rewriter, loc, device[axis]));
    }
    if (offsetTable) {
      if (position + n + 1 > static_cast<int64_t>(offsets.size()))
        return op.emitError("distc: sharded_dims_offsets has ")
               << offsets.size() << " entries, too few for the split "
               << "dimensions";
      Value at = arith::AddIOp::create(rewriter, loc, constant(loc, position),
                                       index);
      Value next = arith::AddIOp::create(rewriter, loc, at, constant(loc, 1));
      sizes.push_back(arith::SubIOp::create(
          rewriter, loc,
          tensor::ExtractOp::create(rewriter, loc, offsetTable, next),
          tensor::ExtractOp::create(rewriter, loc, offsetTable, at)));
      position += n + 1;
      continue;
    }
    sizes.push_back(balancedBlock(loc, size, constant(loc, n), index).second);
  }
  if (sizes.size() != op.getNumResults())
    return op.emitError("distc: shard_shape has ")
           << op.getNumResults() << " results for " << sizes.size()
           << " dimensions";
  rewriter.replaceOp(op, sizes);
  return success();
}


} // namespace mlir::distc::shard_lowering
