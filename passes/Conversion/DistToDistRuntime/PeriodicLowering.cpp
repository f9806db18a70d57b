//===- PeriodicLowering.cpp - dist.shift ... periodic (numpy roll) --------===//
//
// A periodic shift by `k` along a dimension is the concatenation of the
// slices `[k:]` and `[:k]` (numpy's negative bounds make the same formula
// hold for k < 0): each rank cuts both pieces out of its own block, and the
// concatenation moves them into the balanced blocks of the result. Along
// the split dimension that is two box copies (copy_reshape): a rank keeps
// most of its rows and receives the few it lacks from its neighbour, or at
// the ends of the array from the rank at the other end; nothing is gathered
// and no rank does work proportional to the global array. Along the other
// dimensions both pieces are already in place and the block is rotated
// locally. Dimensions are rolled one after the other. On a process grid
// the same holds for each split dimension: the copies move the few
// elements that cross a block edge of that grid axis.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"
#include "passes/Conversion/DistToDistRuntime/SliceLowering.h"

#include "dialect/Dist/SliceBounds.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::lowering;
using namespace mlir::dist;


/// Stops the program unless `|offset| <= size` or the dimension is empty:
/// the two slices express the roll only then (numpy would reduce the
/// offset modulo the size; stencils shift by a few elements). The wrapped
/// halo (Stencil.cpp) checks the same, so that both lowerings of a
/// periodic shift accept the same programs.
void mlir::distc::lowering::checkOffsetFits(OpBuilder &b, Location loc,
                                            Value size, int64_t offset,
                                            int64_t d) {
  int64_t magnitude = offset < 0 ? -offset : offset;
  if (std::optional<int64_t> c = getConstantIntValue(size))
    if (*c == 0 || magnitude <= *c)
      return;
  Value zero = indexConst(b, loc, 0);
  Value empty =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size, zero);
  Value fits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle,
                                     indexConst(b, loc, magnitude), size);
  Value ok = arith::OrIOp::create(b, loc, empty, fits);
  checkAtRunTime(b, loc, ok,
                 ("dist.shift: the periodic offset along dimension " +
                  Twine(d) + " exceeds the size")
                     .str(),
                 {indexConst(b, loc, offset), size});
}

namespace {

struct PeriodicShiftLowering : public DistPattern<ShiftOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(ShiftOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!op.getPeriodic())
      return failure();
    Location loc = op.getLoc();
    DistTensorType resultType = distType(op.getSource());
    DistTensorType type = resultType;
    DistParts current = parts(adaptor.getSource());
    SmallVector<Value> shape =
        knownShape(rewriter, loc, type, current.globalShape);
    int64_t rank = type.getRank();
    for (auto [d, offset] : llvm::enumerate(op.getOffsets())) {
      if (offset == 0)
        continue;
      checkOffsetFits(rewriter, loc, shape[d], offset, d);
      SmallVector<int64_t> lows(rank, 0), highs(rank, kSliceEnd),
          steps(rank, 1);
      SmallVector<DistParts> pieces;
      SmallVector<DistTensorType> types;
      SmallVector<SmallVector<Value>> shapes;
      for (bool head : {true, false}) {
        lows[d] = head ? offset : 0;
        highs[d] = head ? kSliceEnd : offset;
        auto [piece, pieceType] = slicePieces(rewriter, loc, current, type,
                                              shape, lows, highs, steps);
        pieces.push_back(piece);
        types.push_back(pieceType);
        shapes.push_back(piece.globalShape);
      }
      current = concatParts(rewriter, loc, pieces, types, shapes, d, type);
      current.globalShape = shape;
      // The concatenation leaves balanced blocks (of an irregular source's
      // split too): the next dimension's pieces are in place unless split.
      type = type.withGrid(type.getGrid(), type.getSplitDims(),
                           /*balanced=*/true);
    }
    current.local = castTo(rewriter, loc, current.local,
                           resultType.getLocalType());
    replace(rewriter, op, current);
    return success();
  }
};

} // namespace

void mlir::distc::lowering::populatePeriodicPatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<PeriodicShiftLowering>(converter, patterns.getContext());
}
