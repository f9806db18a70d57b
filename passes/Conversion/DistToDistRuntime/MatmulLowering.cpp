//===- MatmulLowering.cpp - dist.matmul -> local products + distruntime ---===//
//
// dist.matmul C = A B on 1-D partitions. The algorithm follows from where
// the operands are (chooseMatmulAlgorithm):
//
//   row blocks      A split 0: each rank owns rows of A and computes the same
//                   rows of C from all of B, which it fetches in column
//                   panels. Every panel is its own copy_reshape, so the
//                   overlap pass starts them all up front and each local
//                   product waits only for its own panel: the multiply of
//                   panel j runs while panels j+1... are in flight.
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
// blocks; the inner dimension K is cut into kNumPanels balanced panels, and
// for each the owners broadcast the panel of A along their grid row and
// that of B along their grid column (distruntime.bcast_panel on sub-grid
// teams), then every rank adds the product of the two panels to its block
// of C. Every broadcast is its own start, so the overlap pass starts them
// ahead and each product waits only for its own panels.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"

#include "dialect/Dist/Dist.h"
#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::lowering;
using namespace mlir::dist;

namespace {

/// Panels of the fetched operand: enough that the first local product
/// hides the transfers of the others, few enough that each product is
/// still large (a panel of a 4096^2 matrix is 4096 x 1024).
constexpr int64_t kNumPanels = 4;

enum class MatmulAlgorithm { RowBlocks, ColumnBlocks, PartialSums, Summa };

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
  if (summaGrid(a, b, c))
    return MatmulAlgorithm::Summa;
  if (a.getSplit() == 1)
    return MatmulAlgorithm::PartialSums;
  if (b.getRank() == 2 && b.getSplit() == 1 && c.getSplit() == 1)
    return MatmulAlgorithm::ColumnBlocks;
  return MatmulAlgorithm::RowBlocks;
}

/// `lhs` x `rhs` (a matrix or a vector) into a new zero-filled tensor.
Value localProduct(OpBuilder &b, Location loc, Value lhs, Value rhs) {
  Type element = cast<RankedTensorType>(lhs.getType()).getElementType();
  SmallVector<Value> sizes{tensorSizes(b, loc, lhs)[0]};
  bool matrix = cast<RankedTensorType>(rhs.getType()).getRank() == 2;
  if (matrix)
    sizes.push_back(tensorSizes(b, loc, rhs)[1]);
  auto type = RankedTensorType::get(
      SmallVector<int64_t>(sizes.size(), ShapedType::kDynamic), element);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
  Value init = linalg::FillOp::create(b, loc, zero,
                                      emptyTensor(b, loc, type, sizes))
                   .getResult(0);
  if (matrix)
    return linalg::MatmulOp::create(b, loc, ValueRange{lhs, rhs}, init)
        .getResult(0);
  return linalg::MatvecOp::create(b, loc, ValueRange{lhs, rhs}, init)
      .getResult(0);
}

/// A x (the whole of) B, B fetched in panels along dimension `panelDim` of
/// B (columns) or, with `fetchLhs`, the whole of A times B with A fetched in
/// row panels. `local` is this rank's operand, `remote` the fetched one.
/// The result has the rows (columns) of `local`.
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
  Value numPanels = indexConst(b, loc, kNumPanels);
  Value zero = indexConst(b, loc, 0);
  Value one = indexConst(b, loc, 1);
  for (int64_t p = 0; p < kNumPanels; ++p) {
    auto [start, count] =
        balancedBlock(b, loc, extent, numPanels, indexConst(b, loc, p));
    SmallVector<Value> offsets{zero, zero}, sizes(remote.globalShape);
    offsets[panelDim] = start;
    sizes[panelDim] = count;
    Value panel = fetchBox(b, loc, remote, remoteType, offsets, sizes);
    Value product = fetchLhs ? localProduct(b, loc, panel, local)
                             : localProduct(b, loc, local, panel);
    SmallVector<OpFoldResult> at{zero, zero}, extents, strides{one, one};
    for (Value size : resultSizes)
      extents.push_back(size);
    at[panelDim] = start;
    extents[panelDim] = count;
    result =
        tensor::InsertSliceOp::create(b, loc, product, result, at, extents,
                                      strides);
  }
  return result;
}

/// SUMMA on the grid of `grid` (see the file comment): `a` and `b` are
/// already in its balanced split = [0, 1] blocks; returns this rank's block
/// of C. `rowTeam` holds the ranks of one grid row (a sub-grid team along
/// axis 1, where A's columns are split), `columnTeam` those of one grid
/// column (along axis 0, where B's rows are split).
Value summaProduct(OpBuilder &b, Location loc, const DistParts &a,
                   const DistParts &bParts, Value inner, int64_t rowTeam,
                   int64_t columnTeam) {
  Value aLocal = a.local, bLocal = bParts.local;
  Value rows = tensorSizes(b, loc, aLocal)[0];
  Value columns = tensorSizes(b, loc, bLocal)[1];
  Type element = cast<RankedTensorType>(aLocal.getType()).getElementType();
  auto dynamic2D = RankedTensorType::get(
      {ShapedType::kDynamic, ShapedType::kDynamic}, element);
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(element));
  Value c = linalg::FillOp::create(
                b, loc, zero, emptyTensor(b, loc, dynamic2D, {rows, columns}))
                .getResult(0);
  Value numPanels = indexConst(b, loc, kNumPanels);
  // The panel [start, start + width) of `dim` of `local`, broadcast on `team`.
  auto broadcastPanel = [&](Value local, Value start, ValueRange sizes,
                            int64_t dim, int64_t team) {
    return distruntime::BcastPanelOp::create(
        b, loc,
        TypeRange{distruntime::AsyncHandleType::get(b.getContext()),
                  dynamic2D},
        local, inner, start, sizes, b.getI64IntegerAttr(dim),
        b.getI64IntegerAttr(team));
  };
  for (int64_t p = 0; p < kNumPanels; ++p) {
    auto [start, width] =
        balancedBlock(b, loc, inner, numPanels, indexConst(b, loc, p));
    auto aPanel = broadcastPanel(aLocal, start, {rows, width}, 1, rowTeam);
    auto bPanel = broadcastPanel(bLocal, start, {width, columns}, 0, columnTeam);
    distruntime::WaitOp::create(b, loc, aPanel.getHandle());
    distruntime::WaitOp::create(b, loc, bPanel.getHandle());
    c = linalg::MatmulOp::create(
            b, loc, ValueRange{aPanel.getPanel(), bPanel.getPanel()}, c)
            .getResult(0);
  }
  return c;
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
    switch (chooseMatmulAlgorithm(aType, bType, cType)) {
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
      c.local = tensor::ExtractSliceOp::create(
          rewriter, loc, cType.getLocalType(), full, ofrOffsets, ofrSizes,
          strides);
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
