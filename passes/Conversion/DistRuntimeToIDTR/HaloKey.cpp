//===- HaloKey.cpp - the runtime's key of a 1-D halo exchange -------------===//
//
// Recognizes the constant halo widths in the IR of a bounding box (see
// HaloKey.h) by walking back through the clamps and constant offsets that
// the dist and shard lowerings build around the local part's offset.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistRuntimeToIDTR/HaloKey.h"

#include "passes/Conversion/DistRuntimeToIDTR/IDTRCallBuilder.h"
#include "runtime/include/idtr/idtr.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::distruntime;

namespace mlir::distc::idtr_lowering {

namespace {

/// (std::nullopt if the offsets overflow).
std::optional<std::pair<Value, int64_t>> splitOffset(Value v) {
  int64_t offset = 0;
  while (true) {
    std::optional<int64_t> c;
    Value base;
    if (auto add = v.getDefiningOp<arith::AddIOp>()) {
      if ((c = getConstantIntValue(add.getRhs())))
        base = add.getLhs();
      else if ((c = getConstantIntValue(add.getLhs())))
        base = add.getRhs();
    } else if (auto sub = v.getDefiningOp<arith::SubIOp>()) {
      if ((c = getConstantIntValue(sub.getRhs())) && *c != INT64_MIN) {
        base = sub.getLhs();
        c = -*c;
      }
    }
    if (!base)
      return std::make_pair(v, offset);
    if (llvm::AddOverflow(offset, *c, offset))
      return std::nullopt;
    v = base;
  }
}

/// `v` without an outer clamp `Clamp(v, bound)` (either operand order),
/// where `isBound` recognises the bound.
template <typename Clamp>
Value stripClamp(Value v, llvm::function_ref<bool(Value)> isBound) {
  if (auto clamp = v.getDefiningOp<Clamp>()) {
    if (isBound(clamp.getRhs()))
      return clamp.getLhs();
    if (isBound(clamp.getLhs()))
      return clamp.getRhs();
  }
  return v;
}

} // namespace

std::optional<std::pair<int64_t, int64_t>> staticHaloWidths(UpdateHaloOp op) {
  if (op.getBbOffsets().empty() || op.getLOffsets().empty() ||
      op.getGShape().empty())
    return std::nullopt;
  Value own = op.getLOffsets()[0], rows0 = op.getGShape()[0];
  auto isZero = [](Value v) { return isConstantIntValue(v, 0); };
  auto isRows0 = [&](Value v) {
    std::optional<int64_t> c = getConstantIntValue(v);
    return v == rows0 || (c && c == getConstantIntValue(rows0));
  };
  Value begin = op.getBbOffsets()[0];
  std::optional<std::pair<Value, int64_t>> lo =
      splitOffset(stripClamp<arith::MaxSIOp>(begin, isZero));
  if (!lo || lo->first != own || lo->second > 0)
    return std::nullopt;
  // bb_sizes[0] = max(end - begin, 0) with end = min(own + rows + high, n).
  auto size =
      stripClamp<arith::MaxSIOp>(op.getBbSizes()[0], isZero).getDefiningOp<arith::SubIOp>();
  if (!size || size.getRhs() != begin)
    return std::nullopt;
  std::optional<std::pair<Value, int64_t>> hi =
      splitOffset(stripClamp<arith::MinSIOp>(size.getLhs(), isRows0));
  if (!hi)
    return std::nullopt;
  // The local part's rows: its tensor.dim, or the size of the slice that
  // made it (what the shard lowering passes).
  auto isLocalRows = [&](Value v) {
    if (auto dim = v.getDefiningOp<tensor::DimOp>())
      return dim.getSource() == op.getLArray() &&
             isConstantIntValue(dim.getIndex(), 0);
    auto slice = op.getLArray().getDefiningOp<tensor::ExtractSliceOp>();
    return slice && slice.getSourceType().getRank() == slice.getType().getRank() &&
           llvm::dyn_cast_if_present<Value>(slice.getMixedSizes()[0]) == v;
  };
  int64_t high = hi->second;
  auto type = cast<ShapedType>(op.getLArray().getType());
  if (auto sum = hi->first.getDefiningOp<arith::AddIOp>()) {
    if (!((sum.getLhs() == own && isLocalRows(sum.getRhs())) ||
          (sum.getRhs() == own && isLocalRows(sum.getLhs()))))
      return std::nullopt;
  } else if (hi->first != own || type.isDynamicDim(0) ||
             llvm::SubOverflow(high, type.getDimSize(0), high)) {
    return std::nullopt;
  }
  if (high < 0)
    return std::nullopt;
  return std::make_pair(-lo->second, high);
}

int64_t haloKey(UpdateHaloOp op) {
  if (std::optional<int64_t> key = op.getKey())
    return *key;
  std::optional<std::pair<int64_t, int64_t>> widths = staticHaloWidths(op);
  if (!widths)
    return -1;
  std::string site = runtimeLocation(op).value_or("");
  return idtr_halo_key(static_cast<uint32_t>(llvm::xxh3_64bits(site)),
                       widths->first, widths->second);
}

} // namespace mlir::distc::idtr_lowering
