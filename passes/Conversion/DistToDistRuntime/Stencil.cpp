//===- Stencil.cpp - halo exchange and interior/frame stencil sweeps ------===//
//
// See Stencil.h. Boxes are per-dimension half-open ranges of index values;
// every size is computed at run time (clamped so that a rank whose part is
// smaller than the stencil, or empty, still gets valid, possibly empty,
// slices) and folds to constants where shapes are static.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/Stencil.h"
#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"

#include "dialect/DistRuntime/DistRuntime.h"
#include "passes/IndexArith.h"
#include "passes/Passes.h"
#include "runtime/include/idtr/detail/GridHaloSlabs.h"
#include "runtime/include/idtr/detail/HaloRows.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <numeric>

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::dist;

namespace {

Value add(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::AddIOp::create(b, loc, x, y);
}
Value sub(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::SubIOp::create(b, loc, x, y);
}
Value min(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::MinSIOp::create(b, loc, x, y);
}
Value max(OpBuilder &b, Location loc, Value x, Value y) {
  return arith::MaxSIOp::create(b, loc, x, y);
}
/// `x` clamped to [lo, hi] (lo <= hi).
Value clamp(OpBuilder &b, Location loc, Value x, Value lo, Value hi) {
  return min(b, loc, max(b, loc, x, lo), hi);
}

/// A half-open range [begin, end) per dimension.
struct Box {
  SmallVector<Value> begin, end;

  SmallVector<Value> sizes(OpBuilder &b, Location loc) const {
    SmallVector<Value> result;
    for (auto [lo, hi] : llvm::zip(begin, end))
      result.push_back(sub(b, loc, hi, lo));
    return result;
  }
};

SmallVector<OpFoldResult> foldResults(ArrayRef<Value> values) {
  return SmallVector<OpFoldResult>(values.begin(), values.end());
}

SmallVector<OpFoldResult> unitStrides(OpBuilder &b, int64_t rank) {
  return SmallVector<OpFoldResult>(rank, b.getIndexAttr(1));
}

RankedTensorType dynamicTensor(int64_t rank, Type elementType) {
  return RankedTensorType::get(SmallVector<int64_t>(rank, ShapedType::kDynamic),
                               elementType);
}

Value extractBox(OpBuilder &b, Location loc, Value tensor,
                 ArrayRef<Value> offsets, ArrayRef<Value> sizes) {
  auto type = cast<RankedTensorType>(tensor.getType());
  return tensor::ExtractSliceOp::create(
      b, loc, dynamicTensor(type.getRank(), type.getElementType()), tensor,
      foldResults(offsets), foldResults(sizes), unitStrides(b, type.getRank()));
}

Value insertBox(OpBuilder &b, Location loc, Value part, Value into,
                ArrayRef<Value> offsets) {
  int64_t rank = cast<RankedTensorType>(part.getType()).getRank();
  return tensor::InsertSliceOp::create(b, loc, part, into, foldResults(offsets),
                                       tensor::getMixedSizes(b, loc, part),
                                       unitStrides(b, rank));
}

/// Copies the part of `part` (placed at `origin` in the coordinates of
/// `window`, which covers `box`) that lies inside `box` into `window`.
Value insertClipped(OpBuilder &b, Location loc, Value part,
                    ArrayRef<Value> origin, const Box &box, Value window) {
  SmallVector<Value> partSizes = tensorSizes(b, loc, part);
  SmallVector<Value> from, sizes, to;
  Value zero = indexConst(b, loc, 0);
  for (size_t d = 0; d < origin.size(); ++d) {
    Value partEnd = add(b, loc, origin[d], partSizes[d]);
    Value lo = clamp(b, loc, box.begin[d], origin[d], partEnd);
    Value hi = clamp(b, loc, box.end[d], lo, partEnd);
    from.push_back(sub(b, loc, lo, origin[d]));
    sizes.push_back(sub(b, loc, hi, lo));
    // Exact when the intersection is not empty; otherwise any valid offset.
    to.push_back(clamp(b, loc, sub(b, loc, lo, box.begin[d]), zero,
                       sub(b, loc, box.end[d], box.begin[d])));
  }
  return insertBox(b, loc, extractBox(b, loc, part, from, sizes), window, to);
}

/// Whether `value` is (a conversion of) an argument of a public function.
/// Such a function returns copies of the buffers it was given (its results
/// are owned by the caller, and its signature is the module's C ABI), so
/// updating one in place would add a copy instead of saving a buffer.
bool isPublicFunctionArgument(Value value) {
  while (auto cast = value.getDefiningOp<UnrealizedConversionCastOp>()) {
    if (cast->getNumOperands() == 0)
      return false;
    value = cast->getOperand(0);
  }
  auto arg = dyn_cast<BlockArgument>(value);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return false;
  auto function = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  return function && !function.isPrivate();
}

/// The plain operand a stencil accumulates into (the first of the result's
/// type that is not also read through a halo), or -1.
int64_t accumulatorOperand(ArrayRef<StencilOperand> operands,
                           RankedTensorType resultType) {
  for (auto [index, operand] : llvm::enumerate(operands)) {
    if (operand.part || operand.local.getType() != resultType ||
        isPublicFunctionArgument(operand.local))
      continue;
    Value local = operand.local;
    if (llvm::any_of(operands, [&](const StencilOperand &other) {
          return other.part && other.part->local == local;
        }))
      continue;
    return static_cast<int64_t>(index);
  }
  return -1;
}

Value fillTensor(OpBuilder &b, Location loc, Value fill,
                 ArrayRef<Value> sizes) {
  Value empty =
      emptyTensor(b, loc, dynamicTensor(sizes.size(), fill.getType()), sizes);
  return linalg::FillOp::create(b, loc, fill, empty).getResult(0);
}

} // namespace

bool mlir::distc::usesGridHalo(DistTensorType type, ArrayRef<int64_t> low,
                               ArrayRef<int64_t> high, int64_t periodic) {
  // Wrapped halos come from update_grid_halo, also along unsplit
  // dimensions (the wrapped elements are this rank's own).
  if (periodic != 0)
    return true;
  if (!type.isGrid() && type.getSplit() == 0)
    return false;
  return llvm::any_of(type.getSplitDims(), [&](int64_t d) {
    return low[d] != 0 || high[d] != 0;
  });
}

int64_t mlir::distc::numGridSlabs(ArrayRef<int64_t> low,
                                  ArrayRef<int64_t> high) {
  return llvm::count_if(low, [](int64_t w) { return w != 0; }) +
         llvm::count_if(high, [](int64_t w) { return w != 0; });
}

void mlir::distc::gridSlabBoxes(OpBuilder &b, Location loc,
                                const DistParts &source, ArrayRef<int64_t> low,
                                ArrayRef<int64_t> high, int64_t periodic,
                                bool corners,
                                std::vector<SmallVector<Value>> &origins,
                                std::vector<SmallVector<Value>> &sizes) {
  int rank = static_cast<int>(source.rank());
  IndexArith arith{b, loc};
  SmallVector<Value> localSizes = tensorSizes(b, loc, source.local);
  SmallVector<bool> wraps;
  for (int d = 0; d < rank; ++d)
    wraps.push_back(d < 63 && ((periodic >> d) & 1));
  for (int d = 0; d < rank; ++d)
    for (int side = 0; side < 2; ++side) {
      // A side of width 0 holds nothing (the runtime's halo buffer gives it
      // no bytes either). Leaving it out is not only cheaper: its slab would
      // fold to a static 0-sized tensor, and upstream's cast-into-subview
      // folding then builds a subview at offset 0 of a memref<0x..> that
      // the slice verifier rejects ("offset 0 is out-of-bounds: 0 >= 0").
      if ((side == 0 ? low[d] : high[d]) == 0)
        continue;
      SmallVector<Value> begin(rank), size(rank);
      idtr::detail::gridHaloSlab<Value>(
          rank, d, side, source.offsets.data(), localSizes.data(), low.data(),
          high.data(), source.globalShape.data(), wraps.data(), corners,
          begin.data(), size.data(), arith);
      // Extended coordinates: the local part starts at `low`.
      SmallVector<Value> origin;
      for (int e = 0; e < rank; ++e)
        origin.push_back(add(b, loc, sub(b, loc, begin[e], source.offsets[e]),
                             indexConst(b, loc, low[e])));
      origins.push_back(std::move(origin));
      sizes.push_back(std::move(size));
    }
}

namespace {

/// update_grid_halo of `source` and the slabs of its halo buffer.
void exchangeGridHalo(OpBuilder &b, Location loc, const DistParts &source,
                      DistTensorType type, HaloedPart &part) {
  int64_t rank = type.getRank();
  SmallVector<Value> extents;
  SmallVector<int64_t> split;
  if (type.isGrid()) {
    extents = gridExtents(b, loc, type);
    llvm::append_range(split, type.getGridSplit());
  } else {
    extents.push_back(teamSize(b, loc, type.getTeam()));
    split.push_back(type.getSplit());
  }
  std::vector<SmallVector<Value>> sizes;
  gridSlabBoxes(b, loc, source, part.low, part.high, part.periodic,
                part.corners, part.slabOrigins, sizes);
  SmallVector<Value> volumes;
  Value total = indexConst(b, loc, 0);
  for (ArrayRef<Value> size : sizes) {
    Value volume = indexConst(b, loc, 1);
    for (Value s : size)
      volume = arith::MulIOp::create(b, loc, volume, s);
    volumes.push_back(volume);
    total = add(b, loc, total, volume);
  }
  auto flatType = RankedTensorType::get({ShapedType::kDynamic}, type.getElementType());
  auto halo = distruntime::UpdateGridHaloOp::create(
      b, loc, TypeRange{distruntime::AsyncHandleType::get(b.getContext()), flatType},
      source.local, source.globalShape, source.offsets, extents, total,
      b.getI64IntegerAttr(type.getTeam()), b.getDenseI64ArrayAttr(split),
      b.getDenseI64ArrayAttr(part.low), b.getDenseI64ArrayAttr(part.high),
      b.getI64IntegerAttr(part.periodic), b.getBoolAttr(part.corners),
      IntegerAttr());
  // The overlap pass moves the wait down to the first use of the slabs.
  distruntime::WaitOp::create(b, loc, halo.getHandle());
  Value at = indexConst(b, loc, 0);
  auto slabType = dynamicTensor(rank, type.getElementType());
  for (auto [volume, size] : llvm::zip(volumes, sizes)) {
    Value flat = extractBox(b, loc, halo.getHalo(), {at}, {volume});
    Value slab = flat;
    // tensor.reshape, not expand_shape: expand-strided-metadata crashes on
    // the memref.expand_shape of a dynamic 1-D subview (LLVM 22); the
    // reshape of a slab (a few rows or columns) may copy it.
    if (rank > 1) {
      Value shape = tensor::FromElementsOp::create(
          b, loc, RankedTensorType::get({rank}, b.getIndexType()), size);
      slab = tensor::ReshapeOp::create(b, loc, slabType, flat, shape);
    }
    part.slabs.push_back(slab);
    at = add(b, loc, at, volume);
  }
}

/// The slabs of an irregular partition's halo (a grid, or a 1-D split
/// other than 0): update_grid_halo computes every rank's block with the
/// balanced formula, so instead this rank fetches its extended box (clipped
/// to the array, corners included) with one copy_reshape from whatever
/// boxes the ranks hold, and cuts the slabs out of it. It costs a local
/// copy of the block on top of the halo, and the plan agreement of an
/// irregular copy (one allgather at the first call).
void fetchIrregularHalo(OpBuilder &b, Location loc, const DistParts &source,
                        DistTensorType type, HaloedPart &part) {
  int64_t rank = type.getRank();
  IndexArith arith{b, loc};
  SmallVector<Value> localSizes = tensorSizes(b, loc, source.local);
  SmallVector<Value> begin, sizes;
  for (int64_t d = 0; d < rank; ++d) {
    idtr::detail::RowRange<Value> ext = idtr::detail::extendedRange(
        source.offsets[d], localSizes[d], part.low[d], part.high[d],
        source.globalShape[d], /*periodic=*/false, arith);
    begin.push_back(ext.begin);
    sizes.push_back(ext.rows);
  }
  Value box = lowering::fetchBox(b, loc, source, type, begin, sizes);
  std::vector<SmallVector<Value>> slabSizes;
  gridSlabBoxes(b, loc, source, part.low, part.high, /*periodic=*/0,
                part.corners, part.slabOrigins, slabSizes);
  for (auto [origin, size] : llvm::zip(part.slabOrigins, slabSizes)) {
    // Extended coordinates -> global -> the fetched box's.
    SmallVector<Value> at;
    for (int64_t d = 0; d < rank; ++d)
      at.push_back(sub(b, loc,
                       add(b, loc,
                           sub(b, loc, origin[d],
                               indexConst(b, loc, part.low[d])),
                           source.offsets[d]),
                       begin[d]));
    part.slabs.push_back(extractBox(b, loc, box, at, size));
  }
}

} // namespace

HaloedPart mlir::distc::exchangeHalos(OpBuilder &b, Location loc,
                                      const DistParts &source,
                                      DistTensorType type,
                                      ArrayRef<int64_t> low,
                                      ArrayRef<int64_t> high, Value fill,
                                      int64_t periodic, bool corners) {
  HaloedPart part;
  part.local = source.local;
  part.low.assign(low.begin(), low.end());
  part.high.assign(high.begin(), high.end());
  part.fill = fill;
  part.periodic = periodic;
  part.corners = corners;
  // The widths are the largest offsets of the shifts sharing the halo.
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (d < 63 && ((periodic >> d) & 1)) {
      lowering::checkOffsetFits(b, loc, source.globalShape[d], -low[d], d);
      lowering::checkOffsetFits(b, loc, source.globalShape[d], high[d], d);
    }
  if (usesGridHalo(type, low, high, periodic)) {
    // A wrapped halo needs balanced blocks (the verifiers).
    if (!type.getBalanced() && periodic == 0)
      fetchIrregularHalo(b, loc, source, type, part);
    else
      exchangeGridHalo(b, loc, source, type, part);
    return part;
  }
  // Along unsplit dimensions (a grid's, or dimension 0 of another split)
  // the elements beyond the block are outside the array, i.e. the fill.
  if ((low[0] == 0 && high[0] == 0) || type.isGrid() || type.getSplit() != 0)
    return part;
  int64_t rank = type.getRank();
  IndexArith arith{b, loc};
  // Rows [own - low, own + rows + high) clipped to the array, all columns:
  // the runtime derives the halos from this box with the same header.
  Value rows = tensor::DimOp::create(b, loc, source.local, 0);
  idtr::detail::RowRange<Value> box = idtr::detail::haloBox(
      source.offsets[0], rows, low[0], high[0], source.globalShape[0], arith);
  SmallVector<Value> bbOffsets(rank, arith.zero()), bbSizes(source.globalShape);
  bbOffsets[0] = box.begin;
  bbSizes[0] = box.rows;
  auto haloType = dynamicTensor(rank, type.getElementType());
  auto halo = distruntime::UpdateHaloOp::create(
      b, loc,
      TypeRange{distruntime::AsyncHandleType::get(b.getContext()), haloType,
                haloType},
      source.local, source.globalShape, source.offsets, bbOffsets, bbSizes,
      b.getI64IntegerAttr(type.getTeam()), IntegerAttr(),
      b.getDenseI64ArrayAttr({low[0], high[0]}), UnitAttr());
  // The overlap pass moves the wait down to the first use of the halos.
  distruntime::WaitOp::create(b, loc, halo.getHandle());
  part.lowHalo = halo.getLHalo();
  part.highHalo = halo.getRHalo();
  return part;
}

Value mlir::distc::extendedWindow(OpBuilder &b, Location loc,
                                  const HaloedPart &part, ArrayRef<Value> begin,
                                  ArrayRef<Value> sizes, bool thin,
                                  bool withHalos) {
  int64_t rank = part.low.size();
  Box window;
  for (int64_t d = 0; d < rank; ++d) {
    window.begin.push_back(begin[d]);
    window.end.push_back(add(b, loc, begin[d], sizes[d]));
  }
  // Where the local part and the halos are: one box, since the halos
  // continue the local part along dimension 0.
  SmallVector<Value> localSizes = tensorSizes(b, loc, part.local);
  SmallVector<Value> origin;
  Box covered;
  for (int64_t d = 0; d < rank; ++d) {
    origin.push_back(indexConst(b, loc, part.low[d]));
    covered.begin.push_back(origin[d]);
    covered.end.push_back(add(b, loc, origin[d], localSizes[d]));
  }
  if (!part.slabs.empty()) {
    // Grid slabs: the window filled whole, then the part and every slab
    // clipped to it (the slabs of dimension 0 hold the corners).
    Value result =
        emptyTensor(b, loc, dynamicTensor(rank, part.fill.getType()), sizes);
    auto fill = linalg::FillOp::create(b, loc, part.fill, result);
    if (thin)
      fill->setAttr(kColdAttrName, b.getUnitAttr());
    result = insertClipped(b, loc, part.local, origin, window, fill.getResult(0));
    if (withHalos)
      for (auto [slab, at] : llvm::zip(part.slabs, part.slabOrigins))
        result = insertClipped(b, loc, slab, at, window, result);
    return result;
  }
  bool halos = withHalos && part.lowHalo;
  Value lowRows, highRows;
  if (halos) {
    lowRows = tensor::DimOp::create(b, loc, part.lowHalo, 0);
    highRows = tensor::DimOp::create(b, loc, part.highHalo, 0);
    covered.begin[0] = sub(b, loc, origin[0], lowRows);
    covered.end[0] = add(b, loc, covered.end[0], highRows);
  }

  // Fill what is not covered, peeling one dimension at a time: the slabs
  // below and above the covered range in dimension d, across what is left
  // of the window. A thin window is filled whole instead: one loop nest
  // rather than 2 per dimension, for a few rows or columns of writes.
  Value result =
      emptyTensor(b, loc, dynamicTensor(rank, part.fill.getType()), sizes);
  if (thin) {
    auto fill = linalg::FillOp::create(b, loc, part.fill, result);
    // A few rows or columns: not worth vectorized loops.
    fill->setAttr(kColdAttrName, b.getUnitAttr());
    result = fill.getResult(0);
  } else {
    Box rest = window;
    for (int64_t d = 0; d < rank; ++d) {
      Value lo = clamp(b, loc, covered.begin[d], rest.begin[d], rest.end[d]);
      Value hi = clamp(b, loc, covered.end[d], lo, rest.end[d]);
      for (auto [from, to] :
           {std::pair{rest.begin[d], lo}, std::pair{hi, rest.end[d]}}) {
        Box slab = rest;
        slab.begin[d] = from;
        slab.end[d] = to;
        SmallVector<Value> at;
        for (int64_t e = 0; e < rank; ++e)
          at.push_back(sub(b, loc, slab.begin[e], window.begin[e]));
        result = insertBox(
            b, loc, fillTensor(b, loc, part.fill, slab.sizes(b, loc)), result,
            at);
      }
      rest.begin[d] = lo;
      rest.end[d] = hi;
    }
  }

  result = insertClipped(b, loc, part.local, origin, window, result);
  if (halos) {
    SmallVector<Value> lowAt(origin), highAt(origin);
    lowAt[0] = covered.begin[0];
    highAt[0] = add(b, loc, origin[0], localSizes[0]);
    result = insertClipped(b, loc, part.lowHalo, lowAt, window, result);
    result = insertClipped(b, loc, part.highHalo, highAt, window, result);
  }
  return result;
}

Value mlir::distc::elementwiseGeneric(OpBuilder &b, Location loc,
                                      ValueRange inputs, Value init,
                                      ArrayRef<Value> origin,
                                      ElementBodyFn body,
                                      int64_t initOperand) {
  auto initType = cast<RankedTensorType>(init.getType());
  int64_t rank = initType.getRank();
  SmallVector<AffineMap> maps(inputs.size() + 1,
                              b.getMultiDimIdentityMap(rank));
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{initType}, inputs, ValueRange{init}, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
        auto globalIndex = [&](OpBuilder &ib, int64_t d) -> Value {
          Value local = linalg::IndexOp::create(ib, nestedLoc, d);
          return add(ib, nestedLoc, local, origin[d]);
        };
        SmallVector<Value> operands(args.drop_back());
        if (initOperand >= 0)
          operands.insert(operands.begin() + initOperand, args.back());
        linalg::YieldOp::create(nested, nestedLoc,
                                body(nested, nestedLoc, operands, globalIndex));
      });
  return generic.getResult(0);
}

Value mlir::distc::splitElementwise(OpBuilder &b, Location loc,
                                    ArrayRef<StencilOperand> operands,
                                    RankedTensorType resultType,
                                    ArrayRef<Value> sizes,
                                    ArrayRef<Value> origin,
                                    ElementBodyFn body) {
  int64_t rank = resultType.getRank();
  Value zero = indexConst(b, loc, 0);
  // The interior [lowWidth, size - highWidth) reads no halo and no fill.
  SmallVector<int64_t> lowWidth(rank, 0), highWidth(rank, 0);
  for (const StencilOperand &operand : operands)
    for (auto [d, shift] : llvm::enumerate(operand.shift)) {
      lowWidth[d] = std::max<int64_t>(lowWidth[d], -shift);
      highWidth[d] = std::max<int64_t>(highWidth[d], shift);
    }
  Box interior;
  for (int64_t d = 0; d < rank; ++d) {
    Value lo = min(b, loc, indexConst(b, loc, lowWidth[d]), sizes[d]);
    Value hi = max(b, loc,
                   sub(b, loc, sizes[d], indexConst(b, loc, highWidth[d])), lo);
    interior.begin.push_back(lo);
    interior.end.push_back(hi);
  }

  // An accumulating stencil (`out = out + f(shifts of in)`) is built in
  // the buffer of the operand it accumulates into: every piece reads that
  // operand and writes the result at the same elements, so one-shot
  // bufferization can update it in place instead of allocating and
  // first-touching a new block per sweep (and, when the operand is still
  // read afterwards, copies it first). An operand whose halo this op also
  // reads does not qualify: the frame reads its edge after the interior
  // was written, and the halo exchange may still be sending it.
  int64_t accumulator = accumulatorOperand(operands, resultType);
  Value result = accumulator < 0 ? emptyTensor(b, loc, resultType, sizes)
                                 : operands[accumulator].local;
  // Computes the op on `box` (result coordinates) into `result`.
  // `peeled`: the dimension a frame slab lies across, -1 for the interior.
  auto compute = [&](const Box &box, int64_t peeled) {
    bool isInterior = peeled < 0;
    SmallVector<Value> boxSizes = box.sizes(b, loc);
    SmallVector<Value> inputs;
    llvm::SmallDenseMap<const HaloedPart *, Value> windows;
    for (auto [index, operand] : llvm::enumerate(operands)) {
      // The accumulator is read through the piece being written (below).
      if (static_cast<int64_t>(index) == accumulator)
        continue;
      if (!operand.part) {
        inputs.push_back(
            extractBox(b, loc, operand.local, box.begin, boxSizes));
        continue;
      }
      const HaloedPart &part = *operand.part;
      SmallVector<Value> offsets;
      if (isInterior) {
        // A view of the local part at a constant offset (the interior
        // starts at lowWidth): the views of one operand then differ from
        // each other by constants, which LLVM folds into one base pointer
        // per row instead of one live pointer per shift.
        for (int64_t d = 0; d < rank; ++d)
          offsets.push_back(
              indexConst(b, loc, lowWidth[d] + operand.shift[d]));
        inputs.push_back(extractBox(b, loc, part.local, offsets, boxSizes));
        continue;
      }
      // The window of the extended tensor this box reads (one per extended
      // tensor: every shift of it reads the same window), then the view of
      // the shift inside it (extended[x + low + shift]).
      Value &window = windows[&part];
      if (!window) {
        SmallVector<Value> windowSizes;
        for (int64_t d = 0; d < rank; ++d)
          windowSizes.push_back(
              add(b, loc, boxSizes[d],
                  indexConst(b, loc, part.low[d] + part.high[d])));
        // Only slabs across dimension 0 read halo rows: the others span
        // the interior rows, whose neighbours are all in the local part.
        // (Grid slabs are clipped to the window: each frame slab takes
        // the ones it meets.)
        window = extendedWindow(b, loc, part, box.begin, windowSizes,
                                /*thin=*/true,
                                /*withHalos=*/peeled == 0 || !part.slabs.empty());
      }
      for (int64_t d = 0; d < rank; ++d)
        offsets.push_back(indexConst(b, loc, part.low[d] + operand.shift[d]));
      inputs.push_back(extractBox(b, loc, window, offsets, boxSizes));
    }
    SmallVector<Value> boxOrigin;
    for (int64_t d = 0; d < rank; ++d)
      boxOrigin.push_back(add(b, loc, origin[d], box.begin[d]));
    Value init = extractBox(b, loc, result, box.begin, boxSizes);
    Value piece = elementwiseGeneric(b, loc, inputs, init, boxOrigin, body,
                                     accumulator);
    // A frame slab is a row or a column of the block: not worth vectorized
    // loops with alias checks and epilogues (distc-lower-cold-loops).
    if (!isInterior)
      piece.getDefiningOp()->setAttr(kColdAttrName, b.getUnitAttr());
    result = insertBox(b, loc, piece, result, box.begin);
  };

  // The interior, on a part that has one in every dimension (at least
  // lowWidth + highWidth elements; it may still be empty): there it is
  // [lowWidth, size - highWidth), every shifted view lies inside the part
  // at a constant offset, and the clamped bounds above equal these. A part
  // too small for any interior computes only the frame, which then covers
  // it whole.
  Value hasInterior;
  Box fixedInterior;
  for (int64_t d = 0; d < rank; ++d) {
    fixedInterior.begin.push_back(indexConst(b, loc, lowWidth[d]));
    fixedInterior.end.push_back(
        sub(b, loc, sizes[d], indexConst(b, loc, highWidth[d])));
    int64_t width = lowWidth[d] + highWidth[d];
    if (width == 0)
      continue;
    Value fits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                       sizes[d], indexConst(b, loc, width));
    hasInterior =
        hasInterior ? arith::AndIOp::create(b, loc, hasInterior, fits) : fits;
  }
  if (!hasInterior) {
    compute(fixedInterior, /*peeled=*/-1);
  } else {
    Value before = result;
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{result.getType()},
                                  hasInterior, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(ifOp.thenBlock());
    compute(fixedInterior, /*peeled=*/-1);
    scf::YieldOp::create(b, loc, result);
    b.setInsertionPointToStart(ifOp.elseBlock());
    scf::YieldOp::create(b, loc, before);
    result = ifOp.getResult(0);
  }
  // The frame: for each dimension d, the slabs below and above the
  // interior in d, across the interior in the dimensions before d and the
  // whole part in those after it.
  for (int64_t d = 0; d < rank; ++d) {
    if (lowWidth[d] == 0 && highWidth[d] == 0)
      continue;
    Box across;
    for (int64_t e = 0; e < rank; ++e) {
      across.begin.push_back(e < d ? interior.begin[e] : zero);
      across.end.push_back(e < d ? interior.end[e] : sizes[e]);
    }
    if (lowWidth[d] > 0) {
      Box slab = across;
      slab.end[d] = interior.begin[d];
      compute(slab, d);
    }
    if (highWidth[d] > 0) {
      Box slab = across;
      slab.begin[d] = interior.end[d];
      compute(slab, d);
    }
  }
  return result;
}
