//===- GroupShifts.cpp - one halo exchange per shifted tensor -------------===//

#include "passes/Conversion/DistToDistRuntime/GroupShifts.h"
#include "passes/Conversion/DistToDistRuntime/DistLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::dist;

namespace {

/// Block, source, fill (null for periodic shifts) and periodicity.
using ShiftGroups = llvm::MapVector<std::tuple<Block *, Value, Value, int>,
                                    SmallVector<ShiftOp>>;

/// Whether a periodic shift becomes a halo (a wrapped dist.extend):
/// update_grid_halo computes the neighbours' blocks with the balanced
/// formula. The others stay rolls (PeriodicLowering.cpp): irregular
/// partitions (of grids too), complex and 16-bit float elements.
bool periodicAsHalo(ShiftOp shift) {
  auto type = cast<DistTensorType>(shift.getSource().getType());
  // Complex (the fill placeholder would need complex.constant) and 16-bit
  // floats (a static-shape fold fails on their halo, to be investigated)
  // stay rolls.
  return type.getBalanced() &&
         !isa<ComplexType, Float16Type, BFloat16Type>(type.getElementType());
}

/// The shifts under `root` grouped by block, source and fill, leaving out
/// those whose source is itself a shift: their group key must be the value
/// that replaces the inner shift, which exists only once the inner group
/// is rewritten (keying on the inner shift's result would leave the key
/// dangling when that shift is erased).
ShiftGroups collectReadyShifts(Operation *root) {
  ShiftGroups groups;
  root->walk([&](ShiftOp shift) {
    if ((shift.getPeriodic() && !periodicAsHalo(shift)) ||
        shift.getSource().getDefiningOp<ShiftOp>())
      return;
    groups[{shift->getBlock(), shift.getSource(), shift.getFill(),
            static_cast<int>(shift.getPeriodic())}]
        .push_back(shift);
  });
  return groups;
}

void rewriteGroups(ShiftGroups &groups) {
  for (auto &[key, shifts] : groups) {
    auto [block, source, fill, periodic] = key;
    auto type = cast<DistTensorType>(source.getType());
    int64_t rank = type.getRank();
    SmallVector<int64_t> low(rank, 0), high(rank, 0);
    for (ShiftOp shift : shifts)
      for (auto [d, offset] : llvm::enumerate(shift.getOffsets())) {
        low[d] = std::max<int64_t>(low[d], -offset);
        high[d] = std::max<int64_t>(high[d], offset);
      }
    ShiftOp first = *llvm::min_element(
        shifts, [](ShiftOp a, ShiftOp b) { return a->isBeforeInBlock(b); });

    OpBuilder b(first);
    Location loc = first.getLoc();
    RankedTensorType localType = type.getLocalType();
    SmallVector<int64_t> extShape(localType.getShape());
    for (int64_t d = 0; d < rank; ++d)
      if (!ShapedType::isDynamic(extShape[d]))
        extShape[d] += low[d] + high[d];
    auto extType = RankedTensorType::get(extShape, type.getElementType());
    Value local = LocalOp::create(b, loc, localType, source);
    // A periodic extension reads no fill; the op still carries one.
    if (periodic)
      fill = arith::ConstantOp::create(
          b, loc, cast<TypedAttr>(b.getZeroAttr(type.getElementType())));
    Value extended = ExtendOp::create(b, loc, extType, source, low, high,
                                      fill, periodic);

    for (ShiftOp shift : shifts) {
      b.setInsertionPoint(shift);
      SmallVector<OpFoldResult> offsets, strides;
      SmallVector<OpFoldResult> sizes =
          tensor::getMixedSizes(b, shift.getLoc(), local);
      for (int64_t d = 0; d < rank; ++d) {
        offsets.push_back(b.getIndexAttr(low[d] + shift.getOffsets()[d]));
        strides.push_back(b.getIndexAttr(1));
      }
      Value view = tensor::ExtractSliceOp::create(
          b, shift.getLoc(), localType, extended, offsets, sizes, strides);
      Value result = WithLocalOp::create(b, shift.getLoc(), type, source, view);
      shift.replaceAllUsesWith(result);
      shift.erase();
    }
  }
}

} // namespace

void mlir::distc::groupShiftsIntoExtends(Operation *root) {
  // Shifts of shifts (of shifts ...) are rewritten one level per round,
  // innermost first; each round removes at least one shift.
  for (ShiftGroups groups = collectReadyShifts(root); !groups.empty();
       groups = collectReadyShifts(root))
    rewriteGroups(groups);
}

std::optional<ShiftedSlice> mlir::distc::matchShiftedSlice(Value value) {
  auto withLocal = value.getDefiningOp<WithLocalOp>();
  if (!withLocal)
    return std::nullopt;
  auto slice = withLocal.getLocal().getDefiningOp<tensor::ExtractSliceOp>();
  if (!slice)
    return std::nullopt;
  auto extend = slice.getSource().getDefiningOp<ExtendOp>();
  if (!extend || extend.getSource() != withLocal.getLike() ||
      !slice.hasUnitStride() ||
      ShapedType::isDynamicShape(slice.getStaticOffsets()))
    return std::nullopt;
  ShiftedSlice result{extend, {}};
  for (auto [d, offset] : llvm::enumerate(slice.getStaticOffsets())) {
    int64_t shift = offset - extend.getLow()[d];
    if (shift < -extend.getLow()[d] || shift > extend.getHigh()[d])
      return std::nullopt;
    result.shift.push_back(shift);
  }
  return result;
}
