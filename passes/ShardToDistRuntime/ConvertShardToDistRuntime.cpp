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

#include "passes/DistToDistRuntime/LoweringCommon.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/PatternMatch.h"

#include <map>

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::distc {
#define GEN_PASS_DEF_CONVERTSHARDTODISTRUNTIME
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

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
std::string shapeString(shard::GridOp grid) {
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
  /// `size % count` shards. Returns its offset and size.
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
  /// all_reduce, and reduce (the root's result on every member).
  template <typename ReductionOp> LogicalResult lowerReduction(ReductionOp op);
  LogicalResult lower(shard::AllReduceOp op) { return lowerReduction(op); }
  LogicalResult lower(shard::ReduceOp op) { return lowerReduction(op); }
  LogicalResult lower(shard::ReduceScatterOp op);
  /// Common start of all_reduce and reduce_scatter: checks the types and the
  /// reduction, then as beginCollective.
  template <typename ReductionOp>
  LogicalResult beginReduction(ReductionOp op, std::optional<Group> &g);
  /// The reduction of `input` over group `g`, waited for.
  FailureOr<Value> reduce(Operation *op, Value input,
                          shard::ReductionKind reduction, Group g);
  /// Block `g.index` of `input` along `axis` (no communication).
  Value slice(Location loc, Value input, RankedTensorType resultType,
              int64_t axis, Group g);
  LogicalResult lower(shard::AllGatherOp op);
  /// all_gather, and gather (every member receives the gathered array: the
  /// root's result is the same, the others' is unspecified upstream).
  template <typename GatherOp> LogicalResult lowerGather(GatherOp op);
  LogicalResult lower(shard::GatherOp op) { return lowerGather(op); }
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
  LogicalResult lower(shard::UpdateHaloOp op);
  LogicalResult lower(shard::ProcessLinearIndexOp op);
  LogicalResult lower(shard::ProcessMultiIndexOp op);
  LogicalResult lower(shard::GridShapeOp op);
  LogicalResult lower(shard::NeighborsLinearIndicesOp op);
  LogicalResult lower(shard::ShardShapeOp op);

  /// Inserts, once per function and grid, the run-time check that the team
  /// has as many ranks as the grid.
  void checkTeamSize(Operation *user, GridInfo info);
  void checkTeamSizeAtEntry(func::FuncOp func, GridInfo info);
  /// Defines sub-grid team `team` at the entry of `func`, once.
  void defineSubTeamAtEntry(func::FuncOp func, int64_t team);
  /// The declaration of C's exit, created on first use.
  FailureOr<func::FuncOp> exitFunction();

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
  func::FuncOp exitFn;
  bool failedChecks = false;
};

std::pair<Value, Value> Lowering::balancedBlock(Location loc, Value size,
                                                Value count, Value index) {
  std::optional<int64_t> staticSize = getConstantIntValue(size);
  std::optional<int64_t> staticCount = getConstantIntValue(count);
  if (staticSize && staticCount && *staticCount > 0 &&
      *staticSize % *staticCount == 0) {
    // Equal blocks: no run-time remainder arithmetic.
    Value block = constant(loc, *staticSize / *staticCount);
    return {arith::MulIOp::create(rewriter, loc, index, block), block};
  }
  Value base = arith::DivUIOp::create(rewriter, loc, size, count);
  Value rest = arith::RemUIOp::create(rewriter, loc, size, count);
  // The first shard with one more element.
  Value first = arith::SubIOp::create(rewriter, loc, count, rest);
  Value extra = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge,
                                      index, first);
  Value blockSize = arith::AddIOp::create(
      rewriter, loc, base,
      arith::SelectOp::create(rewriter, loc, extra, constant(loc, 1),
                              constant(loc, 0)));
  // index * base plus the longer shards before this one.
  Value before = arith::SelectOp::create(
      rewriter, loc, extra, arith::SubIOp::create(rewriter, loc, index, first),
      constant(loc, 0));
  Value offset = arith::AddIOp::create(
      rewriter, loc, arith::MulIOp::create(rewriter, loc, index, base),
      before);
  return {offset, blockSize};
}

FailureOr<Value> Lowering::gatheredSize(Operation *op, Value input,
                                        RankedTensorType resultType,
                                        int64_t axis, Group g) {
  Location loc = op->getLoc();
  if (!resultType.isDynamicDim(axis))
    return constant(loc, resultType.getDimSize(axis));
  auto inType = cast<RankedTensorType>(input.getType());
  if (!inType.isDynamicDim(axis))
    return constant(loc, inType.getDimSize(axis) * g.size);
  // Blocks of unknown sizes (an uneven partition): their sum.
  return sumOverGroup(op, dimSize(loc, input, axis), g);
}

FailureOr<Value> Lowering::sumOverGroup(Operation *op, Value local, Group g) {
  Location loc = op->getLoc();
  Value value =
      arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), local);
  Value one = tensor::FromElementsOp::create(
      rewriter, loc, RankedTensorType::get({1}, rewriter.getI64Type()),
      ValueRange{value});
  FailureOr<Value> sum = reduce(op, one, shard::ReductionKind::Sum, g);
  if (failed(sum))
    return failure();
  return arith::IndexCastOp::create(
             rewriter, loc, rewriter.getIndexType(),
             tensor::ExtractOp::create(rewriter, loc, *sum,
                                       ValueRange{constant(loc, 0)}))
      .getResult();
}

FailureOr<GridInfo> Lowering::grid(Operation *op, FlatSymbolRefAttr symbol) {
  auto it = grids.find(symbol.getAttr());
  if (it == grids.end())
    return op->emitError("distc: unknown grid ") << symbol;
  GridInfo info = it->second;
  if (info.op.getRank() == 0 ||
      llvm::any_of(info.op.getShape(), ShapedType::isDynamic))
    return op->emitError("distc: only grids of static shape are supported; "
                         "grid @")
           << info.op.getSymName() << " has shape " << shapeString(info.op);
  checkTeamSize(op, info);
  return info;
}

void Lowering::checkTeamSize(Operation *user, GridInfo info) {
  used.insert(info.op.getSymNameAttr());
  if (auto func = user->getParentOfType<func::FuncOp>())
    checkTeamSizeAtEntry(func, info);
}

FailureOr<func::FuncOp> Lowering::exitFunction() {
  if (exitFn)
    return exitFn;
  auto type = rewriter.getFunctionType({rewriter.getI32Type()}, {});
  if (Operation *existing = module.lookupSymbol("exit")) {
    auto func = dyn_cast<func::FuncOp>(existing);
    if (!func || func.getFunctionType() != type)
      return existing->emitError("distc: the shard lowering needs @exit to "
                                 "be C's exit, a func.func of type ")
             << type;
    return exitFn = func;
  }
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToEnd(module.getBody());
  exitFn = func::FuncOp::create(rewriter, module.getLoc(), "exit", type);
  exitFn.setPrivate();
  return exitFn;
}

void Lowering::checkTeamSizeAtEntry(func::FuncOp func, GridInfo info) {
  if (!checked.insert({func, info.team}).second)
    return;
  FailureOr<func::FuncOp> exit = exitFunction();
  if (failed(exit)) {
    failedChecks = true;
    return;
  }
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&func.getBody().front());
  Location loc = info.op.getLoc();
  int64_t size = info.size();
  std::string shape = shapeString(info.op);
  Value ranks = distruntime::TeamSizeOp::create(
      rewriter, loc, rewriter.getIndexType(), info.team);
  Value bad = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::ne,
                                    ranks, constant(loc, size));
  // One message, from the first rank, with the rank count; then every rank
  // leaves through exit(1), whose handlers finalize MPI together (an abort
  // would print a message and a backtrace per rank).
  std::string where;
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    where = (fileLoc.getFilename().getValue() + ":" +
             Twine(fileLoc.getLine()) + ":" + Twine(fileLoc.getColumn()) +
             ": ")
                .str();
  std::string message =
      (Twine(where) + "error: shard grid @" + info.op.getSymName() +
       " has shape " + shape + " and needs exactly " + Twine(size) +
       " ranks, but the program runs on ")
          .str();
  scf::IfOp::create(rewriter, loc, bad, [&](OpBuilder &b, Location loc) {
    Value first = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq,
        distruntime::TeamMemberOp::create(b, loc, b.getIndexType(), info.team),
        arith::ConstantIndexOp::create(b, loc, 0));
    scf::IfOp::create(b, loc, first, [&](OpBuilder &b, Location loc) {
      vector::PrintOp::create(b, loc, message);
      vector::PrintOp::create(b, loc, ranks);
      scf::YieldOp::create(b, loc);
    });
    func::CallOp::create(b, loc, *exit,
                         ValueRange{arith::ConstantIntOp::create(b, loc, 1, 32)
                                        .getResult()});
    scf::YieldOp::create(b, loc);
  });
}

LogicalResult Lowering::checkAxes(Operation *op, GridInfo info,
                                  ArrayRef<int16_t> axes) {
  llvm::SmallDenseSet<int16_t> seen;
  for (int16_t axis : axes) {
    if (axis < 0 || axis >= info.op.getRank())
      return op->emitError("distc: grid axis ")
             << axis << " is out of range for grid @" << info.op.getSymName()
             << " of rank " << info.op.getRank();
    if (!seen.insert(axis).second)
      return op->emitError("distc: grid axis ")
             << axis << " is listed more than once";
  }
  return success();
}

SmallVector<Value> Lowering::multiIndex(Location loc, GridInfo info) {
  ArrayRef<int64_t> shape = info.op.getShape();
  SmallVector<Value> index(shape.size());
  Value rest = member(loc, info.team);
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    if (d == 0) {
      index[d] = rest;
      break;
    }
    Value extent = constant(loc, shape[d]);
    index[d] = arith::RemUIOp::create(rewriter, loc, rest, extent);
    rest = arith::DivUIOp::create(rewriter, loc, rest, extent);
  }
  return index;
}

Group Lowering::group(Operation *op, GridInfo info, ArrayRef<int16_t> axes) {
  Location loc = op->getLoc();
  ArrayRef<int64_t> shape = info.op.getShape();
  int64_t size = 1;
  for (int16_t axis : axes)
    size *= shape[axis];
  // All axes in order: the grid's own team, whose members are numbered by
  // rank, i.e. by the row-major linear index.
  bool whole = static_cast<int64_t>(axes.size()) == info.op.getRank() &&
               llvm::all_of(llvm::enumerate(axes), [](auto pair) {
                 return static_cast<int64_t>(pair.index()) == pair.value();
               });
  if (whole)
    return {info.team, size, member(loc, info.team)};
  SmallVector<int64_t> key(axes.begin(), axes.end());
  auto [it, inserted] = subTeamIds.try_emplace(
      {info.op.getSymName().str(), key},
      kShardSubTeamBase + static_cast<int64_t>(subTeamIds.size()));
  int64_t team = it->second;
  if (inserted)
    subTeams[team] = {info, key};
  if (auto func = op->getParentOfType<func::FuncOp>())
    defineSubTeamAtEntry(func, team);
  // The team numbers its members like this (define_subgrid_team): the
  // row-major linear index along `axes`, computed here without a query.
  SmallVector<Value> index = multiIndex(loc, info);
  Value linear = constant(loc, 0);
  for (int16_t axis : axes)
    linear = arith::AddIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, linear,
                              constant(loc, shape[axis])),
        index[axis]);
  return {team, size, linear};
}

void Lowering::defineSubTeamAtEntry(func::FuncOp func, int64_t team) {
  if (!defined.insert({func, team}).second)
    return;
  auto &[info, axes] = subTeams[team];
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&func.getBody().front());
  distruntime::DefineSubgridTeamOp::create(
      rewriter, info.op.getLoc(), team, info.op.getShape(), axes);
}

/// The runtime's reduction for `kind`; `average` is a sum, divided after.
static FailureOr<distruntime::ReduceKind> reduceKind(Operation *op,
                                                     shard::ReductionKind kind,
                                                     Type elementType) {
  switch (kind) {
  case shard::ReductionKind::Sum:
    return distruntime::ReduceKind::sum;
  case shard::ReductionKind::Average:
    if (!isa<FloatType>(elementType))
      break;
    return distruntime::ReduceKind::sum;
  case shard::ReductionKind::Max:
    return distruntime::ReduceKind::max;
  case shard::ReductionKind::Min:
    return distruntime::ReduceKind::min;
  case shard::ReductionKind::Product:
    return distruntime::ReduceKind::prod;
  default:
    break;
  }
  return op->emitError("distc: reduction <")
         << shard::stringifyReductionKind(kind) << "> of " << elementType
         << " is not supported yet (sum, max, min, product are; average on "
            "floats)";
}

FailureOr<Value> Lowering::reduce(Operation *op, Value input,
                                  shard::ReductionKind reduction, Group g) {
  auto type = cast<RankedTensorType>(input.getType());
  FailureOr<distruntime::ReduceKind> kind =
      reduceKind(op, reduction, type.getElementType());
  if (failed(kind))
    return failure();
  Location loc = op->getLoc();
  auto start = distruntime::AllReduceOp::create(
      rewriter, loc,
      TypeRange{distruntime::AsyncHandleType::get(op->getContext()), type},
      *kind, input, g.team);
  mlir::distc::lowering::createAndWait(rewriter, start);
  Value result = start.getResult();
  if (reduction != shard::ReductionKind::Average)
    return result;
  // The mean of the group: the sum divided by its size, element-wise.
  Value count = arith::ConstantOp::create(
      rewriter, loc, FloatAttr::get(type.getElementType(), g.size));
  AffineMap id = rewriter.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> parallel(type.getRank(),
                                            utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             rewriter, loc, type, ValueRange{}, ValueRange{result},
             ArrayRef<AffineMap>{id}, parallel,
             [&](OpBuilder &b, Location loc, ValueRange args) {
               linalg::YieldOp::create(
                   b, loc,
                   ValueRange{arith::DivFOp::create(b, loc, args[0], count)
                                  .getResult()});
             })
      .getResult(0);
}

template <typename ReductionOp>
LogicalResult Lowering::beginReduction(ReductionOp op,
                                       std::optional<Group> &g) {
  StringRef name = op->getName().stripDialect();
  auto inType = dyn_cast<RankedTensorType>(op.getInput().getType());
  auto outType = dyn_cast<RankedTensorType>(op.getResult().getType());
  if (!inType || !outType)
    return op.emitError("distc: ")
           << name << " on memrefs is not supported; lower it before "
           << "bufferization";
  if (inType.getElementType() != outType.getElementType())
    return op.emitError("distc: ")
           << name << " with an accumulation type other than the input's "
           << "is not supported yet";
  if (failed(reduceKind(op, op.getReduction(), inType.getElementType())))
    return failure();
  return beginCollective(op, g);
}

template <typename ReductionOp>
LogicalResult Lowering::lowerReduction(ReductionOp op) {
  std::optional<Group> g;
  if (failed(beginReduction(op, g)))
    return failure();
  if (!g)
    return success();
  FailureOr<Value> result = reduce(op, op.getInput(), op.getReduction(), *g);
  if (failed(result))
    return failure();
  rewriter.replaceOp(op, *result);
  return success();
}

LogicalResult Lowering::lower(shard::ReduceScatterOp op) {
  std::optional<Group> g;
  if (failed(beginReduction(op, g)))
    return failure();
  if (!g)
    return success();
  // The group's reduction, of which this process keeps its block along the
  // scatter axis.
  FailureOr<Value> sum = reduce(op, op.getInput(), op.getReduction(), *g);
  if (failed(sum))
    return failure();
  rewriter.replaceOp(op, slice(op.getLoc(), *sum,
                               cast<RankedTensorType>(op.getResult().getType()),
                               op.getScatterAxis().getSExtValue(), *g));
  return success();
}

LogicalResult Lowering::lower(shard::AllGatherOp op) {
  return lowerGather(op);
}

template <typename GatherOp>
LogicalResult Lowering::lowerGather(GatherOp op) {
  auto resultType = dyn_cast<RankedTensorType>(op.getResult().getType());
  if (!resultType)
    return op.emitError("distc: ")
           << op->getName().stripDialect() << " needs a ranked tensor result";
  std::optional<Group> g;
  if (failed(beginCollective(op, g)))
    return failure();
  if (!g)
    return success();
  Location loc = op.getLoc();
  Value input = op.getInput();
  int64_t axis = op.getGatherAxis().getSExtValue();
  int64_t rank = resultType.getRank();
  // Blocks along the gather axis in group order, balanced as the shard
  // dialect defines them (equal when the size divides): the global array is
  // the result, this rank's box starts at its block's offset; every rank
  // receives the whole array (overlapping target boxes).
  FailureOr<Value> total = gatheredSize(op, input, resultType, axis, *g);
  if (failed(total))
    return failure();
  SmallVector<Value> global, offsets, zeros;
  for (int64_t d = 0; d < rank; ++d) {
    global.push_back(d == axis ? *total : dimSize(loc, input, d));
    offsets.push_back(d == axis ? balancedBlock(loc, *total,
                                                constant(loc, g->size),
                                                g->index)
                                      .first
                                : constant(loc, 0));
    zeros.push_back(constant(loc, 0));
  }
  auto copy = distruntime::CopyReshapeOp::create(
      rewriter, loc,
      TypeRange{distruntime::AsyncHandleType::get(op.getContext()),
                resultType},
      input, global, offsets, global, zeros, global,
      rewriter.getI64IntegerAttr(g->team));
  mlir::distc::lowering::createAndWait(rewriter, copy);
  rewriter.replaceOp(op, copy.getNlArray());
  return success();
}

Value Lowering::slice(Location loc, Value input, RankedTensorType resultType,
                      int64_t axis, Group g) {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  for (int64_t d = 0; d < resultType.getRank(); ++d) {
    strides.push_back(rewriter.getIndexAttr(1));
    if (d != axis) {
      offsets.push_back(rewriter.getIndexAttr(0));
      sizes.push_back(
          resultType.isDynamicDim(d)
              ? OpFoldResult(dimSize(loc, input, d))
              : OpFoldResult(rewriter.getIndexAttr(resultType.getDimSize(d))));
      continue;
    }
    // Balanced blocks as the shard dialect defines them (equal when the
    // size divides; upstream's verifier rejects uneven static blocks).
    auto [offset, block] = balancedBlock(loc, dimSize(loc, input, d),
                                         constant(loc, g.size), g.index);
    offsets.push_back(offset);
    sizes.push_back(resultType.isDynamicDim(d)
                        ? OpFoldResult(block)
                        : OpFoldResult(
                              rewriter.getIndexAttr(resultType.getDimSize(d))));
  }
  return tensor::ExtractSliceOp::create(rewriter, loc, resultType, input,
                                        offsets, sizes, strides);
}

LogicalResult Lowering::lower(shard::AllSliceOp op) {
  std::optional<Group> g;
  if (failed(beginCollective(op, g)))
    return failure();
  if (!g)
    return success();
  // No communication: this process keeps block `index` of the slice axis.
  rewriter.replaceOp(op, slice(op.getLoc(), op.getInput(),
                               cast<RankedTensorType>(op.getResult().getType()),
                               op.getSliceAxis().getSExtValue(), *g));
  return success();
}

LogicalResult Lowering::lower(shard::AllToAllOp op) {
  std::optional<Group> g;
  if (failed(beginCollective(op, g)))
    return failure();
  if (!g)
    return success();
  Location loc = op.getLoc();
  Value input = op.getInput();
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  int64_t split = op.getSplitAxis().getSExtValue();
  int64_t concat = op.getConcatAxis().getSExtValue();
  if (split == concat)
    return op.emitError("distc: all_to_all with split_axis == concat_axis "
                        "is not supported yet");
  // The inputs are the blocks of one global array split along concat_axis
  // (in group order); the results are the blocks of the same array split
  // along split_axis. That is a redistribution of one global array. Blocks
  // are balanced as the shard dialect defines them.
  Value r = g->index;
  Value p = constant(loc, g->size);
  FailureOr<Value> total = gatheredSize(op, input, resultType, concat, *g);
  if (failed(total))
    return failure();
  SmallVector<Value> global, offsets, newOffsets, newShape;
  for (int64_t d = 0; d < resultType.getRank(); ++d) {
    Value size = dimSize(loc, input, d);
    Value zero = constant(loc, 0);
    if (d == concat) {
      global.push_back(*total);
      offsets.push_back(balancedBlock(loc, *total, p, r).first);
      newOffsets.push_back(zero);
      newShape.push_back(*total);
    } else if (d == split) {
      auto [offset, block] = balancedBlock(loc, size, p, r);
      global.push_back(size);
      offsets.push_back(zero);
      newOffsets.push_back(offset);
      newShape.push_back(block);
    } else {
      global.push_back(size);
      offsets.push_back(zero);
      newOffsets.push_back(zero);
      newShape.push_back(size);
    }
  }
  auto copy = distruntime::CopyReshapeOp::create(
      rewriter, loc,
      TypeRange{distruntime::AsyncHandleType::get(op.getContext()),
                resultType},
      input, global, offsets, global, newOffsets, newShape,
      rewriter.getI64IntegerAttr(g->team));
  mlir::distc::lowering::createAndWait(rewriter, copy);
  rewriter.replaceOp(op, copy.getNlArray());
  return success();
}

Value Lowering::rootIndex(Location loc, GridInfo info, ArrayRef<int16_t> axes,
                          ArrayRef<int64_t> root, ValueRange rootDynamic) {
  SmallVector<OpFoldResult> indices =
      getMixedValues(root, rootDynamic, rewriter);
  Value index = constant(loc, 0);
  for (auto [axis, at] : llvm::zip(axes, indices))
    index = arith::AddIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, index,
                              constant(loc, info.op.getShape()[axis])),
        getValueOrCreateConstantIndexOp(rewriter, loc, at));
  return index;
}

FailureOr<Value> Lowering::rootBox(Operation *op, Value input, Value isRoot) {
  auto type = cast<RankedTensorType>(input.getType());
  if (type.getRank() == 0)
    return op->emitError("distc: ")
           << op->getName().stripDialect()
           << " of a rank-0 tensor is not supported yet";
  Location loc = op->getLoc();
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SmallVector<int64_t> shape(type.getShape());
  shape[0] = ShapedType::kDynamic;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    offsets.push_back(rewriter.getIndexAttr(0));
    strides.push_back(rewriter.getIndexAttr(1));
    Value size = dimSize(loc, input, d);
    sizes.push_back(d == 0 ? OpFoldResult(arith::SelectOp::create(
                                 rewriter, loc, isRoot, size, constant(loc, 0))
                                                  .getResult())
                           : OpFoldResult(type.isDynamicDim(d)
                                              ? OpFoldResult(size)
                                              : rewriter.getIndexAttr(
                                                    type.getDimSize(d))));
  }
  return tensor::ExtractSliceOp::create(
             rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
             input, offsets, sizes, strides)
      .getResult();
}

template <typename RootedOp>
LogicalResult Lowering::copyFromRoot(RootedOp op,
                                     std::optional<int64_t> splitAxis) {
  std::optional<Group> g;
  if (failed(beginCollective(op, g)))
    return failure();
  if (!g)
    return success();
  Location loc = op.getLoc();
  FailureOr<Value> box = rootBox(op, *g);
  if (failed(box))
    return failure();
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  SmallVector<Value> global, zeros, offsets, sizes;
  for (int64_t d = 0; d < resultType.getRank(); ++d) {
    Value size = dimSize(loc, op.getInput(), d);
    global.push_back(size);
    zeros.push_back(constant(loc, 0));
    if (d != splitAxis) {
      offsets.push_back(constant(loc, 0));
      sizes.push_back(size);
      continue;
    }
    auto [offset, block] =
        balancedBlock(loc, size, constant(loc, g->size), g->index);
    offsets.push_back(offset);
    sizes.push_back(block);
  }
  auto copy = distruntime::CopyReshapeOp::create(
      rewriter, loc,
      TypeRange{distruntime::AsyncHandleType::get(op.getContext()),
                resultType},
      *box, global, zeros, global, offsets, sizes,
      rewriter.getI64IntegerAttr(g->team));
  mlir::distc::lowering::createAndWait(rewriter, copy);
  rewriter.replaceOp(op, copy.getNlArray());
  return success();
}

LogicalResult Lowering::lower(shard::BroadcastOp op) {
  // One global array that only the root holds (the others contribute an
  // empty box); every member receives all of it: a redistribution.
  return copyFromRoot(op, std::nullopt);
}

LogicalResult Lowering::lower(shard::ScatterOp op) {
  // The root's input is the global array (the others contribute an empty
  // box); each member receives its balanced block along scatter_axis.
  return copyFromRoot(op, op.getScatterAxis().getSExtValue());
}

LogicalResult Lowering::lower(shard::UpdateHaloOp op) {
  FailureOr<GridInfo> info = grid(op, op.getGridAttr());
  if (failed(info))
    return failure();
  auto type = dyn_cast<RankedTensorType>(op.getDestination().getType());
  if (!type)
    return op.emitError("distc: update_halo on memrefs is not supported; "
                        "lower it before bufferization");
  // The runtime exchanges halos of arrays partitioned along dimension 0.
  auto splitAxes = op.getSplitAxes().getAxes();
  for (auto [dim, axes] : llvm::enumerate(splitAxes)) {
    ArrayRef<int16_t> list = axes.asArrayRef();
    if (failed(checkAxes(op, *info, list)))
      return failure();
    if (dim == 0 && list.empty())
      return op.emitError("distc: update_halo must split tensor dimension 0 "
                          "(the only one with halos supported yet)");
    if (dim > 0 && !list.empty())
      return op.emitError("distc: update_halo along tensor dimension ")
             << dim << " is not supported yet (only dimension 0)";
  }
  if (splitAxes.empty())
    return op.emitError("distc: update_halo without split axes");
  if (!op.getHaloSizes().empty() || op.getStaticHaloSizes().size() != 2)
    return op.emitError("distc: update_halo needs two static halo sizes "
                        "(before and after dimension 0)");
  int64_t before = op.getStaticHaloSizes()[0];
  int64_t after = op.getStaticHaloSizes()[1];
  if (before < 0 || after < 0)
    return op.emitError("distc: negative halo sizes");
  if (!type.isDynamicDim(0) && type.getDimSize(0) < before + after)
    return op.emitError("distc: the shard has ")
           << type.getDimSize(0) << " rows, fewer than its halos ("
           << before << " + " << after << ")";

  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value dest = op.getDestination();
  // The shards along dimension 0 are those of the group over its grid axes.
  Group g = group(op, *info, splitAxes.front().asArrayRef());
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
      IntegerAttr());
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
  rewriter.replaceOp(op, result);
  return success();
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

LogicalResult Lowering::lower(Operation *op) {
  return TypeSwitch<Operation *, LogicalResult>(op)
      .Case<shard::AllReduceOp, shard::ReduceScatterOp, shard::AllGatherOp, shard::AllSliceOp,
            shard::AllToAllOp, shard::UpdateHaloOp, shard::ProcessLinearIndexOp,
            shard::ProcessMultiIndexOp, shard::GridShapeOp,
            shard::NeighborsLinearIndicesOp, shard::ShardShapeOp,
            shard::GatherOp, shard::ReduceOp, shard::BroadcastOp,
            shard::ScatterOp>(
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
    if (isa<shard::ShardDialect>(op->getDialect()) && !isa<shard::GridOp>(op))
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
  if (!ok || failedChecks)
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

struct ConvertShardToDistRuntime
    : public mlir::distc::impl::ConvertShardToDistRuntimeBase<
          ConvertShardToDistRuntime> {
  void runOnOperation() override {
    Lowering lowering(getOperation());
    if (failed(lowering.run()))
      signalPassFailure();
  }
};

} // namespace
