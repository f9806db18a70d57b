//===- DistRuntimeOps.cpp - distruntime op verifiers ----------------------===//
//
// Verifiers check what ODS constraints cannot: one shape/offset value per
// dimension, constant operands against static tensor dimensions and against
// each other. LLVM here is built without assertions, so everything the
// lowering relies on must be rejected here with a message, never assumed.
//
//===----------------------------------------------------------------------===//

#include "runtime/include/idtr/detail/HaloRows.h"
#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/SmallBitVector.h"

using namespace mlir;
using namespace mlir::distruntime;

bool mlir::distruntime::isRuntimeReduceKind(Attribute attr) {
  auto value = dyn_cast_or_null<IntegerAttr>(attr);
  if (!value)
    return false;
  std::optional<ReduceKind> kind = symbolizeReduceKind(value.getInt());
  return kind && (*kind == ReduceKind::max || *kind == ReduceKind::min ||
                  *kind == ReduceKind::prod || *kind == ReduceKind::sum ||
                  *kind == ReduceKind::band || *kind == ReduceKind::bor ||
                  *kind == ReduceKind::bxor);
}

LogicalResult mlir::distruntime::verifyPermutation(Operation *op,
                                                   ArrayRef<int64_t> axes,
                                                   int64_t rank) {
  if (static_cast<int64_t>(axes.size()) == rank && isPermutationVector(axes))
    return success();
  InFlightDiagnostic diag = op->emitOpError()
                            << "'axes' must be a permutation of [0, " << rank
                            << "), got [";
  llvm::interleaveComma(axes, diag);
  return diag << "]";
}

namespace {

/// Checks that `values` holds one index per dimension of a tensor of rank
/// `rank` ("the input tensor" / "the result tensor").
LogicalResult verifyOnePerDimension(Operation *op, ValueRange values,
                                    int64_t rank, StringRef name,
                                    StringRef tensorName) {
  if (static_cast<int64_t>(values.size()) == rank)
    return success();
  return op->emitOpError() << "expects one '" << name
                           << "' value per dimension of " << tensorName
                           << " (" << rank << "), but got " << values.size();
}

/// Constant values of `values` (std::nullopt where not constant), rejecting
/// negative constants: shapes, offsets and sizes are never negative.
FailureOr<SmallVector<std::optional<int64_t>>>
getNonNegativeConstants(Operation *op, ValueRange values, StringRef name) {
  SmallVector<std::optional<int64_t>> constants;
  for (auto [i, value] : llvm::enumerate(values)) {
    std::optional<int64_t> constant = getConstantIntValue(value);
    if (constant && *constant < 0)
      return op->emitOpError() << "'" << name << "' value #" << i
                               << " is negative (" << *constant << ")";
    constants.push_back(constant);
  }
  return constants;
}

/// Sizes of a box: the static dimensions of `type`, or the constants of
/// `sizes` where the type is dynamic.
SmallVector<std::optional<int64_t>>
boxSizes(ShapedType type,
         ArrayRef<std::optional<int64_t>> sizes = {}) {
  SmallVector<std::optional<int64_t>> result;
  for (auto [i, dim] : llvm::enumerate(type.getShape())) {
    if (!ShapedType::isDynamic(dim))
      result.push_back(dim);
    else if (i < sizes.size())
      result.push_back(sizes[i]);
    else
      result.push_back(std::nullopt);
  }
  return result;
}

/// Checks that constant size operands agree with the static dimensions of
/// the tensor they describe.
LogicalResult verifySizesMatchType(Operation *op,
                                   ArrayRef<std::optional<int64_t>> sizes,
                                   ShapedType type, StringRef name,
                                   StringRef tensorName, unsigned firstDim = 0) {
  for (unsigned d = firstDim; d < sizes.size(); ++d) {
    int64_t dim = type.getDimSize(d);
    if (sizes[d] && !ShapedType::isDynamic(dim) && *sizes[d] != dim)
      return op->emitOpError()
             << "'" << name << "' value #" << d << " (" << *sizes[d]
             << ") contradicts dimension " << d << " of " << tensorName
             << " (" << dim << ")";
  }
  return success();
}

/// Checks that the box [offsets, offsets + sizes) lies inside `shape` in
/// every dimension where all three are known.
LogicalResult verifyBoxInside(Operation *op,
                              ArrayRef<std::optional<int64_t>> offsets,
                              ArrayRef<std::optional<int64_t>> sizes,
                              ArrayRef<std::optional<int64_t>> shape,
                              StringRef boxName, StringRef shapeName) {
  for (unsigned d = 0; d < shape.size(); ++d) {
    if (!offsets[d] || !sizes[d] || !shape[d])
      continue;
    // offset + size > shape, without overflowing int64 (all three are
    // non-negative here).
    if (*offsets[d] > *shape[d] - *sizes[d])
      return op->emitOpError()
             << boxName << " exceeds " << shapeName << " in dimension " << d
             << ": offset " << *offsets[d] << " + size " << *sizes[d] << " > "
             << *shape[d];
  }
  return success();
}

/// Product of the sizes, or std::nullopt if one is not constant or the
/// product does not fit in int64 (verifyVolumeFits rejects the latter).
std::optional<int64_t> constantVolume(ArrayRef<std::optional<int64_t>> sizes) {
  int64_t volume = 1;
  for (std::optional<int64_t> size : sizes) {
    if (!size)
      return std::nullopt;
    if (*size != 0 && volume > std::numeric_limits<int64_t>::max() / *size)
      return std::nullopt;
    volume *= *size;
  }
  return volume;
}

/// A global shape whose constant element count does not fit in int64 cannot
/// be addressed by the runtime (64-bit sizes end to end): reject it instead
/// of letting the count wrap.
LogicalResult verifyVolumeFits(Operation *op,
                               ArrayRef<std::optional<int64_t>> shape,
                               StringRef name) {
  int64_t volume = 1;
  for (std::optional<int64_t> size : shape) {
    if (!size)
      return success();
    if (*size == 0)
      return success();
  }
  for (std::optional<int64_t> size : shape) {
    if (volume > std::numeric_limits<int64_t>::max() / *size)
      return op->emitOpError()
             << "'" << name << "' has more elements than fit in a 64-bit "
             << "integer";
    volume *= *size;
  }
  return success();
}

/// Checks the part common to the copy ops and update_halo: the input box
/// described by g_shape and l_offs.
FailureOr<SmallVector<std::optional<int64_t>>>
verifyInputBox(Operation *op, ShapedType inputType, ValueRange gShape,
               ValueRange lOffsets) {
  int64_t rank = inputType.getRank();
  if (failed(verifyOnePerDimension(op, gShape, rank, "g_shape",
                                   "the input tensor")) ||
      failed(verifyOnePerDimension(op, lOffsets, rank, "l_offs",
                                   "the input tensor")))
    return failure();
  auto globalShape = getNonNegativeConstants(op, gShape, "g_shape");
  if (failed(globalShape) || failed(verifyVolumeFits(op, *globalShape, "g_shape")))
    return failure();
  auto offsets = getNonNegativeConstants(op, lOffsets, "l_offs");
  if (failed(offsets) ||
      failed(verifyBoxInside(op, *offsets, boxSizes(inputType), *globalShape,
                             "the local input box", "'g_shape'")))
    return failure();
  return *globalShape;
}

/// Checks the output box (n_offs, n_shape) of the copy ops against the result
/// type and the output global shape.
LogicalResult verifyOutputBox(Operation *op, ShapedType resultType,
                              ValueRange nlOffsets, ValueRange nlShape,
                              ArrayRef<std::optional<int64_t>> outGlobalShape) {
  int64_t rank = resultType.getRank();
  if (failed(verifyOnePerDimension(op, nlOffsets, rank, "n_offs",
                                   "the result tensor")) ||
      failed(verifyOnePerDimension(op, nlShape, rank, "n_shape",
                                   "the result tensor")))
    return failure();
  auto offsets = getNonNegativeConstants(op, nlOffsets, "n_offs");
  if (failed(offsets))
    return failure();
  auto sizes = getNonNegativeConstants(op, nlShape, "n_shape");
  if (failed(sizes) ||
      failed(verifySizesMatchType(op, *sizes, resultType, "n_shape",
                                  "the result tensor")))
    return failure();
  return verifyBoxInside(op, *offsets, boxSizes(resultType, *sizes),
                         outGlobalShape, "the local output box",
                         "the output global shape");
}

} // namespace

LogicalResult mlir::distruntime::verifyArrayForm(Operation *op) {
  std::optional<bool> memrefs;
  auto check = [&](Value value) {
    Type type = value.getType();
    if (!isa<TensorType, BaseMemRefType>(type))
      return true;
    bool memref = isa<BaseMemRefType>(type);
    if (!memrefs)
      memrefs = memref;
    return *memrefs == memref;
  };
  if (!llvm::all_of(op->getOperands(), check) ||
      !llvm::all_of(op->getResults(), check))
    return op->emitOpError()
           << "mixes tensors and memrefs: its arrays are all tensors, or all "
              "memrefs once bufferized";
  return success();
}

//===----------------------------------------------------------------------===//
// CopyReshapeOp
//===----------------------------------------------------------------------===//

/// The result of a copy is this rank's box of the output, of shape
/// `n_shape`: its dynamic sizes are those operands, so `tensor.dim` of the
/// result folds to them (`resolve-ranked-shaped-type-result-dims`) and
/// bufferization sizes the output without a query.
static LogicalResult reifyOutputBox(OpBuilder &b, ShapedType type,
                                    ValueRange boxShape,
                                    ReifiedRankedShapedTypeDims &shapes) {
  // The verifier checks one size per dimension; reification also runs on
  // IR that a pattern is halfway through building.
  if (static_cast<int64_t>(boxShape.size()) != type.getRank())
    return failure();
  // One entry per result: none for the handle, then the box.
  shapes.emplace_back();
  SmallVector<OpFoldResult> sizes;
  for (auto [dim, size] : llvm::enumerate(boxShape))
    sizes.push_back(type.isDynamicDim(dim)
                        ? OpFoldResult(size)
                        : OpFoldResult(b.getIndexAttr(type.getDimSize(dim))));
  shapes.push_back(std::move(sizes));
  return success();
}

LogicalResult
CopyReshapeOp::reifyResultShapes(OpBuilder &b,
                                 ReifiedRankedShapedTypeDims &shapes) {
  return reifyOutputBox(b, getNlArray().getType(), getNlShape(), shapes);
}

LogicalResult CopyReshapeOp::verify() {
  if (failed(verifyArrayForm(*this)))
    return failure();
  ShapedType inputType = getLArray().getType();
  ShapedType resultType = getNlArray().getType();
  auto globalShape =
      verifyInputBox(*this, inputType, getGShape(), getLOffsets());
  if (failed(globalShape))
    return failure();
  if (failed(verifyOnePerDimension(*this, getNgShape(), resultType.getRank(),
                                   "n_g_shape", "the result tensor")))
    return failure();
  auto newGlobalShape =
      getNonNegativeConstants(*this, getNgShape(), "n_g_shape");
  if (failed(newGlobalShape) ||
      failed(verifyVolumeFits(*this, *newGlobalShape, "n_g_shape")))
    return failure();
  std::optional<int64_t> oldCount = constantVolume(*globalShape);
  std::optional<int64_t> newCount = constantVolume(*newGlobalShape);
  if (oldCount && newCount && *oldCount != *newCount)
    return emitOpError() << "reshape changes the global element count from "
                         << *oldCount << " ('g_shape') to " << *newCount
                         << " ('n_g_shape')";
  return verifyOutputBox(*this, resultType, getNlOffsets(), getNlShape(),
                         *newGlobalShape);
}

//===----------------------------------------------------------------------===//
// CopyPermuteOp
//===----------------------------------------------------------------------===//

LogicalResult
CopyPermuteOp::reifyResultShapes(OpBuilder &b,
                                 ReifiedRankedShapedTypeDims &shapes) {
  return reifyOutputBox(b, getNlArray().getType(), getNlShape(), shapes);
}

void CopyPermuteOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  // As DistRuntime_Communicates, plus DistRuntime_NewArray's allocation
  // unless the result is the accumulator (its buffer in the memref form).
  effects.emplace_back(MemoryEffects::Read::get(),
                       CommunicationResource::get());
  effects.emplace_back(MemoryEffects::Write::get(),
                       CommunicationResource::get());
  if (!getAcc())
    effects.emplace_back(MemoryEffects::Allocate::get(),
                         getOperation()->getOpResult(1),
                         SideEffects::DefaultResource::get());
}

LogicalResult CopyPermuteOp::verify() {
  if (failed(verifyArrayForm(*this)))
    return failure();
  ShapedType inputType = getLArray().getType();
  ShapedType resultType = getNlArray().getType();
  int64_t rank = inputType.getRank();
  if (resultType.getRank() != rank)
    return emitOpError() << "result rank (" << resultType.getRank()
                         << ") differs from input rank (" << rank << ")";
  ArrayRef<int64_t> axes = getAxes();
  if (failed(verifyPermutation(*this, axes, rank)))
    return failure();
  auto globalShape =
      verifyInputBox(*this, inputType, getGShape(), getLOffsets());
  if (failed(globalShape))
    return failure();
  SmallVector<std::optional<int64_t>> outGlobalShape;
  for (int64_t axis : axes)
    outGlobalShape.push_back((*globalShape)[axis]);
  if (failed(verifyOutputBox(*this, resultType, getNlOffsets(), getNlShape(),
                             outGlobalShape)))
    return failure();
  // The accumulator is the destination of the result: the same box, so the
  // same type (whose static sizes verifyOutputBox held against n_shape).
  if (Value acc = getAcc(); acc && acc.getType() != resultType)
    return emitOpError() << "accumulator ('add_into') type " << acc.getType()
                         << " differs from the result type " << resultType
                         << " (it is the destination of the result)";
  return success();
}

//===----------------------------------------------------------------------===//
// AllReduceOp
//===----------------------------------------------------------------------===//

/// The checks of allreduce and reduce: shapes and the reduction's type.
static LogicalResult verifyReduction(Operation *op, ShapedType input,
                                     ShapedType result, ReduceKind kind) {
  if (failed(verifyCompatibleShape(input, result)))
    return op->emitOpError() << "result type " << result
                             << " does not have the shape of the input type "
                             << input;
  Type element = input.getElementType();
  if ((kind == ReduceKind::band || kind == ReduceKind::bor ||
       kind == ReduceKind::bxor) &&
      !isa<IntegerType, IndexType>(element))
    return op->emitOpError() << "bitwise reduction " << stringifyReduceKind(kind)
                             << " needs integer elements, not " << element;
  return success();
}

LogicalResult AllReduceOp::verify() {
  if (failed(verifyArrayForm(*this)))
    return failure();
  return verifyReduction(*this, getInput().getType(), getResult().getType(),
                         getKind());
}

//===----------------------------------------------------------------------===//
// UpdateHaloOp
//===----------------------------------------------------------------------===//

HaloRows mlir::distruntime::haloRows(std::optional<int64_t> ownBegin, int64_t ownRows,
                                     std::optional<int64_t> boxBegin,
                                     std::optional<int64_t> boxRows) {
  HaloRows rows;
  if (!ownBegin || !boxBegin || !boxRows)
    return rows;
  rows.left = idtr::detail::haloRowsBefore(*ownBegin, *boxBegin, *boxRows);
  if (!ShapedType::isDynamic(ownRows))
    rows.right = idtr::detail::haloRowsAfter(*ownBegin + ownRows, *boxBegin, *boxRows);
  return rows;
}

LogicalResult UpdateHaloOp::verify() {
  if (failed(verifyArrayForm(*this)))
    return failure();
  ShapedType inputType = getLArray().getType();
  int64_t rank = inputType.getRank();
  if (rank == 0)
    return emitOpError()
           << "expects an input tensor of rank >= 1 (partitioned along "
              "dimension 0)";
  for (auto [name, halo] : {std::pair{"left", getLHalo()},
                            std::pair{"right", getRHalo()}}) {
    if (halo.getType().getRank() != rank)
      return emitOpError() << "the " << name << " halo has rank "
                           << halo.getType().getRank()
                           << ", but the input tensor has rank " << rank;
  }
  auto globalShape =
      verifyInputBox(*this, inputType, getGShape(), getLOffsets());
  if (failed(globalShape))
    return failure();
  if (failed(verifyOnePerDimension(*this, getBbOffsets(), rank, "bb_offs",
                                   "the input tensor")) ||
      failed(verifyOnePerDimension(*this, getBbSizes(), rank, "bb_sizes",
                                   "the input tensor")))
    return failure();
  auto bbOffsets = getNonNegativeConstants(*this, getBbOffsets(), "bb_offs");
  if (failed(bbOffsets))
    return failure();
  auto bbSizes = getNonNegativeConstants(*this, getBbSizes(), "bb_sizes");
  if (failed(bbSizes) ||
      failed(verifyBoxInside(*this, *bbOffsets, *bbSizes, *globalShape,
                             "the bounding box", "'g_shape'")))
    return failure();
  // Dimensions >= 1 of both halos are those of the bounding box.
  if (failed(verifySizesMatchType(*this, *bbSizes, getLHalo().getType(),
                                  "bb_sizes", "the left halo", 1)) ||
      failed(verifySizesMatchType(*this, *bbSizes, getRHalo().getType(),
                                  "bb_sizes", "the right halo", 1)))
    return failure();
  // Dimension 0: the box rows before / after this rank's own rows, where the
  // constants tell.
  auto lOffsets = getNonNegativeConstants(*this, getLOffsets(), "l_offs");
  if (failed(lOffsets))
    return failure();
  if (std::optional<ArrayRef<int64_t>> widths = getWidths()) {
    if (widths->size() != 2)
      return emitOpError() << "expects 'widths' = [low, high], got "
                           << widths->size() << " values";
    for (int64_t w : *widths)
      if (w < 0)
        return emitOpError() << "halo widths must be >= 0, got " << w;
    // Where everything is constant, the box must be the one the widths make.
    std::optional<int64_t> own = (*lOffsets)[0], begin = (*bbOffsets)[0],
                           rows = (*bbSizes)[0], total = (*globalShape)[0];
    if (own && begin && rows && total && !inputType.isDynamicDim(0)) {
      idtr::detail::RowRange<int64_t> box = idtr::detail::haloBox<int64_t>(
          *own, inputType.getDimSize(0), (*widths)[0], (*widths)[1], *total);
      if (box.begin != *begin || box.rows != *rows)
        return emitOpError()
               << "the bounding box has rows [" << *begin << ", "
               << *begin + *rows << "), but 'widths' = [" << (*widths)[0]
               << ", " << (*widths)[1] << "] make rows [" << box.begin << ", "
               << box.begin + box.rows << ")";
    }
  }
  HaloRows rows = haloRows((*lOffsets)[0], inputType.getDimSize(0), (*bbOffsets)[0],
                           (*bbSizes)[0]);
  for (auto [name, halo, expected] :
       {std::tuple{"left", getLHalo(), rows.left}, std::tuple{"right", getRHalo(), rows.right}}) {
    int64_t dim = halo.getType().getDimSize(0);
    if (expected && !ShapedType::isDynamic(dim) && dim != *expected)
      return emitOpError() << "the " << name << " halo has " << dim
                           << " rows, but the bounding box has " << *expected << " rows "
                           << (StringRef(name) == "left" ? "before" : "after")
                           << " this rank's own rows";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// UpdateGridHaloOp
//===----------------------------------------------------------------------===//

LogicalResult UpdateGridHaloOp::verify() {
  if (failed(verifyArrayForm(*this)))
    return failure();
  ShapedType inputType = getLArray().getType();
  int64_t rank = inputType.getRank();
  if (rank == 0)
    return emitOpError() << "expects an input tensor of rank >= 1";
  if (failed(verifyInputBox(*this, inputType, getGShape(), getLOffsets())))
    return failure();
  if (static_cast<int64_t>(getLow().size()) != rank ||
      static_cast<int64_t>(getHigh().size()) != rank)
    return emitOpError() << "expects 'low' and 'high' widths for each of the "
                         << rank << " dimensions";
  for (ArrayRef<int64_t> widths : {getLow(), getHigh()})
    for (int64_t w : widths)
      if (w < 0)
        return emitOpError() << "halo widths must be >= 0, got " << w;
  if (getGrid().empty() || getGrid().size() != getSplit().size())
    return emitOpError() << "expects one 'split' dimension per grid extent, got "
                         << getSplit().size() << " for " << getGrid().size()
                         << " extents";
  llvm::SmallBitVector seen(rank);
  for (int64_t d : getSplit()) {
    if (d < 0 || d >= rank || seen.test(d))
      return emitOpError() << "split dimensions must be distinct dimensions "
                              "of the input tensor, got "
                           << d;
    seen.set(d);
  }
  if (rank < 63 && (getPeriodic() >> rank) != 0)
    return emitOpError() << "'periodic' has bits beyond the " << rank
                         << " dimensions";
  return success();
}

//===----------------------------------------------------------------------===//
// DefineSubgridTeamOp
//===----------------------------------------------------------------------===//

LogicalResult DefineSubgridTeamOp::verify() {
  ArrayRef<int64_t> shape = getGridShape();
  if (shape.empty())
    return emitOpError("needs a grid of at least one axis");
  // -1: a `?` axis, factored from the world's size by the runtime.
  for (int64_t extent : shape)
    if (extent <= 0 && extent != -1)
      return emitOpError("grid extents must be positive (or -1 for a run-time "
                         "extent), got ")
             << extent;
  llvm::SmallDenseSet<int64_t> seen;
  for (int64_t axis : getAxes()) {
    if (axis < 0 || axis >= static_cast<int64_t>(shape.size()))
      return emitOpError("axis ")
             << axis << " is out of range for a grid of rank " << shape.size();
    if (!seen.insert(axis).second)
      return emitOpError("axis ") << axis << " is listed more than once";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// BcastPanelOp
//===----------------------------------------------------------------------===//

LogicalResult BcastPanelOp::verify() {
  if (failed(verifyArrayForm(*this)))
    return failure();
  auto local = cast<ShapedType>(getLocal().getType());
  auto panel = cast<ShapedType>(getPanel().getType());
  if (local.getRank() != 2 || panel.getRank() != 2)
    return emitOpError("needs a matrix (rank 2) as local part and panel, got ")
           << local << " and " << panel;
  if (getDim() != 0 && getDim() != 1)
    return emitOpError("dim must be 0 or 1, got ") << getDim();
  if (getSizes().size() != 2)
    return emitOpError("needs 2 panel sizes, got ") << getSizes().size();
  return success();
}

//===----------------------------------------------------------------------===//
// SendOp, RecvOp, ReduceOp
//===----------------------------------------------------------------------===//

/// A constant member number below 0 names no member of any team.
static LogicalResult verifyPeer(Operation *op, Value peer, StringRef what) {
  std::optional<int64_t> value = getConstantIntValue(peer);
  if (value && *value < 0)
    return op->emitOpError() << what << " must be a member number (>= 0), got "
                             << *value;
  return success();
}

LogicalResult SendOp::verify() { return verifyPeer(*this, getPeer(), "peer"); }

LogicalResult RecvOp::verify() { return verifyPeer(*this, getPeer(), "peer"); }

LogicalResult ReduceOp::verify() {
  if (failed(verifyArrayForm(*this)))
    return failure();
  if (failed(verifyReduction(*this, getInput().getType(),
                             getResult().getType(), getKind())))
    return failure();
  return verifyPeer(*this, getRoot(), "root");
}

#define GET_OP_CLASSES
#include "dialect/DistRuntime/DistRuntimeOps.cpp.inc"
