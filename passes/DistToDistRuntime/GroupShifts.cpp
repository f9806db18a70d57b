//===- GroupShifts.cpp - one halo exchange per shifted tensor -------------===//

#include "passes/DistToDistRuntime/GroupShifts.h"
#include "passes/DistToDistRuntime/DistLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::dist;

void mlir::distc::groupShiftsIntoExtends(Operation *root) {
  using Key = std::tuple<Block *, Value, Value>;
  llvm::MapVector<Key, SmallVector<ShiftOp>> groups;
  root->walk([&](ShiftOp shift) {
    groups[{shift->getBlock(), shift.getSource(), shift.getFill()}].push_back(
        shift);
  });

  for (auto &[key, shifts] : groups) {
    auto [block, source, fill] = key;
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
    Value extended =
        ExtendOp::create(b, loc, extType, source, low, high, fill);

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
