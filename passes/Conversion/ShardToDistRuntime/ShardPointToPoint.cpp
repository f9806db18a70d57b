//===- ShardPointToPoint.cpp - shard.send and shard.recv -------------------===//
//
// Member functions of convert-shard-to-distruntime's Lowering
// (ShardLowering.h).
//
// A send or recv names its peer by the peer's in-group multi-index along
// `grid_axes` (upstream's definition); on the group's team that is the
// member whose number is its row-major linear index. Every process runs
// the op (SPMD), so the usual program sends first and receives after: the
// runtime's send never waits for its receiver (distruntime.send), and the
// pair cannot deadlock whatever the order the processes meet.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/ShardToDistRuntime/ShardLowering.h"

using namespace mlir;

namespace mlir::distc::shard_lowering {

FailureOr<std::pair<int64_t, Value>>
Lowering::peerInGroup(Operation *op, FlatSymbolRefAttr gridName,
                      ArrayRef<int16_t> axes, ArrayRef<int64_t> peer,
                      ValueRange peerDynamic, StringRef what) {
  FailureOr<GridInfo> info = grid(op, gridName);
  if (failed(info) || failed(checkAxes(op, *info, axes)))
    return failure();
  StringRef name = op->getName().stripDialect();
  if (peer.size() != axes.size())
    return op->emitError("distc: ")
           << name << " " << what << " has " << peer.size()
           << " coordinates but the op spans " << axes.size() << " grid axes";
  ArrayRef<int64_t> shape = info->op.getShape();
  // (Upstream's verifier checks only the upper bound.)
  for (auto [i, at] : llvm::enumerate(peer))
    if (!ShapedType::isDynamic(at) && (at < 0 || at >= shape[axes[i]]))
      return op->emitError("distc: ")
             << name << " " << what << " coordinate " << i << " is " << at
             << ", outside grid axis " << axes[i] << " of extent "
             << shape[axes[i]];
  Location loc = op->getLoc();
  if (axes.empty()) // a group of one: the process itself, on the grid's team
    return std::make_pair(info->team, member(loc, info->team));
  Group g = group(op, *info, axes);
  Value index = rootIndex(loc, *info, axes, peer, peerDynamic);
  // A dynamic coordinate out of range would alias another member: -1
  // instead, which the runtime reports at the op.
  Value valid;
  for (auto [i, at] : llvm::enumerate(
           getMixedValues(peer, peerDynamic, rewriter))) {
    auto value = dyn_cast<Value>(at);
    if (!value)
      continue;
    Value inRange = arith::AndIOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, value,
                              constant(loc, 0)),
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, value,
                              constant(loc, shape[axes[i]])));
    valid = valid ? arith::AndIOp::create(rewriter, loc, valid, inRange)
                        .getResult()
                  : inRange;
  }
  if (valid)
    index = arith::SelectOp::create(rewriter, loc, valid, index,
                                    constant(loc, -1));
  return std::make_pair(g.team, index);
}

/// `value` as `type` (the result types of send and recv may differ from
/// the input's in static information only).
static Value castTo(IRRewriter &rewriter, Location loc, Value value,
                    Type type) {
  if (value.getType() == type)
    return value;
  return tensor::CastOp::create(rewriter, loc, type, value);
}

LogicalResult Lowering::lower(shard::SendOp op) {
  if (!isa<RankedTensorType>(op.getInput().getType()) ||
      !isa<RankedTensorType>(op.getResult().getType()))
    return op.emitError("distc: send on memrefs is not supported; lower it "
                        "before bufferization");
  rewriter.setInsertionPoint(op);
  auto peer = peerInGroup(op, op.getGridAttr(), op.getGridAxes(),
                          op.getDestination(), op.getDestinationDynamic(),
                          "destination");
  if (failed(peer))
    return failure();
  // Run-time errors name the user's op.
  Location loc = NameLoc::get(rewriter.getStringAttr("shard.send"), op.getLoc());
  auto send = distruntime::SendOp::create(
      rewriter, loc, distruntime::AsyncHandleType::get(op.getContext()),
      op.getInput(), peer->second, peer->first);
  mlir::distc::lowering::createAndWait(rewriter, send);
  // The sender's result is its input (upstream does not define it).
  rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), op.getInput(),
                                op.getResult().getType()));
  return success();
}

LogicalResult Lowering::lower(shard::RecvOp op) {
  auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
  if (!type || !isa<RankedTensorType>(op.getResult().getType()))
    return op.emitError("distc: recv on memrefs is not supported; lower it "
                        "before bufferization");
  if (!op.getSource())
    return op.emitError("distc: recv without a source (from any process) is "
                        "not supported yet");
  rewriter.setInsertionPoint(op);
  auto peer = peerInGroup(op, op.getGridAttr(), op.getGridAxes(),
                          *op.getSource(), op.getSourceDynamic(), "source");
  if (failed(peer))
    return failure();
  Location loc = NameLoc::get(rewriter.getStringAttr("shard.recv"), op.getLoc());
  auto recv = distruntime::RecvOp::create(
      rewriter, loc,
      TypeRange{distruntime::AsyncHandleType::get(op.getContext()), type},
      op.getInput(), peer->second, peer->first);
  mlir::distc::lowering::createAndWait(rewriter, recv);
  rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), recv.getResult(),
                                op.getResult().getType()));
  return success();
}

} // namespace mlir::distc::shard_lowering
