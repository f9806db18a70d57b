//===- DistSliceOps.cpp - slices and concatenation ------------------------===//
//
// The `[lo:hi:step, ...]` syntax and the verifiers of dist.slice,
// dist.insert_slice and dist.concat. The verifiers check what the types
// tell (ranks, element types, teams, static sizes); the lowering checks
// dynamic sizes at run time with the same arithmetic (SliceBounds.h).
//
//===----------------------------------------------------------------------===//

#include "dialect/Dist/Dist.h"
#include "dialect/Dist/SliceBounds.h"

using namespace mlir;
using namespace mlir::dist;

namespace {

/// Parses `[lo:hi:step, ...]`; omitted parts are 0, kSliceEnd and 1.
ParseResult parseRanges(OpAsmParser &parser, DenseI64ArrayAttr &lows,
                        DenseI64ArrayAttr &highs, DenseI64ArrayAttr &steps) {
  SmallVector<int64_t> lo, hi, step;
  auto parseRange = [&]() -> ParseResult {
    int64_t value = 0;
    OptionalParseResult has = parser.parseOptionalInteger(value);
    if (has.has_value() && failed(*has))
      return failure();
    lo.push_back(has.has_value() ? value : 0);
    if (parser.parseColon())
      return failure();
    value = kSliceEnd;
    has = parser.parseOptionalInteger(value);
    if (has.has_value() && failed(*has))
      return failure();
    hi.push_back(value);
    value = 1;
    if (succeeded(parser.parseOptionalColon())) {
      has = parser.parseOptionalInteger(value);
      if (has.has_value() && failed(*has))
        return failure();
    }
    step.push_back(value);
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square,
                                     parseRange, " in a slice"))
    return failure();
  MLIRContext *context = parser.getContext();
  lows = DenseI64ArrayAttr::get(context, lo);
  highs = DenseI64ArrayAttr::get(context, hi);
  steps = DenseI64ArrayAttr::get(context, step);
  return success();
}

void printRanges(OpAsmPrinter &printer, DenseI64ArrayAttr lows,
                 DenseI64ArrayAttr highs, DenseI64ArrayAttr steps) {
  printer << " [";
  for (int64_t d = 0, e = lows.size(); d < e; ++d) {
    if (d)
      printer << ", ";
    if (lows[d] != 0)
      printer << lows[d];
    printer << ':';
    if (d < highs.size() && highs[d] != kSliceEnd)
      printer << highs[d];
    if (d < steps.size() && steps[d] != 1)
      printer << ':' << steps[d];
  }
  printer << ']';
}

/// Checks the ranges of a slice of `type` (one per dimension, steps >= 1,
/// bounds within kMaxSliceBound) and returns the static element count of
/// each dimension (kDynamic where the size of `type` is dynamic).
FailureOr<SmallVector<int64_t>>
verifyRanges(Operation *op, DistTensorType type, ArrayRef<int64_t> lows,
             ArrayRef<int64_t> highs, ArrayRef<int64_t> steps) {
  int64_t rank = type.getRank();
  if (static_cast<int64_t>(lows.size()) != rank ||
      static_cast<int64_t>(highs.size()) != rank ||
      static_cast<int64_t>(steps.size()) != rank)
    return op->emitOpError() << "expects one range per dimension (" << rank
                             << "), got " << lows.size();
  SmallVector<int64_t> counts;
  for (int64_t d = 0; d < rank; ++d) {
    if (steps[d] < 1 || steps[d] > kMaxSliceBound)
      return op->emitOpError()
             << "step along dimension " << d << " must be between 1 and 2^48"
             << " (negative steps are not supported), got " << steps[d];
    auto tooLarge = [](int64_t bound) {
      return bound != kSliceEnd &&
             (bound > kMaxSliceBound || bound < -kMaxSliceBound);
    };
    if (lows[d] == kSliceEnd || tooLarge(lows[d]) || tooLarge(highs[d]))
      return op->emitOpError()
             << "bounds along dimension " << d << " must be within 2^48";
    counts.push_back(type.isDynamicDim(d)
                         ? ShapedType::kDynamic
                         : normalizeSlice(type.getShape()[d], lows[d],
                                          highs[d], steps[d])
                               .count);
  }
  return counts;
}

/// Checks that `other` (named `what`) has the rank, element type and team
/// of `type`.
LogicalResult verifyCompatible(Operation *op, DistTensorType type,
                               DistTensorType other, StringRef what) {
  if (other.getRank() != type.getRank() ||
      other.getElementType() != type.getElementType())
    return op->emitOpError()
           << what << " must have rank " << type.getRank()
           << " and element type " << type.getElementType() << ", got "
           << other;
  if (other.getTeam() != type.getTeam())
    return op->emitOpError() << what << " must be held by team "
                             << type.getTeam() << ", got " << other;
  return success();
}

/// Checks the static sizes `actual` (of `what`) against `expected`.
LogicalResult verifySizes(Operation *op, ArrayRef<int64_t> actual,
                          ArrayRef<int64_t> expected, StringRef what) {
  for (auto [d, pair] : llvm::enumerate(llvm::zip(actual, expected))) {
    auto [a, e] = pair;
    if (!ShapedType::isDynamic(a) && !ShapedType::isDynamic(e) && a != e)
      return op->emitOpError() << what << " along dimension " << d
                               << " must be " << e << ", got " << a;
  }
  return success();
}

} // namespace

#define SLICE_RANGES_SYNTAX(OP)                                                \
  ParseResult OP::parseSliceRanges(OpAsmParser &parser,                        \
                                   DenseI64ArrayAttr &lows,                    \
                                   DenseI64ArrayAttr &highs,                   \
                                   DenseI64ArrayAttr &steps) {                 \
    return parseRanges(parser, lows, highs, steps);                            \
  }                                                                            \
  void OP::printSliceRanges(OpAsmPrinter &printer, Operation *,                \
                            DenseI64ArrayAttr lows, DenseI64ArrayAttr highs,   \
                            DenseI64ArrayAttr steps) {                         \
    printRanges(printer, lows, highs, steps);                                  \
  }
SLICE_RANGES_SYNTAX(SliceOp)
SLICE_RANGES_SYNTAX(InsertSliceOp)
#undef SLICE_RANGES_SYNTAX

LogicalResult SliceOp::verify() {
  if (failed(verifyNoProcessGrid(*this)))
    return failure();
  auto source = cast<DistTensorType>(getSource().getType());
  auto result = cast<DistTensorType>(getResult().getType());
  FailureOr<SmallVector<int64_t>> counts =
      verifyRanges(*this, source, getLows(), getHighs(), getSteps());
  if (failed(counts) ||
      failed(verifyCompatible(*this, source, result, "result")))
    return failure();
  return verifySizes(*this, result.getShape(), *counts, "result size");
}

LogicalResult InsertSliceOp::verify() {
  if (failed(verifyNoProcessGrid(*this)))
    return failure();
  auto source = cast<DistTensorType>(getSource().getType());
  auto dest = cast<DistTensorType>(getDest().getType());
  FailureOr<SmallVector<int64_t>> counts =
      verifyRanges(*this, dest, getLows(), getHighs(), getSteps());
  if (failed(counts) ||
      failed(verifyCompatible(*this, dest, source, "source")))
    return failure();
  return verifySizes(*this, source.getShape(), *counts,
                     "source size (the slice's)");
}

LogicalResult ConcatOp::verify() {
  if (failed(verifyNoProcessGrid(*this)))
    return failure();
  auto result = cast<DistTensorType>(getResult().getType());
  int64_t axis = getAxis();
  if (getInputs().empty())
    return emitOpError("expects at least one input");
  if (axis < 0 || axis >= result.getRank())
    return emitOpError() << "axis " << axis << " is out of range for rank "
                         << result.getRank();
  int64_t total = 0;
  SmallVector<int64_t> expected(result.getShape());
  for (Value input : getInputs()) {
    auto type = cast<DistTensorType>(input.getType());
    if (failed(verifyCompatible(*this, result, type, "every input")))
      return failure();
    SmallVector<int64_t> shape(type.getShape());
    int64_t size = shape[axis];
    total = ShapedType::isDynamic(total) || ShapedType::isDynamic(size)
                ? ShapedType::kDynamic
                : total + size;
    shape[axis] = ShapedType::kDynamic;
    expected[axis] = ShapedType::kDynamic;
    if (failed(verifySizes(*this, shape, expected, "input size")))
      return failure();
    // Later inputs must agree with the first static size seen.
    for (auto [d, dim] : llvm::enumerate(shape))
      if (ShapedType::isDynamic(expected[d]))
        expected[d] = dim;
  }
  int64_t size = result.getShape()[axis];
  if (!ShapedType::isDynamic(size) && !ShapedType::isDynamic(total) &&
      size != total)
    return emitOpError() << "result size along the axis (dimension " << axis
                         << ") must be the sum of the inputs' " << total
                         << ", got " << size;
  return success();
}
