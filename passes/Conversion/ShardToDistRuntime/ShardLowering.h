//===- ShardLowering.h - The state of convert-shard-to-distruntime -*- C++ -*-===//
//
// convert-shard-to-distruntime (ConvertShardToDistRuntime.cpp) keeps one
// `Lowering` per module: the grids and teams it has seen, the sub-grid teams
// it defines, the run-time checks it emits. Its member functions live in
// three files, by kind of op:
//
//   ShardLowering.cpp     grids, teams and groups, sizes, balanced blocks
//   ShardCollectives.cpp  reductions, gathers, slices, all_to_all, rooted
//                         collectives (broadcast, gather, scatter, reduce),
//                         shift
//   ShardQueries.cpp      update_halo and the index/shape queries
//   ShardPointToPoint.cpp send and recv
//   ShardReshard.cpp      reshardings from or to uneven shardings
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_SHARDTODISTRUNTIME_SHARDLOWERING_H
#define DISTC_PASSES_SHARDTODISTRUNTIME_SHARDLOWERING_H

#include "passes/Passes.h"

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"

#include <map>

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::distc::shard_lowering {

/// Team ids of shard grids: far from the small ids that dist programs use,
/// so both front ends can share one module without sharing communicators.
constexpr int64_t kShardTeamBase = 0x5A0000;
/// Sub-grid teams: one per (grid, ordered axis list) that a collective uses.
constexpr int64_t kShardSubTeamBase = 0x5B0000;

struct GridInfo {
  shard::GridOp op;
  int64_t team;
  /// Number of processes: the product of the (static) shape.
  int64_t size() {
    int64_t n = 1;
    for (int64_t extent : op.getShape())
      n *= extent;
    return n;
  }
};

/// The processes a collective runs among: those sharing this process's grid
/// indices along the axes it does not span.
struct Group {
  int64_t team;
  /// Number of processes in the group.
  int64_t size;
  /// This process's number in the group (row-major along the axes).
  Value index;
};

/// A grid shape as the dialect prints it: 2x?x3.
inline std::string shapeString(shard::GridOp grid) {
  std::string text;
  for (auto [i, extent] : llvm::enumerate(grid.getShape()))
    text += (i ? "x" : "") + (ShapedType::isDynamic(extent)
                                  ? std::string("?")
                                  : std::to_string(extent));
  return text;
}

class Lowering {
public:
  Lowering(ModuleOp module) : module(module), rewriter(module.getContext()) {
    int64_t index = 0;
    for (auto grid : module.getOps<shard::GridOp>())
      grids[grid.getSymNameAttr()] = {grid, kShardTeamBase + index++};
  }

  LogicalResult run();

private:
  Value constant(Location loc, int64_t value) {
    return arith::ConstantIndexOp::create(rewriter, loc, value);
  }
  Value member(Location loc, int64_t team) {
    return distruntime::TeamMemberOp::create(rewriter, loc,
                                             rewriter.getIndexType(), team);
  }
  /// The value of dimension `dim` of `value`: a constant when static.
  Value dimSize(Location loc, Value value, int64_t dim) {
    auto type = cast<RankedTensorType>(value.getType());
    if (!type.isDynamicDim(dim))
      return constant(loc, type.getDimSize(dim));
    return tensor::DimOp::create(rewriter, loc, value, dim);
  }

  /// Block `index` of `size` elements split over `count` shards as the shard
  /// dialect defines it: `size / count` each, and one more on the last
  /// `size % count` shards (idtr/detail/BalancedBlocks.h, the formula the
  /// runtime's halos use for shard arrays). Returns its offset and size.
  std::pair<Value, Value> balancedBlock(Location loc, Value size, Value count,
                                        Value index);
  /// The global size along `axis` of a gather of `input` into `resultType`
  /// over group `g`: the result's size when static, the input's times the
  /// group size when the input's is static (equal blocks), else the sum of
  /// the blocks (a reduction over the group).
  FailureOr<Value> gatheredSize(Operation *op, Value input,
                                RankedTensorType resultType, int64_t axis,
                                Group g);
  /// The sum of `local` (an index) over group `g`, waited for.
  FailureOr<Value> sumOverGroup(Operation *op, Value local, Group g);

  /// The grid of `op` (a grid of static shape) or a located error.
  FailureOr<GridInfo> grid(Operation *op, FlatSymbolRefAttr symbol);
  /// Checks that `axes` are distinct axes of the grid.
  LogicalResult checkAxes(Operation *op, GridInfo info,
                          ArrayRef<int16_t> axes);
  /// This process's grid indices, one per grid axis (row-major
  /// delinearization of its rank), at the insertion point.
  SmallVector<Value> multiIndex(Location loc, GridInfo info);
  /// The group of a collective over `axes` of grid `info` (non-empty, checked
  /// axes), at the insertion point; defines its sub-grid team if needed.
  Group group(Operation *op, GridInfo info, ArrayRef<int16_t> axes);
  /// Common start of the collectives: sets `result` to the group of `op`,
  /// or replaces `op` by the identity (a cast) and leaves `result` empty
  /// when it spans no grid axis; the insertion point is `op`.
  template <typename CollectiveOp>
  LogicalResult beginCollective(CollectiveOp op, std::optional<Group> &result) {
    FailureOr<GridInfo> found = grid(op, op.getGridAttr());
    if (failed(found) || failed(checkAxes(op, *found, op.getGridAxes())))
      return failure();
    rewriter.setInsertionPoint(op);
    if (op.getGridAxes().empty()) {
      // No grid axes: every process is its own group.
      rewriter.replaceOpWithNewOp<tensor::CastOp>(
          op, op.getResult().getType(), op.getInput());
      return success();
    }
    result = group(op, *found, op.getGridAxes());
    return success();
  }

  LogicalResult lower(Operation *op);
  /// all_reduce, and reduce (the result on the root only).
  template <typename ReductionOp> LogicalResult lowerReduction(ReductionOp op);
  LogicalResult lower(shard::AllReduceOp op) { return lowerReduction(op); }
  LogicalResult lower(shard::ReduceOp op) { return lowerReduction(op); }
  LogicalResult lower(shard::ReduceScatterOp op);
  /// Common start of all_reduce and reduce_scatter: checks the types and the
  /// reduction, then as beginCollective.
  template <typename ReductionOp>
  LogicalResult beginReduction(ReductionOp op, std::optional<Group> &g);
  /// The reduction of `input` over group `g`, waited for: on every member,
  /// or, given the group index `root`, on the root only (the others' result
  /// is their input).
  FailureOr<Value> reduce(Operation *op, Value input,
                          shard::ReductionKind reduction, Group g,
                          Value root = {});
  /// Replaces `op` by block `g.index` of `input` along `axis` (no
  /// communication), typed as its result.
  LogicalResult replaceBySlice(Operation *op, Value input, int64_t axis,
                               Group g);
  LogicalResult lower(shard::AllGatherOp op);
  /// all_gather, and gather (every member receives the gathered array: the
  /// root's result is the same, the others' is unspecified upstream).
  template <typename GatherOp> LogicalResult lowerGather(GatherOp op);
  LogicalResult lower(shard::GatherOp op) { return lowerGather(op); }
  /// The gathered array on the root only (upstream leaves the others'
  /// result unspecified): the others receive an empty box.
  LogicalResult gatherToRoot(shard::GatherOp op, Group g);
  /// shift: a redistribution along the shift axis's group of the array
  /// that stacks every member's input along dimension 0.
  LogicalResult lower(shard::ShiftOp op);
  /// The group index of the root of a rooted collective (its indices along
  /// the grid axes, row-major in their order).
  Value rootIndex(Location loc, GridInfo info, ArrayRef<int16_t> axes,
                  ArrayRef<int64_t> root, ValueRange rootDynamic);
  /// `input` where this process is the root, an empty box (size 0 along
  /// dimension 0) elsewhere: the input box of a copy from the root.
  FailureOr<Value> rootBox(Operation *op, Value input, Value isRoot);
  /// The input box of rooted collective `op` over group `g`.
  template <typename RootedOp>
  FailureOr<Value> rootBox(RootedOp op, Group g) {
    FailureOr<GridInfo> info = grid(op, op.getGridAttr());
    if (failed(info))
      return failure();
    Location loc = op.getLoc();
    Value root = rootIndex(loc, *info, op.getGridAxes(), op.getRoot(),
                           op.getRootDynamic());
    Value isRoot = arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, g.index, root);
    return rootBox(op, op.getInput(), isRoot);
  }
  /// A copy of the root's input (see rootBox) to every member of the group:
  /// all of it, or its balanced block along `splitAxis`.
  template <typename RootedOp>
  LogicalResult copyFromRoot(RootedOp op, std::optional<int64_t> splitAxis);
  LogicalResult lower(shard::BroadcastOp op);
  LogicalResult lower(shard::ScatterOp op);
  LogicalResult lower(shard::AllSliceOp op);
  LogicalResult lower(shard::AllToAllOp op);
  /// all_to_all with split_axis == concat_axis.
  LogicalResult lowerBlockExchange(shard::AllToAllOp op, Group g);
  LogicalResult lower(shard::UpdateHaloOp op);
  /// The halos of `dest` along dimension 0, split along `axes`: `before`
  /// and `after` rows exchanged with the neighbours in that group.
  FailureOr<Value> exchangeRowHalos(shard::UpdateHaloOp op, GridInfo info,
                                    Value dest, ArrayRef<int16_t> axes,
                                    int64_t before, int64_t after);
  LogicalResult lower(shard::ProcessLinearIndexOp op);
  LogicalResult lower(shard::ProcessMultiIndexOp op);
  LogicalResult lower(shard::GridShapeOp op);
  LogicalResult lower(shard::NeighborsLinearIndicesOp op);
  LogicalResult lower(shard::ShardShapeOp op);
  /// send and recv (ShardPointToPoint.cpp).
  LogicalResult lower(shard::SendOp op);
  LogicalResult lower(shard::RecvOp op);
  /// The team and group index of the peer of a send or recv at in-group
  /// multi-index `peer` (static and dynamic parts): static coordinates out
  /// of range are a located error, dynamic ones give index -1 (the
  /// runtime's error, at the op).
  FailureOr<std::pair<int64_t, Value>>
  peerInGroup(Operation *op, FlatSymbolRefAttr gridName,
              ArrayRef<int16_t> axes, ArrayRef<int64_t> peer,
              ValueRange peerDynamic, StringRef what);
  /// A resharding from or to an uneven sharding (ShardReshard.cpp).
  LogicalResult lowerReshard(UnrealizedConversionCastOp op);
  /// Offsets and sizes of a box of the global array.
  struct Box {
    SmallVector<Value> offsets, sizes;
  };
  /// The box of the process at grid indices `device` under `sharding` of a
  /// global array of `shape`: balanced blocks, or its offsets table.
  FailureOr<Box> shardBox(Operation *op, shard::ShardingOp sharding,
                          GridInfo info, ArrayRef<int64_t> shape,
                          ArrayRef<Value> device);

  /// Inserts, once per function and grid, the run-time check that the team
  /// has as many ranks as the grid.
  void checkTeamSize(Operation *user, GridInfo info);
  void checkTeamSizeAtEntry(func::FuncOp func, GridInfo info);
  /// Defines sub-grid team `team` at the entry of `func`, once.
  void defineSubTeamAtEntry(func::FuncOp func, int64_t team);

  ModuleOp module;
  IRRewriter rewriter;
  llvm::DenseMap<StringAttr, GridInfo> grids;
  llvm::DenseSet<std::pair<Operation *, int64_t>> checked;
  /// The grids that lowered ops use: `main` checks them all at start-up.
  llvm::SetVector<StringAttr> used;
  /// Sub-grid teams by (grid, ordered axes); their definitions by id.
  std::map<std::pair<std::string, SmallVector<int64_t>>, int64_t> subTeamIds;
  llvm::MapVector<int64_t, std::pair<GridInfo, SmallVector<int64_t>>>
      subTeams;
  llvm::DenseSet<std::pair<Operation *, int64_t>> defined;
};

} // namespace mlir::distc::shard_lowering

#endif // DISTC_PASSES_SHARDTODISTRUNTIME_SHARDLOWERING_H
