//===- MatmulLowering.cpp - dist.matmul -> local products + distruntime ---===//
//
// dist.matmul C = A B on 1-D partitions. The algorithm follows from where
// the operands are (chooseMatmulAlgorithm):
//
//   row blocks      A split 0: each rank owns rows of A and computes the same
//                   rows of C from all of B, which it fetches in column
//                   panels, double-buffered (pipelinedPanels): the
//                   copy_reshape of panel j+1 is started before the
//                   multiply of panel j, and at most two panels are in
//                   flight or held at any time.
//   column blocks   B and C split 1: the mirror image, A is fetched in row
//                   panels and each rank computes its columns of C.
//   partial sums    A split 1 (K split): each rank multiplies its columns of
//                   A by the same rows of B (B is moved to row blocks if it
//                   is not there), an allreduce adds the M x N partial
//                   products, each rank keeps its block of C.
//
// A vector B (matrix-vector product) follows the same three cases with
// linalg.matvec. The local products are linalg.matmul / linalg.matvec on
// zero-filled outputs; the pipeline tiles and vectorizes them
// (distc-tile-matmul).
//
// On a 2-D process grid (an operand or the result has `grid = [...]`) the
// product is SUMMA: A, B and C in the grid's balanced split = [0, 1]
// blocks; the inner dimension K is cut into balanced panels (panelCount),
// and for each the owners broadcast the panel of A along their grid row and
// that of B along their grid column (distruntime.bcast_panel on sub-grid
// teams), then every rank adds the product of the two panels to its block
// of C. The panels are a loop, double-buffered like the row-block ones:
// the broadcasts of panel k+1 start before the product of panel k.
//
// A matrix-vector product y = A x with A on a 2-D grid (gridMatvec) keeps A
// where it is: each rank fetches the piece of x that matches its columns
// of A (one copy_reshape), multiplies its block, the partial results are
// summed within its grid row (an allreduce on the sub-grid team of the
// ranks holding the same rows of A), and the row's ranks hand disjoint
// pieces of the sum to y's blocks (one copy_reshape).
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"

#include "dialect/Dist/Dist.h"
#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::lowering;
using namespace mlir::dist;

namespace {

/// Panels: at least kMinPanels, so that the first local product hides the
/// transfer of the next; at most kMaxPanelWidth wide, so that the two
/// panels in flight (double buffering, pipelinedPanels) stay a small part
/// of the matrix. Not narrower: every SUMMA step packs and unpacks the
/// accumulated C (distc-tile-matmul), a cost per panel.
constexpr int64_t kMinPanels = 4;
constexpr int64_t kMaxPanelWidth = 1024;

enum class MatmulAlgorithm {
  RowBlocks,
  ColumnBlocks,
  PartialSums,
  Summa,
  GridMatvec
};

/// The 2-D grid an operand or the result is on (the first of A, B, C that
/// has one), or a null type: SUMMA then runs on it.
DistTensorType summaGrid(DistTensorType a, DistTensorType b,
                         DistTensorType c) {
  for (DistTensorType t : {a, b, c})
    if (t.isGrid() && t.getGrid().size() == 2)
      return t;
  return {};
}

MatmulAlgorithm chooseMatmulAlgorithm(DistTensorType a, DistTensorType b,
                                      DistTensorType c) {
  // A vector is never on a grid of 2 axes: then A is.
  if (summaGrid(a, b, c))
    return b.getRank() == 1 ? MatmulAlgorithm::GridMatvec
                            : MatmulAlgorithm::Summa;
  if (a.getSplit() == 1)
    return MatmulAlgorithm::PartialSums;
  if (b.getRank() == 2 && b.getSplit() == 1 && c.getSplit() == 1)
    return MatmulAlgorithm::ColumnBlocks;
  return MatmulAlgorithm::RowBlocks;
}

/// The panels of an `extent` long dimension: `count` panels of `width`
/// each (the same for all, so that the loop of pipelinedPanels carries one
/// tensor type and the allocator recycles the same-sized buffers), about
/// max(kMinPanels, extent / kMaxPanelWidth) of them. Panel p holds
/// [start(p), start(p) + width); the last one is shifted back to end at
/// `extent` (its first columns repeat the previous panel's), and only its
/// part [p width, extent) is new.
struct Panels {
  Value extent, width, count;

  Panels(OpBuilder &b, Location loc, Value extent) : extent(extent) {
    Value one = indexConst(b, loc, 1);
    Value wanted = arith::MaxUIOp::create(
        b, loc,
        arith::CeilDivUIOp::create(b, loc, extent,
                                   indexConst(b, loc, kMaxPanelWidth)),
        indexConst(b, loc, kMinPanels));
    // width <= extent, 0 only for an empty extent (then one empty panel).
    width = arith::CeilDivUIOp::create(b, loc, extent, wanted);
    count = arith::MaxUIOp::create(
        b, loc,
        arith::CeilDivUIOp::create(
            b, loc, extent, arith::MaxUIOp::create(b, loc, width, one)),
        one);
  }
  /// The first index of panel `p`: min(p width, extent - width).
  Value start(OpBuilder &b, Location loc, Value p) const {
    Value natural = arith::MulIOp::create(b, loc, p, width);
    Value last = arith::SubIOp::create(b, loc, extent, width);
    return arith::MinUIOp::create(b, loc, natural, last);
  }
  /// The new part of panel `p`: {offset in the panel, size}, i.e. the
  /// indices [p width, min((p + 1) width, extent)).
  std::pair<Value, Value> fresh(OpBuilder &b, Location loc, Value p) const {
    Value natural = arith::MulIOp::create(b, loc, p, width);
    Value offset =
        arith::SubIOp::create(b, loc, natural, start(b, loc, p));
    Value left = arith::SubIOp::create(b, loc, extent, natural);
    return {offset, arith::MinUIOp::create(b, loc, width, left)};
  }
};

/// A zero-filled tensor of `sizes` (all dynamic) of `element`.
Value zeros(OpBuilder &b, Location loc, Type element, ArrayRef<Value> sizes) {
  auto type = RankedTensorType::get(
      SmallVector<int64_t>(sizes.size(), ShapedType::kDynamic), element);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
  return linalg::FillOp::create(b, loc, zero, emptyTensor(b, loc, type, sizes))
      .getResult(0);
}

/// `lhs` x `rhs` (a matrix or a vector) into a new zero-filled tensor.
Value localProduct(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  Type element = cast<RankedTensorType>(lhs.getType()).getElementType();
  SmallVector<Value> sizes{tensorSizes(b, loc, lhs)[0]};
  bool matrix = cast<RankedTensorType>(rhs.getType()).getRank() == 2;
  if (matrix)
    sizes.push_back(tensorSizes(b, loc, rhs)[1]);
  Value init = zeros(b, loc, element, sizes);
  if (matrix)
    return linalg::MatmulOp::create(b, loc, ValueRange{lhs, rhs}, init)
        .getResult(0);
  return linalg::MatvecOp::create(b, loc, ValueRange{lhs, rhs}, init)
      .getResult(0);
}

/// The run [offset, offset + size) of dimension `dim` of the 2-D `t`.
Value sliceAlong(OpBuilder &b, Location loc, Value t, int64_t dim,
                 Value offset, Value size) {
  SmallVector<Value> sizes = tensorSizes(b, loc, t);
  Value zero = indexConst(b, loc, 0);
  SmallVector<OpFoldResult> offsets{zero, zero}, extents(sizes.begin(),
                                                          sizes.end()),
      strides(2, b.getIndexAttr(1));
  offsets[dim] = offset;
  extents[dim] = size;
  return tensor::ExtractSliceOp::create(b, loc, t, offsets, extents, strides);
}

/// The transfers of one panel: the handles to wait for and the panel
/// tensors they fill (the same number of each for every panel).
struct PanelTransfers {
  SmallVector<Value> handles, panels;
};
using StartPanelFn =
    function_ref<PanelTransfers(OpBuilder &, Location, Value panel)>;
using ConsumePanelFn = function_ref<Value(OpBuilder &, Location, Value panel,
                                          ValueRange panels, Value acc)>;

/// Double buffering: panels 0 .. numPanels-1 (numPanels >= 1) are started
/// with `start` one step ahead of their use, so that at most two panels are
/// in flight or held (memory O(panel), not O(matrix)) and the transfer of
/// panel p+1 overlaps `consume` of panel p, which folds panel p into `acc`:
///
///   t = start(0)
///   for p in 0 .. numPanels-1:  n = start(p+1); wait(t); acc = consume(p, t, acc); t = n
///   wait(t); acc = consume(numPanels-1, t, acc)
///
/// The starts are in the same order on every rank (panel order), as the
/// team's collectives need. Returns the final `acc`.
Value pipelinedPanels(OpBuilder &b, Location loc, Value numPanels, Value acc,
                      StartPanelFn start, ConsumePanelFn consume) {
  Value zero = indexConst(b, loc, 0), one = indexConst(b, loc, 1);
  PanelTransfers first = start(b, loc, zero);
  size_t numHandles = first.handles.size();
  auto pack = [&](Value acc, const PanelTransfers &t) {
    SmallVector<Value> values{acc};
    llvm::append_range(values, t.handles);
    llvm::append_range(values, t.panels);
    return values;
  };
  auto unpack = [&](ValueRange values) {
    PanelTransfers t;
    t.handles.assign(values.begin() + 1, values.begin() + 1 + numHandles);
    t.panels.assign(values.begin() + 1 + numHandles, values.end());
    return t;
  };
  auto waitAndConsume = [&](OpBuilder &nested, Location l, Value panel,
                            const PanelTransfers &t, Value acc) {
    for (Value handle : t.handles)
      distruntime::WaitOp::create(nested, l, handle);
    return consume(nested, l, panel, t.panels, acc);
  };
  Value last = arith::SubIOp::create(b, loc, numPanels, one);
  auto loop = scf::ForOp::create(
      b, loc, zero, last, one, pack(acc, first),
      [&](OpBuilder &nested, Location l, Value p, ValueRange carried) {
        Value nextIndex = arith::AddIOp::create(nested, l, p, one);
        PanelTransfers next = start(nested, l, nextIndex);
        Value updated =
            waitAndConsume(nested, l, p, unpack(carried), carried.front());
        scf::YieldOp::create(nested, l, pack(updated, next));
      });
  return waitAndConsume(b, loc, last, unpack(loop.getResults()),
                        loop.getResult(0));
}

/// A x (the whole of) B, B fetched in panels of its columns or, with
/// `fetchLhs`, the whole of A times B with A fetched in row panels; the
/// panels are double-buffered (pipelinedPanels). `local` is this rank's
/// operand, `remote` the fetched one. The result has the rows (columns)
/// of `local`.
Value panelProduct(OpBuilder &b, Location loc, Value local,
                   const DistParts &remote, DistTensorType remoteType,
                   bool fetchLhs) {
  // A vector (matvec) is fetched whole: it is small next to the matrix.
  if (remote.rank() == 1) {
    Value all = fetchBox(b, loc, remote, remoteType, {indexConst(b, loc, 0)},
                         remote.globalShape);
    return localProduct(b, loc, local, all);
  }
  // Fetched panels are rows of A or columns of B; the other dimension is
  // whole.
  int64_t panelDim = fetchLhs ? 0 : 1;
  Value extent = remote.globalShape[panelDim];
  SmallVector<Value> localSizes = tensorSizes(b, loc, local);
  SmallVector<Value> resultSizes =
      fetchLhs ? SmallVector<Value>{remote.globalShape[0], localSizes[1]}
               : SmallVector<Value>{localSizes[0], remote.globalShape[1]};
  Type element = remoteType.getElementType();
  auto resultType = RankedTensorType::get(
      {ShapedType::kDynamic, ShapedType::kDynamic}, element);
  Value result = emptyTensor(b, loc, resultType, resultSizes);
  Panels panels(b, loc, extent);
  auto startPanel = [&](OpBuilder &nested, Location l, Value p) {
    Value zero = indexConst(nested, l, 0);
    SmallVector<Value> offsets{zero, zero}, sizes(remote.globalShape);
    offsets[panelDim] = panels.start(nested, l, p);
    sizes[panelDim] = panels.width;
    auto copy = distruntime::CopyReshapeOp::create(
        nested, l,
        TypeRange{distruntime::AsyncHandleType::get(nested.getContext()),
                  resultType},
        remote.local, remote.globalShape, remote.offsets, remote.globalShape,
        offsets, sizes, remoteType.getTeam());
    return PanelTransfers{{copy.getHandle()}, {copy.getNlArray()}};
  };
  auto consumePanel = [&](OpBuilder &nested, Location l, Value p,
                          ValueRange fetched, Value acc) -> Value {
    auto [offset, size] = panels.fresh(nested, l, p);
    Value panel = sliceAlong(nested, l, fetched[0], panelDim, offset, size);
    Value product = fetchLhs ? localProduct(nested, l, panel, local)
                             : localProduct(nested, l, local, panel);
    Value zero = indexConst(nested, l, 0);
    SmallVector<OpFoldResult> at{zero, zero}, extents(resultSizes.begin(),
                                                      resultSizes.end()),
        strides(2, nested.getIndexAttr(1));
    at[panelDim] = arith::MulIOp::create(nested, l, p, panels.width).getResult();
    extents[panelDim] = size;
    return tensor::InsertSliceOp::create(nested, l, product, acc, at, extents,
                                         strides);
  };
  return pipelinedPanels(b, loc, panels.count, result, startPanel,
                         consumePanel);
}

/// SUMMA on the grid of `grid` (see the file comment): `a` and `b` are
/// already in its balanced split = [0, 1] blocks; returns this rank's block
/// of C. `rowTeam` holds the ranks of one grid row (a sub-grid team along
/// axis 1, where A's columns are split), `columnTeam` those of one grid
/// column (along axis 0, where B's rows are split). The panels of K are
/// double-buffered (pipelinedPanels): the broadcasts of panel k+1 travel
/// while the product of panel k runs.
Value summaProduct(OpBuilder &b, Location loc, const DistParts &a,
                   const DistParts &bParts, Value inner, int64_t rowTeam,
                   int64_t columnTeam) {
  Value aLocal = a.local, bLocal = bParts.local;
  Value rows = tensorSizes(b, loc, aLocal)[0];
  Value columns = tensorSizes(b, loc, bLocal)[1];
  Type element = cast<RankedTensorType>(aLocal.getType()).getElementType();
  auto dynamic2D = RankedTensorType::get(
      {ShapedType::kDynamic, ShapedType::kDynamic}, element);
  Value c = zeros(b, loc, element, {rows, columns});
  Panels panels(b, loc, inner);
  // The panel [start, start + width) of `dim` of `local`, broadcast on `team`.
  auto broadcastPanel = [&](OpBuilder &nested, Location l, Value local,
                            Value start, ValueRange sizes, int64_t dim,
                            int64_t team) {
    return distruntime::BcastPanelOp::create(
        nested, l,
        TypeRange{distruntime::AsyncHandleType::get(nested.getContext()),
                  dynamic2D},
        local, inner, start, sizes, nested.getI64IntegerAttr(dim),
        nested.getI64IntegerAttr(team));
  };
  auto startPanel = [&](OpBuilder &nested, Location l, Value p) {
    Value start = panels.start(nested, l, p), width = panels.width;
    auto aPanel =
        broadcastPanel(nested, l, aLocal, start, {rows, width}, 1, rowTeam);
    auto bPanel = broadcastPanel(nested, l, bLocal, start, {width, columns},
                                 0, columnTeam);
    return PanelTransfers{{aPanel.getHandle(), bPanel.getHandle()},
                          {aPanel.getPanel(), bPanel.getPanel()}};
  };
  auto consumePanel = [&](OpBuilder &nested, Location l, Value p,
                          ValueRange fetched, Value acc) -> Value {
    auto [offset, size] = panels.fresh(nested, l, p);
    Value aPanel = sliceAlong(nested, l, fetched[0], 1, offset, size);
    Value bPanel = sliceAlong(nested, l, fetched[1], 0, offset, size);
    return linalg::MatmulOp::create(nested, l, ValueRange{aPanel, bPanel}, acc)
        .getResult(0);
  };
  return pipelinedPanels(b, loc, panels.count, c, startPanel, consumePanel);
}

/// y = A x with A on a 2-D grid, in place (balanced or irregular, either
/// split order): rank (r, c) holds the rows R and columns K' of A, fetches
/// x[K'] (one copy_reshape, a box of K / Pc), multiplies its block into a
/// partial y[R], and the ranks of `sameRows` (the sub-grid team along the
/// grid axis of A's columns: the ranks that hold the rows R) sum their
/// partials with one allreduce of |R| elements. Every one of them then has
/// all of y[R]; member m of the Pc offers only the m-th balanced piece of
/// it to the copy_reshape into y's blocks (`yType`, `yShape`), so each rank
/// sends about M / P elements, and the pieces of all rows cover y once.
DistParts gridMatvec(OpBuilder &b, Location loc, const DistParts &a,
                     const DistParts &x, DistTensorType xType,
                     DistTensorType yType, ArrayRef<Value> yShape,
                     int64_t sameRows) {
  SmallVector<Value> aSizes = tensorSizes(b, loc, a.local);
  Value xPart = fetchBox(b, loc, x, xType, {a.offsets[1]}, {aSizes[1]});
  Value partial = localProduct(b, loc, a.local, xPart);
  Value rows = allReduce(b, loc, ReduceKind::sum, partial, sameRows);
  auto [pieceOffset, pieceSize] =
      balancedBlock(b, loc, aSizes[0], teamSize(b, loc, sameRows),
                    teamMember(b, loc, sameRows));
  Value piece = tensor::ExtractSliceOp::create(
      b, loc, rows, ArrayRef<OpFoldResult>{pieceOffset},
      ArrayRef<OpFoldResult>{pieceSize},
      ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  DistParts offered{
      piece,
      SmallVector<Value>(yShape),
      {arith::AddIOp::create(b, loc, a.offsets[0], pieceOffset).getResult()}};
  return redistribute(b, loc, offered, yType, yType, yShape);
}

struct MatmulLowering : public DistPattern<MatmulOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(MatmulOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DistTensorType aType = distType(op.getLhs()), bType = distType(op.getRhs()),
                   cType = distType(op.getResult());
    DistParts a = parts(adaptor.getLhs()), b = parts(adaptor.getRhs());
    SmallVector<Value> aShape = knownShape(rewriter, loc, aType, a.globalShape);
    SmallVector<Value> bShape = knownShape(rewriter, loc, bType, b.globalShape);
    checkSameSize(rewriter, loc, aShape[1], bShape[0],
                  "dist.matmul: the columns of the first operand and the "
                  "rows of the second differ");
    SmallVector<Value> cShape{aShape[0]};
    if (bType.getRank() == 2)
      cShape.push_back(bShape[1]);
    checkStaticDims(rewriter, loc, "dist.matmul", "product", cShape,
                    cType.getShape(), cType);
    bool vector = bType.getRank() == 1;

    // The partition the algorithm computes C in; moved to cType at the end.
    DistTensorType natural;
    DistParts c;
    c.globalShape = cShape;
    Value zero = indexConst(rewriter, loc, 0);
    MatmulAlgorithm algorithm = chooseMatmulAlgorithm(aType, bType, cType);
    std::optional<int64_t> sameRows;
    if (algorithm == MatmulAlgorithm::GridMatvec) {
      sameRows = defineGridAxesTeam(rewriter, loc, aType,
                                    {aType.getGridAxisOf(1)});
      // A grid whose sub-grid teams have no id (extents of 4096 or more):
      // A is moved to row blocks.
      if (!sameRows)
        algorithm = MatmulAlgorithm::RowBlocks;
    }
    switch (algorithm) {
    case MatmulAlgorithm::GridMatvec:
      c = gridMatvec(rewriter, loc, a, b, bType, cType, cShape, *sameRows);
      natural = cType;
      break;
    case MatmulAlgorithm::Summa: {
      DistTensorType grid = summaGrid(aType, bType, cType);
      auto onGrid = [&](DistTensorType t) {
        return t.withGrid(grid.getGrid(), {0, 1});
      };
      DistTensorType aGrid = onGrid(aType), bGrid = onGrid(bType);
      natural = onGrid(cType);
      std::optional<int64_t> rowTeam =
          defineGridAxesTeam(rewriter, loc, aGrid, {1});
      std::optional<int64_t> columnTeam =
          defineGridAxesTeam(rewriter, loc, aGrid, {0});
      if (!rowTeam || !columnTeam)
        return op.emitOpError()
               << "cannot run SUMMA on the grid of " << grid
               << ": its sub-grid teams need extents below 4096";
      DistParts aBlocks = toPartitionOf(rewriter, loc, a, aType, aGrid);
      DistParts bBlocks = toPartitionOf(rewriter, loc, b, bType, bGrid);
      c.local = summaProduct(rewriter, loc, aBlocks, bBlocks, aShape[1],
                             *rowTeam, *columnTeam);
      c.offsets = {aBlocks.offsets[0], bBlocks.offsets[1]};
      break;
    }
    case MatmulAlgorithm::RowBlocks: {
      DistTensorType rows = aType.withPartition(0, true);
      DistParts aRows = toPartitionOf(rewriter, loc, a, aType, rows);
      c.local = panelProduct(rewriter, loc, aRows.local, b, bType,
                             /*fetchLhs=*/false);
      c.offsets = {aRows.offsets[0]};
      if (!vector)
        c.offsets.push_back(zero);
      natural = cType.withPartition(0, true);
      break;
    }
    case MatmulAlgorithm::ColumnBlocks: {
      DistTensorType columns = bType.withPartition(1, true);
      DistParts bColumns = toPartitionOf(rewriter, loc, b, bType, columns);
      c.local = panelProduct(rewriter, loc, bColumns.local, a, aType,
                             /*fetchLhs=*/true);
      c.offsets = {zero, bColumns.offsets[1]};
      natural = cType.withPartition(1, true);
      break;
    }
    case MatmulAlgorithm::PartialSums: {
      // A's balanced column blocks and B's balanced row blocks split K the
      // same way (the same formula on the same team).
      DistParts aCols =
          toPartitionOf(rewriter, loc, a, aType, aType.withPartition(1, true));
      DistParts bRows =
          toPartitionOf(rewriter, loc, b, bType, bType.withPartition(0, true));
      Value partial = localProduct(rewriter, loc, aCols.local, bRows.local);
      Value full = allReduce(rewriter, loc, ReduceKind::sum, partial,
                             cType.getTeam());
      auto [offsets, sizes] = balancedBox(rewriter, loc, cType, cShape);
      SmallVector<OpFoldResult> ofrOffsets(offsets.begin(), offsets.end()),
          ofrSizes(sizes.begin(), sizes.end()),
          strides(sizes.size(), rewriter.getIndexAttr(1));
      // The slice's type follows from the sizes (values here, even where
      // C's type has a static extent); the cast below gives the local type.
      c.local = tensor::ExtractSliceOp::create(rewriter, loc, full, ofrOffsets,
                                               ofrSizes, strides);
      c.offsets = offsets;
      natural = cType;
      break;
    }
    }
    c.local = castTo(rewriter, loc, c.local, natural.getLocalType());
    DistParts result = toPartitionOf(rewriter, loc, c, natural, cType);
    result.local = castTo(rewriter, loc, result.local, cType.getLocalType());
    replace(rewriter, op, result);
    return success();
  }
};

} // namespace

void mlir::distc::lowering::populateMatmulPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<MatmulLowering>(converter, patterns.getContext());
}
