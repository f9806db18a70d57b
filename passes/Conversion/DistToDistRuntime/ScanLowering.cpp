//===- ScanLowering.cpp - dist.scan ---------------------------------------===//
//
// A scan scans every block locally, slice by slice; along a split
// dimension it starts from the totals of the blocks before it, combined
// with one allreduce of block totals among the ranks that hold the line of
// the array: the team for the 1-D split, the sub-grid team of the grid
// axis on a process grid.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"
#include "passes/Conversion/DistToDistRuntime/Reductions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::lowering;
using namespace mlir::dist;

namespace {

/// The start of a scan: the identity, but -0.0 for a float sum, which
/// leaves every value unchanged (+0.0 would turn a leading -0.0 into +0.0,
/// where numpy's cumsum keeps it).
Value scanIdentity(OpBuilder &b, Location loc, ReduceKind kind, Type type) {
  if (auto floatType = dyn_cast<FloatType>(type); floatType &&
                                                  kind == ReduceKind::sum)
    return arith::ConstantFloatOp::create(
        b, loc, floatType,
        APFloat::getZero(floatType.getFloatSemantics(), /*Negative=*/true));
  return identity(b, loc, kind, type);
}

/// The slice of `tensor` at index `k` of dimension `axis`, without that
/// dimension, and the offsets/sizes/strides that address it.
struct AxisSlice {
  SmallVector<OpFoldResult> offsets, sizes, strides;
  RankedTensorType type;
};
AxisSlice axisSlice(OpBuilder &b, Location loc, Value tensor, int64_t axis,
                    Value k) {
  auto type = cast<RankedTensorType>(tensor.getType());
  AxisSlice slice;
  SmallVector<int64_t> shape;
  SmallVector<Value> sizes = tensorSizes(b, loc, tensor);
  for (auto [d, size] : llvm::enumerate(sizes)) {
    bool atAxis = static_cast<int64_t>(d) == axis;
    slice.offsets.push_back(atAxis ? OpFoldResult(k) : b.getIndexAttr(0));
    // Static sizes as attributes: the slice type must then be static too.
    slice.sizes.push_back(
        atAxis ? OpFoldResult(b.getIndexAttr(1))
        : type.isDynamicDim(d) ? OpFoldResult(size)
                               : OpFoldResult(b.getIndexAttr(type.getDimSize(d))));
    slice.strides.push_back(b.getIndexAttr(1));
    if (!atAxis)
      shape.push_back(type.getDimSize(d));
  }
  slice.type = RankedTensorType::get(shape, type.getElementType());
  return slice;
}

Value extractAt(OpBuilder &b, Location loc, Value tensor, int64_t axis,
                Value k) {
  AxisSlice s = axisSlice(b, loc, tensor, axis, k);
  return tensor::ExtractSliceOp::create(b, loc, s.type, tensor, s.offsets,
                                        s.sizes, s.strides);
}

Value insertAt(OpBuilder &b, Location loc, Value slice, Value dest,
               int64_t axis, Value k) {
  AxisSlice s = axisSlice(b, loc, dest, axis, k);
  return tensor::InsertSliceOp::create(b, loc, slice, dest, s.offsets, s.sizes,
                                       s.strides);
}

/// `acc (+) next` element by element, written into `acc`'s tensor.
Value combineInto(OpBuilder &b, Location loc, ReduceKind kind, Value acc,
                  Value next) {
  int64_t rank = cast<RankedTensorType>(acc.getType()).getRank();
  SmallVector<AffineMap> maps(2, b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, TypeRange{acc.getType()}, ValueRange{next},
             ValueRange{acc}, maps, iterators,
             [&](OpBuilder &nb, Location nl, ValueRange args) {
               linalg::YieldOp::create(nb, nl,
                                       combine(nb, nl, kind, args[1], args[0]));
             })
      .getResult(0);
}

/// A tensor of `type` (sizes `sizes`) filled with `value`.
Value filledTensor(OpBuilder &b, Location loc, RankedTensorType type,
                   ArrayRef<Value> sizes, Value value) {
  return linalg::FillOp::create(b, loc, value, emptyTensor(b, loc, type, sizes))
      .getResult(0);
}

/// This rank's block `local` scanned along `axis`, slice by slice with an
/// scf.for, from the identity or, when the blocks along `axis` are spread
/// over the members of team `across` (consecutive blocks on consecutive
/// members), from the combined totals of the members before this one.
/// Those come from one allreduce on `across` of a [members x slice] tensor
/// in which each member fills its own row with its block's total and the
/// others with the identity (an allgather by allreduce: the slices are
/// small, one element for a 1-D scan).
Value scanBlock(OpBuilder &b, Location loc, ReduceKind kind, Value local,
                int64_t axis, std::optional<int64_t> across) {
  auto localType = cast<RankedTensorType>(local.getType());
  Type element = localType.getElementType();
  SmallVector<Value> sizes = tensorSizes(b, loc, local);
  SmallVector<Value> sliceSizes(sizes);
  sliceSizes.erase(sliceSizes.begin() + axis);
  SmallVector<int64_t> sliceShape(localType.getShape());
  sliceShape.erase(sliceShape.begin() + axis);
  auto sliceType = RankedTensorType::get(sliceShape, element);
  Value c0 = indexConst(b, loc, 0), c1 = indexConst(b, loc, 1);
  Value start = filledTensor(b, loc, sliceType, sliceSizes,
                             scanIdentity(b, loc, kind, element));

  if (across) {
    Value total = reduceLocal(b, loc, kind, local, {axis});
    Value members = teamSize(b, loc, *across);
    Value me = teamMember(b, loc, *across);
    SmallVector<int64_t> slotsShape{ShapedType::kDynamic};
    slotsShape.append(sliceShape);
    SmallVector<Value> slotsSizes{members};
    slotsSizes.append(sliceSizes);
    Value slots = filledTensor(b, loc,
                               RankedTensorType::get(slotsShape, element),
                               slotsSizes, scanIdentity(b, loc, kind, element));
    slots = insertAt(b, loc, castTo(b, loc, total, sliceType), slots, 0, me);
    Value totals = allReduce(b, loc, kind, slots, *across);
    auto before = scf::ForOp::create(
        b, loc, c0, me, c1, ValueRange{start},
        [&](OpBuilder &nb, Location nl, Value q, ValueRange iter) {
          Value next = extractAt(nb, nl, totals, 0, q);
          scf::YieldOp::create(nb, nl,
                               combineInto(nb, nl, kind, iter[0], next));
        });
    start = before.getResult(0);
  }

  Value result = emptyTensor(b, loc, localType, sizes);
  auto scan = scf::ForOp::create(
      b, loc, c0, sizes[axis], c1, ValueRange{start, result},
      [&](OpBuilder &nb, Location nl, Value k, ValueRange iter) {
        Value next = extractAt(nb, nl, local, axis, k);
        Value acc = combineInto(nb, nl, kind, iter[0], next);
        Value written = insertAt(nb, nl, acc, iter[1], axis, k);
        scf::YieldOp::create(nb, nl, ValueRange{acc, written});
      });
  return scan.getResult(1);
}

/// A scan along `axis` (scanBlock). Along a dimension that is not split,
/// every rank scans its block alone. Along the 1-D split dimension the scan
/// runs across the team. Along a dimension split over grid axis g, the
/// blocks of one line of the array are held by the ranks that differ only
/// along g, numbered by their coordinate along g: the scan runs across that
/// sub-grid team (defineGridAxesTeam), so the allreduce involves the g
/// extent of ranks, not the team, and carries one slice of the block per
/// rank of the line. Irregular blocks scan the same way (contiguous, in
/// coordinate order). On a grid whose sub-grid teams have no id (extents
/// of 4096 or more, more than four axes) the blocks are moved to rows of
/// another dimension, scanned there and fetched back.
struct ScanLowering : public DistPattern<ScanOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(ScanOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    OpBuilder &b = rewriter;
    Location loc = op.getLoc();
    DistTensorType type = distType(op.getSource());
    DistParts source = parts(adaptor.getSource());
    ReduceKind kind = op.getKind();
    int64_t axis = op.getAxis();
    // The grid axis the scanned dimension is split over; 0 for the 1-D
    // split dimension, -1 if it is not split.
    int64_t gridAxis = type.getGridAxisOf(axis);
    std::optional<int64_t> across;
    if (gridAxis >= 0)
      across = type.getGrid().size() <= 1
                   ? std::optional<int64_t>(type.getTeam())
                   : defineGridAxesTeam(b, loc, type, {gridAxis});
    Value scanned;
    if (gridAxis < 0 || across) {
      scanned = scanBlock(b, loc, kind, source.local, axis, across);
    } else {
      DistTensorType rows = type.withPartition(axis == 0 ? 1 : 0, true);
      DistParts moved =
          redistribute(b, loc, source, type, rows, source.globalShape);
      moved.local = scanBlock(b, loc, kind, moved.local, axis, std::nullopt);
      scanned = castTo(b, loc,
                       fetchBox(b, loc, moved, rows, source.offsets,
                                tensorSizes(b, loc, source.local)),
                       source.local.getType());
    }
    replace(rewriter, op, {scanned, source.globalShape, source.offsets});
    return success();
  }
};

} // namespace

void mlir::distc::lowering::populateScanPatterns(TypeConverter &converter,
                                                 RewritePatternSet &patterns) {
  patterns.add<ScanLowering>(converter, patterns.getContext());
}
