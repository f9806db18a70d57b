//===- DistOps.cpp - dist op verifiers and custom syntax ------------------===//
//
// Verifiers reject every malformed op with a message naming the problem:
// the lowering relies on what is checked here (LLVM here has no asserts).
//
//===----------------------------------------------------------------------===//

#include "dialect/Dist/Dist.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::dist;

namespace {

/// Checks that `sizes` gives one value per dynamic dimension of `type`,
/// that none of them is a negative constant and that the constant ones and
/// the static sizes of `type` hold at most INT64_MAX bytes (the others are
/// checked at run time, LoweringCommon.h's checkShapeFits).
LogicalResult verifyDynamicSizes(Operation *op, DistTensorType type,
                                 ValueRange sizes) {
  int64_t dynamic = llvm::count_if(type.getShape(), ShapedType::isDynamic);
  if (static_cast<int64_t>(sizes.size()) != dynamic)
    return op->emitOpError() << "expects " << dynamic
                             << " dynamic size operand(s), one per '?' in "
                             << type << ", but got " << sizes.size();
  SmallVector<int64_t> known(type.getShape());
  auto next = sizes.begin();
  for (int64_t &dim : known) {
    if (!ShapedType::isDynamic(dim))
      continue;
    Value size = *next++;
    std::optional<int64_t> c = getConstantIntValue(size);
    if (c && *c < 0)
      return op->emitOpError() << "dynamic size #" << (next - sizes.begin() - 1)
                               << " is negative (" << *c << ")";
    if (c)
      dim = *c;
  }
  return verifyStaticSizesFit([&] { return op->emitOpError(); }, known,
                              type.getElementType(),
                              "the result (with its constant sizes)");
}

/// Rejects widths beyond kMaxStencilWidth (Dist.h).
LogicalResult verifyStencilWidths(Operation *op, ArrayRef<int64_t> widths,
                                  StringRef name) {
  for (auto [d, w] : llvm::enumerate(widths))
    if (w > kMaxStencilWidth || w < -kMaxStencilWidth)
      return op->emitOpError() << name << " " << w << " in dimension " << d
                               << " is too large (the limit is 2^48)";
  return success();
}

LogicalResult verifySameTeam(Operation *op, DistTensorType a,
                             DistTensorType b) {
  if (a.getTeam() == b.getTeam())
    return success();
  return op->emitOpError() << "operands and results must belong to the same "
                              "team, got teams "
                           << a.getTeam() << " and " << b.getTeam();
}

LogicalResult verifySameElementType(Operation *op, Type a, Type b) {
  if (getElementTypeOrSelf(a) == getElementTypeOrSelf(b))
    return success();
  return op->emitOpError() << "element types differ: " << a << " vs " << b;
}

/// Same global shape (where static), same team and element type.
LogicalResult verifySameGlobalArray(Operation *op, DistTensorType a,
                                    DistTensorType b) {
  if (failed(verifyCompatibleShape(a.getShape(), b.getShape())))
    return op->emitOpError() << "global shapes differ: " << a << " vs " << b;
  if (failed(verifySameTeam(op, a, b)))
    return failure();
  return verifySameElementType(op, a.getElementType(), b.getElementType());
}

/// Checks that `local` can be a part of `dist`: same rank and element
/// type, all dimensions but the split one equal to the global ones.
LogicalResult verifyLocalPart(Operation *op, DistTensorType dist,
                              RankedTensorType local, Type expectedElement) {
  if (local.getRank() != dist.getRank())
    return op->emitOpError() << "local tensor " << local << " must have rank "
                             << dist.getRank() << " like " << dist;
  if (local.getElementType() != expectedElement)
    return op->emitOpError() << "local tensor " << local
                             << " must have element type " << expectedElement;
  if (failed(verifyCompatibleShape(local, dist.getLocalType())))
    return op->emitOpError()
           << "local tensor " << local << " does not fit the part of "
           << dist << " (expected " << dist.getLocalType() << ")";
  return success();
}

LogicalResult verifyDimIndex(Operation *op, DistTensorType type, int64_t dim) {
  if (dim >= 0 && dim < type.getRank())
    return success();
  return op->emitOpError() << "dimension " << dim << " is out of range for "
                           << type;
}

/// Checks that the body of dist.generate or dist.elementwise is
/// per-element scalar code. It runs once per element on whichever rank owns
/// the element, so different ranks run it different numbers of times: a
/// collective in it (any dist or distruntime op, or a call, which may
/// communicate) would not be matched across ranks and hangs or truncates
/// messages at run time. The only dist ops allowed are the body's own
/// dist.yield and dist.index.
LogicalResult verifyScalarBody(Operation *op, Block &body) {
  Operation *terminator = body.getTerminator();
  Operation *offending = nullptr;
  for (Operation &top : body)
    if (top.walk<WalkOrder::PreOrder>([&](Operation *nested) {
             if (nested == terminator ||
                 (isa<IndexOp>(nested) && nested->getParentOp() == op))
               return WalkResult::advance();
             StringRef dialect = nested->getName().getDialectNamespace();
             if (dialect == DistDialect::getDialectNamespace() ||
                 dialect == "distruntime" || isa<CallOpInterface>(nested)) {
               offending = nested;
               return WalkResult::interrupt();
             }
             return WalkResult::advance();
           }).wasInterrupted())
      break;
  if (!offending)
    return success();
  InFlightDiagnostic diag =
      op->emitOpError()
      << "body must be per-element scalar code, but contains '"
      << offending->getName()
      << "': it runs once per element of this rank's block, a different "
         "number of times on each rank, so dist and distruntime ops and "
         "calls (which may communicate) in it cannot be matched across "
         "ranks; compute such values before the op and use them from above";
  diag.attachNote(offending->getLoc()) << "see the offending op here";
  return diag;
}

} // namespace

LogicalResult FullOp::verify() {
  return verifyDynamicSizes(*this, cast<DistTensorType>(getResult().getType()),
                            getDynamicSizes());
}

LogicalResult GenerateOp::verifyRegions() {
  auto type = cast<DistTensorType>(getResult().getType());
  if (failed(verifyDynamicSizes(*this, type, getDynamicSizes())))
    return failure();
  Block &body = getBody().front();
  if (static_cast<int64_t>(body.getNumArguments()) != type.getRank() ||
      !llvm::all_of(body.getArgumentTypes(),
                    [](Type t) { return t.isIndex(); }))
    return emitOpError() << "body must take " << type.getRank()
                         << " index arguments (the global indices)";
  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield || yield.getValue().getType() != type.getElementType())
    return emitOpError() << "body must yield one " << type.getElementType();
  return verifyScalarBody(*this, body);
}

LogicalResult ArangeOp::verify() {
  auto type = cast<DistTensorType>(getResult().getType());
  if (type.getRank() != 1)
    return emitOpError() << "result must be 1-D, got " << type;
  return verifyDynamicSizes(*this, type, getDynamicSizes());
}

LogicalResult LinspaceOp::verify() {
  auto type = cast<DistTensorType>(getResult().getType());
  if (type.getRank() != 1)
    return emitOpError() << "result must be 1-D, got " << type;
  return verifyDynamicSizes(*this, type, getDynamicSizes());
}

LogicalResult FromLocalOp::verify() {
  auto type = cast<DistTensorType>(getResult().getType());
  size_t axes = type.getSplitDims().size();
  if (getOffsets().size() != axes)
    return emitOpError() << "expects " << axes
                         << (axes == 1 ? " offset" : " offsets (one per grid "
                                                     "axis)")
                         << ", got " << getOffsets().size();
  // The sizes along each axis are exchanged on the sub-grid teams, whose
  // ids encode at most four axes of static extents below 4096
  // (defineGridAxesTeam).
  if (type.isGrid() &&
      (type.getGrid().size() > 4 ||
       llvm::any_of(type.getGrid(), [](int64_t e) {
         return !ShapedType::isDynamic(e) && e >= 4096;
       })))
    return emitOpError() << "needs a grid of at most 4 axes with static "
                            "extents below 4096, got "
                         << type;
  return verifyLocalPart(*this, type, getLocal().getType(),
                         type.getElementType());
}

LogicalResult LocalOp::verify() {
  auto type = cast<DistTensorType>(getSource().getType());
  return verifyLocalPart(*this, type,
                         cast<RankedTensorType>(getResult().getType()),
                         type.getElementType());
}

LogicalResult GlobalDimOp::verify() {
  return verifyDimIndex(*this, cast<DistTensorType>(getSource().getType()),
                        getDim());
}

LogicalResult LocalOffsetOp::verify() {
  return verifyDimIndex(*this, cast<DistTensorType>(getSource().getType()),
                        getDim());
}

LogicalResult WithLocalOp::verify() {
  auto like = cast<DistTensorType>(getLike().getType());
  RankedTensorType local = getLocal().getType();
  if (failed(verifyLocalPart(*this, like, local, local.getElementType())))
    return failure();
  DistTensorType expected = like.withElementType(local.getElementType());
  if (getResult().getType() != expected)
    return emitOpError() << "result type must be " << expected;
  return success();
}

LogicalResult ElementwiseOp::verifyRegions() {
  auto type = cast<DistTensorType>(getResult().getType());
  if (getInputs().empty())
    return emitOpError("expects at least one input (use dist.generate)");
  for (Value input : getInputs()) {
    auto inputType = cast<DistTensorType>(input.getType());
    if (failed(verifyCompatibleShape(inputType.getShape(), type.getShape())))
      return emitOpError() << "input " << inputType
                           << " does not have the global shape of the result "
                           << type;
    if (failed(verifySameTeam(*this, inputType, type)))
      return failure();
  }
  Block &body = getBody().front();
  if (body.getNumArguments() != getInputs().size())
    return emitOpError() << "body must take one argument per input ("
                         << getInputs().size() << ")";
  for (auto [arg, input] : llvm::zip(body.getArguments(), getInputs()))
    if (arg.getType() != cast<DistTensorType>(input.getType()).getElementType())
      return emitOpError() << "body argument #" << arg.getArgNumber()
                           << " must have the element type of input "
                           << input.getType();
  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield || yield.getValue().getType() != type.getElementType())
    return emitOpError() << "body must yield one " << type.getElementType();
  return verifyScalarBody(*this, body);
}

LogicalResult IndexOp::verify() {
  // dist.elementwise or dist.stencil (ParentOneOf): one dist tensor result.
  Operation *parent = (*this)->getParentOp();
  return verifyDimIndex(
      *this, cast<DistTensorType>(parent->getResult(0).getType()), getDim());
}

//===----------------------------------------------------------------------===//
// Binary ops: `%c = dist.add %a, %b : T` or `: T1, T2 -> T3`
//===----------------------------------------------------------------------===//

namespace {
ParseResult parseBinaryOp(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand lhs, rhs;
  Type lhsType, rhsType, resultType;
  if (parser.parseOperand(lhs) || parser.parseComma() ||
      parser.parseOperand(rhs) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon() ||
      parser.parseType(lhsType))
    return failure();
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseType(rhsType) || parser.parseArrow() ||
        parser.parseType(resultType))
      return failure();
  } else {
    rhsType = resultType = lhsType;
  }
  result.addTypes(resultType);
  return parser.resolveOperands({lhs, rhs}, {lhsType, rhsType},
                                parser.getCurrentLocation(), result.operands);
}

void printBinaryOp(OpAsmPrinter &printer, Operation *op) {
  printer << " " << op->getOperand(0) << ", " << op->getOperand(1);
  printer.printOptionalAttrDict(op->getAttrs());
  Type lhs = op->getOperand(0).getType(), rhs = op->getOperand(1).getType(),
       result = op->getResult(0).getType();
  printer << " : " << lhs;
  if (lhs != rhs || lhs != result)
    printer << ", " << rhs << " -> " << result;
}

LogicalResult verifyBinaryOp(Operation *op) {
  auto result = cast<DistTensorType>(op->getResult(0).getType());
  if (isa<MaxOp, MinOp>(op) && isa<ComplexType>(result.getElementType()))
    return op->emitOpError()
           << "is not defined for complex elements (they have no order)";
  for (Value operand : op->getOperands())
    if (failed(verifySameGlobalArray(
            op, cast<DistTensorType>(operand.getType()), result)))
      return failure();
  return success();
}
} // namespace

#define DIST_BINARY_OP(Op)                                                     \
  ParseResult Op::parse(OpAsmParser &parser, OperationState &result) {         \
    return parseBinaryOp(parser, result);                                      \
  }                                                                            \
  void Op::print(OpAsmPrinter &printer) { printBinaryOp(printer, *this); }     \
  LogicalResult Op::verify() { return verifyBinaryOp(*this); }
DIST_BINARY_OP(AddOp)
DIST_BINARY_OP(SubOp)
DIST_BINARY_OP(MulOp)
DIST_BINARY_OP(DivOp)
DIST_BINARY_OP(MaxOp)
DIST_BINARY_OP(MinOp)
#undef DIST_BINARY_OP

//===----------------------------------------------------------------------===//
// Reductions and redistribution
//===----------------------------------------------------------------------===//

LogicalResult ReduceOp::verify() {
  auto source = cast<DistTensorType>(getSource().getType());
  Type element = source.getElementType(), resultType = getResult().getType();
  ReduceKind kind = getKind();
  StringRef name = stringifyReduceKind(kind);
  // The element types each kind is defined for (numpy's bool reductions
  // are on booleans; a mean of integers would need a float result type).
  // The bitwise kinds share the enum for distruntime.allreduce (the shard
  // front end's bitwise reductions); dist lowers no local combine for them.
  if (kind == ReduceKind::band || kind == ReduceKind::bor ||
      kind == ReduceKind::bxor)
    return emitOpError() << name << " is not a dist reduction (it is "
                         << "distruntime.allreduce's, for shard programs)";
  if (kind == ReduceKind::mean && !isa<FloatType, ComplexType>(element))
    return emitOpError() << "mean needs a floating-point or complex element "
                            "type, not "
                         << element << " (convert the tensor first)";
  if (isa<ComplexType>(element) && kind != ReduceKind::sum &&
      kind != ReduceKind::prod && kind != ReduceKind::mean)
    return emitOpError() << name << " is not defined for " << element
                         << " elements (complex numbers have no order; "
                            "reduce their real parts or magnitudes)";
  if ((kind == ReduceKind::any || kind == ReduceKind::all) &&
      !element.isInteger(1))
    return emitOpError() << name << " needs i1 elements, not " << element
                         << " (compare with zero first)";
  bool arg = kind == ReduceKind::argmin || kind == ReduceKind::argmax;
  if (arg && !getAxis()) {
    if (!resultType.isIndex())
      return emitOpError() << name << " returns index, not " << resultType;
    return success();
  }
  if (!getAxis()) {
    if (resultType != element)
      return emitOpError() << "a full reduction returns " << element
                           << ", not " << resultType;
    return success();
  }
  int64_t axis = *getAxis();
  if (failed(verifyDimIndex(*this, source, axis)))
    return failure();
  auto result = dyn_cast<DistTensorType>(resultType);
  if (!result || source.getRank() < 2)
    return emitOpError() << "a reduction along an axis needs a source of rank "
                            ">= 2 and returns a !dist.tensor of rank one less";
  SmallVector<int64_t> expected(source.getShape());
  expected.erase(expected.begin() + axis);
  if (failed(verifyCompatibleShape(expected, result.getShape())) ||
      failed(verifySameTeam(*this, source, result)))
    return emitOpError() << "result " << result
                         << " must have the source shape without dimension "
                         << axis;
  // Indices along the axis are i64, as numpy's argmin/argmax return int64.
  if (arg && !result.getElementType().isInteger(64))
    return emitOpError() << name << " along an axis returns i64 indices, not "
                         << result.getElementType();
  if (arg)
    return success();
  return verifySameElementType(*this, element, result.getElementType());
}

LogicalResult ScanOp::verify() {
  auto source = cast<DistTensorType>(getSource().getType());
  ReduceKind kind = getKind();
  if (kind != ReduceKind::sum && kind != ReduceKind::prod &&
      kind != ReduceKind::min && kind != ReduceKind::max)
    return emitOpError() << "kind " << stringifyReduceKind(kind)
                         << " has no cumulative form (use sum, prod, min or "
                            "max)";
  if (isa<ComplexType>(source.getElementType()) && kind != ReduceKind::sum &&
      kind != ReduceKind::prod)
    return emitOpError() << stringifyReduceKind(kind) << " is not defined for "
                         << source.getElementType()
                         << " elements (complex numbers have no order)";
  return verifyDimIndex(*this, source, getAxis());
}

namespace {
/// Whether the runtime can reduce (or a parameter can hold) a scalar of
/// `type`: index, i1/i8/i16/i32/i64, f32 or f64.
bool isRuntimeScalar(Type type) {
  if (type.isIndex() || type.isF32() || type.isF64())
    return true;
  return type.isSignlessInteger() &&
         llvm::is_contained({1u, 8u, 16u, 32u, 64u}, type.getIntOrFloatBitWidth());
}
} // namespace

LogicalResult AllReduceOp::verify() {
  ReduceKind kind = getKind();
  Type type = getValue().getType();
  auto complex = dyn_cast<ComplexType>(type);
  bool complexOfF32OrF64 = complex && (complex.getElementType().isF32() ||
                                       complex.getElementType().isF64());
  if (!isRuntimeScalar(type) && !type.isF16() && !type.isBF16() &&
      !complexOfF32OrF64)
    return emitOpError() << "reduces index, i1, i8, i16, i32, i64, f16, bf16, "
                            "f32, f64, complex<f32> or complex<f64> values, "
                            "not "
                         << type;
  if (complex && kind != ReduceKind::sum && kind != ReduceKind::prod)
    return emitOpError() << stringifyReduceKind(kind) << " is not defined for "
                         << type << " (use sum or prod)";
  switch (kind) {
  case ReduceKind::sum:
  case ReduceKind::prod:
  case ReduceKind::min:
  case ReduceKind::max:
    return success();
  case ReduceKind::any:
  case ReduceKind::all:
    if (!type.isInteger(1))
      return emitOpError() << stringifyReduceKind(kind)
                           << " needs an i1 value, not " << type;
    return success();
  default:
    return emitOpError() << "kind " << stringifyReduceKind(kind)
                         << " is not a reduction of scalars (use sum, prod, "
                            "min, max, any or all)";
  }
}

namespace {
// The parameter syntax and rules are distruntime.param's (DistRuntime.h).
ParseResult parseParamDefault(OpAsmParser &parser, Attribute &value,
                              Type &type) {
  return distruntime::parseParamDefault(parser, value, type);
}

void printParamDefault(OpAsmPrinter &printer, ParamOp op, Attribute value,
                       Type type) {
  distruntime::printParamDefault(printer, op, value, type);
}
} // namespace

LogicalResult ParamOp::verify() {
  return distruntime::verifyParameter(*this, getName(), getResult().getType(),
                                      getDefaultValue());
}

LogicalResult ReshapeOp::verify() {
  auto source = cast<DistTensorType>(getSource().getType());
  auto result = cast<DistTensorType>(getResult().getType());
  if (failed(verifySameTeam(*this, source, result)) ||
      failed(verifySameElementType(*this, source.getElementType(),
                                   result.getElementType())) ||
      failed(verifyDynamicSizes(*this, result, getDynamicSizes())))
    return failure();
  if (source.getGlobalTensorType().hasStaticShape() &&
      result.getGlobalTensorType().hasStaticShape() &&
      source.getGlobalTensorType().getNumElements() !=
          result.getGlobalTensorType().getNumElements())
    return emitOpError() << "reshape changes the number of elements from "
                         << source.getGlobalTensorType().getNumElements()
                         << " to "
                         << result.getGlobalTensorType().getNumElements();
  return success();
}

LogicalResult PermuteOp::verify() {
  auto source = cast<DistTensorType>(getSource().getType());
  auto result = cast<DistTensorType>(getResult().getType());
  ArrayRef<int64_t> axes = getAxes();
  if (failed(distruntime::verifyPermutation(*this, axes, source.getRank())))
    return failure();
  SmallVector<int64_t> expected;
  for (int64_t axis : axes)
    expected.push_back(source.getShape()[axis]);
  if (failed(verifyCompatibleShape(expected, result.getShape())))
    return emitOpError() << "result " << result
                         << " is not the permuted source shape";
  if (failed(verifySameTeam(*this, source, result)))
    return failure();
  return verifySameElementType(*this, source.getElementType(),
                               result.getElementType());
}

LogicalResult RepartitionOp::verify() {
  return verifySameGlobalArray(*this,
                               cast<DistTensorType>(getSource().getType()),
                               cast<DistTensorType>(getResult().getType()));
}

LogicalResult GatherOp::verify() {
  auto source = cast<DistTensorType>(getSource().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (failed(verifyCompatibleShape(result, source.getGlobalTensorType())) ||
      result.getElementType() != source.getElementType())
    return emitOpError() << "result must be "
                         << source.getGlobalTensorType() << " (or a less "
                         << "static shape of it), got " << result;
  return success();
}

//===----------------------------------------------------------------------===//
// Stencils and printing
//===----------------------------------------------------------------------===//

LogicalResult ShiftOp::verify() {
  auto type = cast<DistTensorType>(getSource().getType());
  if (static_cast<int64_t>(getOffsets().size()) != type.getRank())
    return emitOpError() << "expects one offset per dimension ("
                         << type.getRank() << "), got "
                         << getOffsets().size();
  if (failed(verifyStencilWidths(*this, getOffsets(), "offset")))
    return failure();
  if (getPeriodic() == static_cast<bool>(getFill()))
    return emitOpError("expects either a fill value or 'periodic'");
  // The lowering extends the part by the offsets (a halo).
  SmallVector<int64_t> low, high;
  for (int64_t offset : getOffsets()) {
    low.push_back(std::max<int64_t>(0, -offset));
    high.push_back(std::max<int64_t>(0, offset));
  }
  if (failed(verifyExtendedSizesFit([&] { return emitOpError(); },
                                    type.getShape(), low, high,
                                    type.getElementType(), "the shift")))
    return failure();
  // A periodic shift is a wrapped halo (balanced blocks) or a roll
  // (copy_reshape, PeriodicLowering.cpp): any split dimension and any
  // grid works.
  // Fill shifts reach across ranks along any split dimension of any
  // partition: update_halo's rows (split 0), update_grid_halo's slabs
  // (balanced blocks), or a copy_reshape of the extended box (irregular
  // blocks along another dimension, Stencil.cpp).
  return success();
}

LogicalResult ExtendOp::verify() {
  auto type = cast<DistTensorType>(getSource().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  if (static_cast<int64_t>(getLow().size()) != type.getRank() ||
      static_cast<int64_t>(getHigh().size()) != type.getRank())
    return emitOpError() << "expects 'low' and 'high' widths for each of the "
                         << type.getRank() << " dimensions";
  if (llvm::any_of(getLow(), [](int64_t w) { return w < 0; }) ||
      llvm::any_of(getHigh(), [](int64_t w) { return w < 0; }))
    return emitOpError("halo widths must be non-negative");
  if (failed(verifyStencilWidths(*this, getLow(), "low width")) ||
      failed(verifyStencilWidths(*this, getHigh(), "high width")))
    return failure();
  if (result.getRank() != type.getRank() ||
      result.getElementType() != type.getElementType())
    return emitOpError() << "result must be a tensor of rank "
                         << type.getRank() << " and element type "
                         << type.getElementType();
  if (failed(verifyExtendedSizesFit([&] { return emitOpError(); },
                                    type.getShape(), getLow(), getHigh(),
                                    type.getElementType(), "the extension")))
    return failure();
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (d == type.getSplit() || type.isDynamicDim(d) ||
        result.isDynamicDim(d))
      continue;
    int64_t expected = type.getShape()[d] + getLow()[d] + getHigh()[d];
    if (result.getDimSize(d) != expected)
      return emitOpError() << "result dimension " << d << " must be "
                           << expected << " (global size + low + high)";
  }
  // The periodic halo goes through update_grid_halo, which computes the
  // neighbours' blocks with the balanced formula (any split dimension).
  if (getPeriodic()) {
    if (type.getBalanced())
      return success();
    return emitOpError("periodic halos need a balanced partition");
  }
  return success();
}

ArrayRef<int64_t> StencilOp::getShift(unsigned i) {
  int64_t rank = cast<DistTensorType>(getResult().getType()).getRank();
  return getShifts().slice(i * rank, rank);
}

DistTensorType StencilOp::getInputTensorType(unsigned i) {
  Type type = getInputs()[i].getType();
  if (auto halo = dyn_cast<HaloType>(type))
    return halo.getSourceType();
  return cast<DistTensorType>(type);
}

LogicalResult StencilOp::verifyRegions() {
  auto type = cast<DistTensorType>(getResult().getType());
  int64_t rank = type.getRank();
  size_t numInputs = getInputs().size();
  if (getShifts().size() != numInputs * rank)
    return emitOpError() << "expects " << rank << " shifts per input ("
                         << numInputs * rank << " in all), got "
                         << getShifts().size();
  bool anyHalo = false;
  for (auto [i, input] : llvm::enumerate(getInputs())) {
    DistTensorType inputType = getInputTensorType(i);
    // The lowering reads every input in the result's partition, and
    // windows of a halo at the result's indices.
    if (failed(verifyCompatibleShape(inputType.getShape(), type.getShape())) ||
        !inputType.hasSamePartitionAs(type))
      return emitOpError() << "input #" << i << " (" << inputType
                           << ") must have the global shape and the balanced "
                              "partition of the result "
                           << type;
    ArrayRef<int64_t> shift = getShift(i);
    auto halo = dyn_cast<HaloType>(input.getType());
    if (!halo) {
      if (llvm::any_of(shift, [](int64_t s) { return s != 0; }))
        return emitOpError() << "input #" << i
                             << " is not a halo and must have a zero shift";
      continue;
    }
    anyHalo = true;
    for (int64_t d = 0; d < rank; ++d)
      if (shift[d] < -halo.getLow()[d] || shift[d] > halo.getHigh()[d])
        return emitOpError()
               << "shift " << shift[d] << " of input #" << i
               << " in dimension " << d << " is outside its halo [-"
               << halo.getLow()[d] << ", " << halo.getHigh()[d] << "]";
    // A halo without corners holds the faces only: the lowering would read
    // a corner that no rank sent.
    if (!halo.getCorners() && halo.readsCorner(shift))
      return emitOpError() << "shift [" << shift << "] of input #" << i
                           << " reads a corner of its halo, which has "
                              "'corners = false'";
  }
  if (!anyHalo)
    return emitOpError("expects at least one halo input (otherwise it is a "
                       "dist.elementwise)");
  Block &body = getBody().front();
  if (body.getNumArguments() != numInputs)
    return emitOpError() << "body must take one argument per input ("
                         << numInputs << ")";
  for (auto [i, arg] : llvm::enumerate(body.getArguments()))
    if (arg.getType() != getInputTensorType(i).getElementType())
      return emitOpError() << "body argument #" << i
                           << " must have the element type of input "
                           << getInputs()[i].getType();
  auto yield = dyn_cast<YieldOp>(body.getTerminator());
  if (!yield || yield.getValue().getType() != type.getElementType())
    return emitOpError() << "body must yield one " << type.getElementType();
  return verifyScalarBody(*this, body);
}

#define GET_OP_CLASSES
#include "dialect/Dist/DistOps.cpp.inc"
