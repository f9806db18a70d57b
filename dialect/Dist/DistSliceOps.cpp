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

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::dist;

namespace {

using Operands = SmallVectorImpl<OpAsmParser::UnresolvedOperand>;

/// Parses one bound: an integer (stored), an SSA value (kDynamic stored,
/// the operand appended), or nothing (`absent` stored).
ParseResult parseBound(OpAsmParser &parser, Operands &operands,
                       SmallVectorImpl<int64_t> &values, int64_t absent) {
  OpAsmParser::UnresolvedOperand operand;
  OptionalParseResult hasOperand = parser.parseOptionalOperand(operand);
  if (hasOperand.has_value()) {
    if (failed(*hasOperand))
      return failure();
    operands.push_back(operand);
    values.push_back(ShapedType::kDynamic);
    return success();
  }
  int64_t value = absent;
  OptionalParseResult has = parser.parseOptionalInteger(value);
  if (has.has_value() && failed(*has))
    return failure();
  values.push_back(value);
  return success();
}

/// Parses `[lo:hi:step, ...]`; an omitted hi is kSliceEnd, an omitted step
/// 1, an omitted lo 0 with a constant positive step and kSliceEnd (the
/// start in the step's direction) otherwise.
ParseResult parseRanges(OpAsmParser &parser, Operands &dynamicLows,
                        Operands &dynamicHighs, Operands &dynamicSteps,
                        DenseI64ArrayAttr &lows, DenseI64ArrayAttr &highs,
                        DenseI64ArrayAttr &steps) {
  SmallVector<int64_t> lo, hi, step;
  auto parseRange = [&]() -> ParseResult {
    if (parseBound(parser, dynamicLows, lo, kSliceEnd) || parser.parseColon() ||
        parseBound(parser, dynamicHighs, hi, kSliceEnd))
      return failure();
    if (succeeded(parser.parseOptionalColon())) {
      if (parseBound(parser, dynamicSteps, step, 1))
        return failure();
    } else {
      step.push_back(1);
    }
    if (lo.back() == kSliceEnd && step.back() >= 1)
      lo.back() = 0;
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

void printRanges(OpAsmPrinter &printer, OperandRange dynamicLows,
                 OperandRange dynamicHighs, OperandRange dynamicSteps,
                 DenseI64ArrayAttr lows, DenseI64ArrayAttr highs,
                 DenseI64ArrayAttr steps) {
  auto nextLow = dynamicLows.begin(), nextHigh = dynamicHighs.begin(),
       nextStep = dynamicSteps.begin();
  // Prints a bound unless it is `absent`; a malformed op (fewer operands
  // than kDynamic entries, rejected by the verifier) prints `?`.
  auto print = [&](int64_t value, OperandRange::iterator &next,
                   OperandRange::iterator end, int64_t absent) {
    if (value == ShapedType::kDynamic) {
      if (next == end)
        printer << '?';
      else
        printer << *next++;
    } else if (value != absent) {
      printer << value;
    }
  };
  printer << " [";
  for (int64_t d = 0, e = lows.size(); d < e; ++d) {
    if (d)
      printer << ", ";
    int64_t step = d < steps.size() ? steps[d] : 1;
    int64_t high = d < highs.size() ? highs[d] : kSliceEnd;
    print(lows[d], nextLow, dynamicLows.end(),
          step >= 1 && lows[d] == 0 ? 0 : kSliceEnd);
    printer << ':';
    print(high, nextHigh, dynamicHighs.end(), kSliceEnd);
    if (step != 1) {
      printer << ':';
      print(step, nextStep, dynamicSteps.end(), 1);
    }
  }
  printer << ']';
}

/// `values` with the kDynamic entries replaced by `operands` in order.
SmallVector<OpFoldResult> mixed(MLIRContext *context,
                                ArrayRef<int64_t> values,
                                OperandRange operands) {
  SmallVector<OpFoldResult> result;
  auto next = operands.begin();
  for (int64_t value : values) {
    if (value == ShapedType::kDynamic && next != operands.end())
      result.push_back(*next++);
    else
      result.push_back(IntegerAttr::get(IndexType::get(context), value));
  }
  return result;
}

/// Checks the ranges of a slice of `type` (one per dimension, one operand
/// per run-time bound, constant steps nonzero and within kMaxSliceBound,
/// constant bounds within kMaxSliceBound) and returns the static element
/// count of each dimension (kDynamic where the size of `type` or a bound
/// is only known at run time).
FailureOr<SmallVector<int64_t>>
verifyRanges(Operation *op, DistTensorType type, ArrayRef<int64_t> lows,
             ArrayRef<int64_t> highs, ArrayRef<int64_t> steps,
             ValueRange dynamicLows, ValueRange dynamicHighs,
             ValueRange dynamicSteps) {
  int64_t rank = type.getRank();
  if (static_cast<int64_t>(lows.size()) != rank ||
      static_cast<int64_t>(highs.size()) != rank ||
      static_cast<int64_t>(steps.size()) != rank)
    return op->emitOpError() << "expects one range per dimension (" << rank
                             << "), got " << lows.size();
  auto checkOperands = [&](ArrayRef<int64_t> values, ValueRange operands,
                           StringRef what) -> LogicalResult {
    int64_t dynamic = llvm::count(values, ShapedType::kDynamic);
    if (dynamic != static_cast<int64_t>(operands.size()))
      return op->emitOpError()
             << "expects one operand per run-time " << what << " (" << dynamic
             << "), got " << operands.size();
    return success();
  };
  if (failed(checkOperands(lows, dynamicLows, "lo")) ||
      failed(checkOperands(highs, dynamicHighs, "hi")) ||
      failed(checkOperands(steps, dynamicSteps, "step")))
    return failure();
  SmallVector<int64_t> counts;
  for (int64_t d = 0; d < rank; ++d) {
    bool dynamicStep = steps[d] == ShapedType::kDynamic;
    if (!dynamicStep && steps[d] == 0)
      return op->emitOpError() << "step along dimension " << d
                               << " must not be zero";
    if (!dynamicStep &&
        (steps[d] > kMaxSliceBound || steps[d] < -kMaxSliceBound))
      return op->emitOpError()
             << "step along dimension " << d << " must be within 2^48, got "
             << steps[d];
    auto tooLarge = [](int64_t bound) {
      return bound != kSliceEnd && bound != ShapedType::kDynamic &&
             (bound > kMaxSliceBound || bound < -kMaxSliceBound);
    };
    if (tooLarge(lows[d]) || tooLarge(highs[d]))
      return op->emitOpError()
             << "bounds along dimension " << d << " must be within 2^48";
    bool known = !type.isDynamicDim(d) && !dynamicStep &&
                 lows[d] != ShapedType::kDynamic &&
                 highs[d] != ShapedType::kDynamic;
    counts.push_back(known ? normalizeSlice(type.getShape()[d], lows[d],
                                            highs[d], steps[d])
                                 .count
                           : ShapedType::kDynamic);
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
  ParseResult OP::parseSliceRanges(                                            \
      OpAsmParser &parser, Operands &dynamicLows, Operands &dynamicHighs,      \
      Operands &dynamicSteps, DenseI64ArrayAttr &lows,                         \
      DenseI64ArrayAttr &highs, DenseI64ArrayAttr &steps) {                    \
    return parseRanges(parser, dynamicLows, dynamicHighs, dynamicSteps, lows,  \
                       highs, steps);                                          \
  }                                                                            \
  void OP::printSliceRanges(OpAsmPrinter &printer, Operation *,                \
                            OperandRange dynamicLows,                          \
                            OperandRange dynamicHighs,                         \
                            OperandRange dynamicSteps, DenseI64ArrayAttr lows, \
                            DenseI64ArrayAttr highs,                           \
                            DenseI64ArrayAttr steps) {                         \
    printRanges(printer, dynamicLows, dynamicHighs, dynamicSteps, lows, highs, \
                steps);                                                        \
  }                                                                            \
  SmallVector<OpFoldResult> OP::getMixedLows() {                               \
    return mixed(getContext(), getLows(), getDynamicLows());                   \
  }                                                                            \
  SmallVector<OpFoldResult> OP::getMixedHighs() {                              \
    return mixed(getContext(), getHighs(), getDynamicHighs());                 \
  }                                                                            \
  SmallVector<OpFoldResult> OP::getMixedSteps() {                              \
    return mixed(getContext(), getSteps(), getDynamicSteps());                 \
  }
SLICE_RANGES_SYNTAX(SliceOp)
SLICE_RANGES_SYNTAX(InsertSliceOp)
#undef SLICE_RANGES_SYNTAX

LogicalResult SliceOp::verify() {
  auto source = cast<DistTensorType>(getSource().getType());
  auto result = cast<DistTensorType>(getResult().getType());
  FailureOr<SmallVector<int64_t>> counts =
      verifyRanges(*this, source, getLows(), getHighs(), getSteps(),
                   getDynamicLows(), getDynamicHighs(), getDynamicSteps());
  if (failed(counts) ||
      failed(verifyCompatible(*this, source, result, "result")))
    return failure();
  return verifySizes(*this, result.getShape(), *counts, "result size");
}

LogicalResult InsertSliceOp::verify() {
  auto source = cast<DistTensorType>(getSource().getType());
  auto dest = cast<DistTensorType>(getDest().getType());
  FailureOr<SmallVector<int64_t>> counts =
      verifyRanges(*this, dest, getLows(), getHighs(), getSteps(),
                   getDynamicLows(), getDynamicHighs(), getDynamicSteps());
  if (failed(counts) ||
      failed(verifyCompatible(*this, dest, source, "source")))
    return failure();
  return verifySizes(*this, source.getShape(), *counts,
                     "source size (the slice's)");
}

LogicalResult ConcatOp::verify() {
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
    if (ShapedType::isDynamic(total) || ShapedType::isDynamic(size))
      total = ShapedType::kDynamic;
    else if (llvm::AddOverflow(total, size, total))
      return emitOpError() << "the inputs' sizes along the axis (dimension "
                           << axis << ") add up to more than INT64_MAX";
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
