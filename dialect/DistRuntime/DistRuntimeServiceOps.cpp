//===- DistRuntimeServiceOps.cpp - runtime-service op verifiers -----------===//
//
// The checks of print, the .npy ops, param, check and grid_factor that ODS
// cannot state (DistRuntimeServiceOps.td), and the parameter rules that
// dist.param shares.
//
//===----------------------------------------------------------------------===//

#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::distruntime;

//===----------------------------------------------------------------------===//
// Parameters
//===----------------------------------------------------------------------===//

/// The scalar types a parameter holds: index, i1/i8/i16/i32/i64, f32, f64.
static bool isParameterType(Type type) {
  if (type.isIndex() || type.isF32() || type.isF64())
    return true;
  return type.isSignlessInteger() &&
         llvm::is_contained({1u, 8u, 16u, 32u, 64u},
                            type.getIntOrFloatBitWidth());
}

LogicalResult mlir::distruntime::verifyParameter(Operation *op, StringRef name,
                                                 Type type, Attribute value) {
  // Names become `--name` options: letters, digits, '_' and '-', not
  // starting with '-', and never "help", which lists the parameters.
  if (name.empty() || name.front() == '-' ||
      !llvm::all_of(name, [](char c) {
        return llvm::isAlnum(c) || c == '_' || c == '-';
      }))
    return op->emitOpError()
           << "parameter name \"" << name
           << "\" must be non-empty and consist of letters, digits, '_' and "
              "'-' (not starting with '-')";
  if (name == "help")
    return op->emitOpError() << "parameter name \"help\" is reserved for "
                                "--help, which lists the parameters";
  if (!isParameterType(type))
    return op->emitOpError() << "a parameter is of type index, i1, i8, i16, "
                                "i32, i64, f32 or f64, not "
                             << type;
  if (type.isInteger(1)) {
    if (!isa<BoolAttr>(value))
      return op->emitOpError()
             << "the default of an i1 parameter is true or false, not "
             << value;
    return success();
  }
  auto typed = dyn_cast<TypedAttr>(value);
  if (typed && !isa<BoolAttr>(value) && typed.getType() != type)
    return op->emitOpError() << "the default " << value
                             << " does not have the result type " << type;
  if (isa<FloatType>(type)) {
    if (!isa<FloatAttr, IntegerAttr>(value) || isa<BoolAttr>(value))
      return op->emitOpError() << "the default of a " << type
                               << " parameter is a number, not " << value;
    return success();
  }
  if (!isa<IntegerAttr>(value) || isa<BoolAttr>(value))
    return op->emitOpError()
           << "the default of an integer parameter is an integer, not "
           << value;
  return success();
}

ParseResult mlir::distruntime::parseParamDefault(OpAsmParser &parser,
                                                 Attribute &value,
                                                 Type &type) {
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseAttribute(value))
    return failure();
  if (isa<BoolAttr>(value))
    return parser.parseColonType(type);
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed || !isa<IntegerAttr, FloatAttr>(value))
    return parser.emitError(loc, "expected a number, true or false");
  type = typed.getType();
  return success();
}

void mlir::distruntime::printParamDefault(OpAsmPrinter &printer, Operation *,
                                          Attribute value, Type type) {
  printer.printAttributeWithoutType(value);
  printer << " : " << type;
}

LogicalResult ParamOp::verify() {
  return verifyParameter(*this, getName(), getResult().getType(),
                         getDefaultValue());
}

//===----------------------------------------------------------------------===//
// .npy files
//===----------------------------------------------------------------------===//

/// One `what` value per dimension of a rank-`rank` array.
static LogicalResult verifyPerDimension(Operation *op, StringRef what,
                                        size_t count, int64_t rank) {
  if (static_cast<int64_t>(count) == rank)
    return success();
  return op->emitOpError() << "needs one " << what
                           << " value per dimension of the array (" << rank
                           << "), got " << count;
}

/// A path parameter's name follows the rules of any parameter name.
static LogicalResult verifyPathParam(Operation *op,
                                     std::optional<StringRef> param) {
  if (!param)
    return success();
  return verifyParameter(op, *param, IndexType::get(op->getContext()),
                         IntegerAttr::get(IndexType::get(op->getContext()), 0));
}

LogicalResult NpySaveOp::verify() {
  int64_t rank = getPart().getType().getRank();
  if (failed(verifyPerDimension(*this, "g_shape", getGShape().size(), rank)) ||
      failed(verifyPerDimension(*this, "l_offs", getLOffs().size(), rank)))
    return failure();
  return verifyPathParam(*this, getParam());
}

LogicalResult NpyReadHeaderOp::verify() {
  auto type = cast<RankedTensorType>(getArrayType());
  if (failed(verifyPerDimension(*this, "global_shape result",
                                getGlobalShape().size(), type.getRank())))
    return failure();
  return verifyPathParam(*this, getParam());
}

LogicalResult NpyLoadOp::verify() {
  ShapedType type = getResult().getType();
  int64_t rank = type.getRank();
  if (failed(verifyPerDimension(*this, "g_shape", getGShape().size(), rank)) ||
      failed(verifyPerDimension(*this, "l_offs", getLOffs().size(), rank)))
    return failure();
  if (static_cast<int64_t>(getLSizes().size()) != type.getNumDynamicDims())
    return emitOpError() << "needs one l_sizes value per dynamic dimension of "
                            "the result ("
                         << type.getNumDynamicDims() << "), got "
                         << getLSizes().size();
  return verifyPathParam(*this, getParam());
}

//===----------------------------------------------------------------------===//
// check, grid_factor
//===----------------------------------------------------------------------===//

LogicalResult CheckOp::verify() {
  // The runtime appends at most two values (": a vs b").
  if (getValues().size() > 2)
    return emitOpError() << "reports at most 2 values, got "
                         << getValues().size();
  for (Value value : getValues())
    if (!value.getType().isIndex() &&
        value.getType().getIntOrFloatBitWidth() > 64)
      return emitOpError() << "reports values of at most 64 bits, got "
                           << value.getType();
  return success();
}

LogicalResult GridFactorOp::verify() {
  if (getAxis() >= getAxes())
    return emitOpError() << "axis " << getAxis()
                         << " is out of range for a grid of " << getAxes()
                         << " axes";
  return success();
}

//===----------------------------------------------------------------------===//
// CopyRowsOp
//===----------------------------------------------------------------------===//

std::optional<std::string>
mlir::distruntime::whyNotCopyRowsView(MemRefType type) {
  SmallVector<int64_t> strides;
  int64_t offset;
  if (type.getRank() != 2 ||
      failed(type.getStridesAndOffset(strides, offset)) || strides.back() != 1)
    return std::string("does not have contiguous rows (innermost stride 1)");
  Type element = type.getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
    return std::string("does not have elements of whole bytes");
  if (type.getMemorySpace())
    return std::string("is not in the default memory space");
  return std::nullopt;
}

LogicalResult CopyRowsOp::verify() {
  auto source = cast<MemRefType>(getSource().getType());
  auto target = cast<MemRefType>(getTarget().getType());
  if (source.getElementType() != target.getElementType())
    return emitOpError() << "source element type " << source.getElementType()
                         << " differs from target element type "
                         << target.getElementType();
  if (failed(verifyCompatibleShape(source, target)))
    return emitOpError() << "source shape differs from target shape";
  for (auto [name, type] : {std::pair{"source", source}, {"target", target}})
    if (std::optional<std::string> why = whyNotCopyRowsView(type))
      return emitOpError() << name << " " << type << " " << *why;
  return success();
}
