//===- ConvertShardToDistRuntime.cpp - SPMD shard ops -> distruntime ------===//
//
// convert-shard-to-distruntime: lowers the SPMD-level ops of upstream's shard
// dialect (what shard-partition leaves, or what a user writes by hand) to
// distruntime ops, so that they run on the IDTR runtime with its
// non-blocking redistributions and reductions instead of upstream's MPI
// lowering. See docs/shard.md for what is supported.
//
// A grid is a static N-D grid whose processes are the ranks of the program
// (rank = row-major linear index, as upstream's process_linear_index): a
// grid of P processes needs exactly P ranks, which every function using the
// grid checks at run time. A collective over all axes of a grid, in order,
// runs on the grid's team (a copy of the world); one over a subset of its
// axes (or all of them in another order) on a sub-grid team
// (distruntime.define_subgrid_team), one per grid and ordered axis list.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"
#include "passes/Conversion/ShardToDistRuntime/ShardGridCheck.h"
#include "passes/Conversion/ShardToDistRuntime/ShardLowering.h"
#include "passes/Conversion/ShardToDistRuntime/UnevenSharding.h"

#include "llvm/ADT/TypeSwitch.h"

namespace mlir::distc {
#define GEN_PASS_DEF_CONVERTSHARDTODISTRUNTIME
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;


using mlir::distc::shard_lowering::Lowering;

namespace mlir::distc::shard_lowering {

LogicalResult Lowering::lower(Operation *op) {
  if (auto cast = dyn_cast<UnrealizedConversionCastOp>(op))
    return lowerReshard(cast);
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case<shard::AllReduceOp, shard::ReduceScatterOp, shard::AllGatherOp, shard::AllSliceOp,
            shard::AllToAllOp, shard::UpdateHaloOp, shard::ProcessLinearIndexOp,
            shard::ProcessMultiIndexOp, shard::GridShapeOp,
            shard::NeighborsLinearIndicesOp, shard::ShardShapeOp,
            shard::GatherOp, shard::ReduceOp, shard::BroadcastOp,
            shard::ScatterOp, shard::ShiftOp, shard::SendOp, shard::RecvOp>(
          [&](auto concrete) { return lower(concrete); })
      .Default([](Operation *other) {
        return other->emitError("distc: '")
               << other->getName()
               << "' is not supported by distc's shard lowering yet"
               << (isa<shard::ShardOp, shard::ShardingOp>(other)
                       ? " (sharding annotations must be partitioned first: "
                         "distc-shard-partition)"
                       : "");
      });
}

LogicalResult Lowering::run() {
  SmallVector<Operation *> ops;
  module.walk([&](Operation *op) {
    if ((isa<shard::ShardDialect>(op->getDialect()) &&
         !isa<shard::GridOp>(op)) ||
        (isa<UnrealizedConversionCastOp>(op) &&
         op->hasAttr(mlir::distc::kReshardAttrName)))
      ops.push_back(op);
  });
  bool ok = true;
  SmallVector<shard::ShardingOp> shardings;
  for (Operation *op : ops) {
    // Shardings describe no data by themselves: an unsupported user reports
    // the problem, and those that nothing uses any more (hand-written SPMD
    // code may keep them; partitioning leaves none) are dropped below.
    if (auto sharding = dyn_cast<shard::ShardingOp>(op)) {
      shardings.push_back(sharding);
      continue;
    }
    if (failed(lower(op)))
      ok = false;
  }
  // At start-up too, before anything else runs, when the program's entry
  // point is in this module.
  if (auto main = module.lookupSymbol<func::FuncOp>("main");
      main && !main.isExternal())
    for (StringAttr name : used)
      checkTeamSizeAtEntry(main, grids[name]);
  // Every rank defines every sub-grid team before any rank uses one.
  if (auto main = module.lookupSymbol<func::FuncOp>("main");
      main && !main.isExternal())
    for (auto &entry : subTeams)
      defineSubTeamAtEntry(main, entry.first);
  if (!ok)
    return failure();
  for (shard::ShardingOp sharding : llvm::reverse(shardings))
    if (sharding->use_empty())
      rewriter.eraseOp(sharding);
  // The grids are only symbols for the ops lowered above.
  for (auto &[name, info] : grids) {
    if (SymbolTable::symbolKnownUseEmpty(info.op, module))
      rewriter.eraseOp(info.op);
    else
      return info.op.emitError("distc: grid @")
             << info.op.getSymName() << " is still referenced after lowering";
  }
  return success();
}

} // namespace mlir::distc::shard_lowering

namespace {

struct ConvertShardToDistRuntime
    : public mlir::distc::impl::ConvertShardToDistRuntimeBase<
          ConvertShardToDistRuntime> {
  void runOnOperation() override {
    // The lowering multiplies extents into team sizes and strides.
    if (failed(mlir::distc::checkShardGrids(getOperation())))
      return signalPassFailure();
    Lowering lowering(getOperation());
    if (failed(lowering.run()))
      signalPassFailure();
  }
};

} // namespace
