//===- DistIOOps.cpp - dist printing and file I/O ops ---------------------===//
//
// Verifiers of dist.print, dist.save and dist.load, and the element formats
// they share with the lowering (DistIO.h).
//
//===----------------------------------------------------------------------===//

#include "dialect/Dist/Dist.h"
#include "dialect/Dist/DistIO.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::dist;

std::optional<StringRef> mlir::dist::npyDescr(Type type) {
  if (type.isF64())
    return StringRef("<f8");
  if (type.isF32())
    return StringRef("<f4");
  if (type.isF16())
    return StringRef("<f2");
  if (type.isInteger(1))
    return StringRef("|b1");
  if (type.isSignlessInteger(8))
    return StringRef("|i1");
  if (type.isSignlessInteger(16))
    return StringRef("<i2");
  if (type.isSignlessInteger(32))
    return StringRef("<i4");
  if (type.isSignlessInteger(64))
    return StringRef("<i8");
  if (auto complex = dyn_cast<ComplexType>(type)) {
    if (complex.getElementType().isF32())
      return StringRef("<c8");
    if (complex.getElementType().isF64())
      return StringRef("<c16");
  }
  return std::nullopt;
}

bool mlir::dist::isValidPathText(StringRef path) {
  return !path.empty() && path.find_first_of(StringRef("\t\n\0", 3)) ==
                              StringRef::npos;
}

std::optional<std::string>
mlir::dist::elementPrintFormat(Type type, StringRef format, int64_t precision,
                               std::string &error) {
  if (auto complex = dyn_cast<ComplexType>(type))
    type = complex.getElementType();
  bool isFloat = isa<FloatType>(type);
  if (format.empty()) {
    if (!isFloat || precision < 0)
      return std::string(isFloat ? "%g" : "%lld");
    return "%." + std::to_string(precision) + "g";
  }
  // One conversion: '%', flags, width, '.' precision, the conversion
  // letter, and nothing else (the runtime passes one value).
  size_t i = 0, n = format.size();
  if (n < 2 || format[0] != '%') {
    error = "must be one printf conversion starting with '%'";
    return std::nullopt;
  }
  i = 1;
  while (i < n && StringRef("-+ #0").contains(format[i]))
    ++i;
  while (i < n && llvm::isDigit(format[i]))
    ++i;
  if (i < n && format[i] == '.') {
    ++i;
    while (i < n && llvm::isDigit(format[i]))
      ++i;
  }
  if (i + 1 != n) {
    error = "must be one printf conversion (flags, width, precision and a "
            "conversion letter, no length modifier, '*' or other text)";
    return std::nullopt;
  }
  char conversion = format[i];
  StringRef floats = "eEfFgGaA", integers = "diuxXo";
  if (isFloat ? !floats.contains(conversion)
              : !integers.contains(conversion)) {
    error = (Twine("'") + Twine(conversion) + "' is not a conversion of " +
             (isFloat ? "floats (e E f F g G a A)"
                      : "integers (d i u x X o)"))
                .str();
    return std::nullopt;
  }
  if (isFloat)
    return format.str();
  return (format.drop_back() + "ll" + Twine(conversion)).str();
}

bool mlir::dist::printsThroughRuntime(Type type, bool formatted) {
  if (formatted)
    return true;
  Type element = getElementTypeOrSelf(type);
  if (auto dist = dyn_cast<DistTensorType>(type))
    element = dist.getElementType();
  // Halves: the runtime prints their shortest digits (vector.print would
  // print the widened value with %g).
  return isa<ComplexType>(element) || element.isF16() || element.isBF16();
}

LogicalResult PrintOp::verify() {
  Type type = getValue().getType();
  if (!isa<DistTensorType, RankedTensorType, ComplexType>(type) &&
      !type.isIntOrIndexOrFloat())
    return emitOpError() << "can print a scalar, a ranked tensor or a "
                            "!dist.tensor, not "
                         << type;
  std::optional<int64_t> precision = getPrecision();
  if (precision && getFormat())
    return emitOpError() << "takes either precision or format, not both";
  if (precision && (*precision < 0 || *precision > 40))
    return emitOpError() << "precision " << *precision
                         << " is not between 0 and 40";
  if (!printsThroughRuntime(type, isFormatted()))
    return success();
  Type element = getElementTypeOrSelf(type);
  if (auto dist = dyn_cast<DistTensorType>(type))
    element = dist.getElementType();
  if (element.isIndex())
    element = IntegerType::get(getContext(), 64);
  if (!npyDescr(element) && !element.isBF16())
    return emitOpError() << "cannot print elements of type " << element
                         << " with numpy, precision or format";
  std::string error;
  if (!elementPrintFormat(element, getFormat().value_or(""),
                          precision.value_or(-1), error))
    return emitOpError() << "format \"" << *getFormat() << "\" for "
                         << element << ": " << error;
  return success();
}

namespace {
LogicalResult verifyFile(Operation *op, StringRef path,
                         std::optional<StringRef> param, Type type) {
  if (!isValidPathText(path))
    return op->emitOpError()
           << "path must be non-empty and hold no tab, newline or NUL";
  if (param && (param->empty() || param->front() == '-' || *param == "help" ||
                !llvm::all_of(*param, [](char c) {
                  return llvm::isAlnum(c) || c == '_' || c == '-';
                })))
    return op->emitOpError()
           << "parameter name \"" << *param
           << "\" must be non-empty, consist of letters, digits, '_' and "
              "'-' (not starting with '-') and not be \"help\"";
  auto dist = cast<DistTensorType>(type);
  if (dist.getRank() == 0)
    return op->emitOpError() << "needs a tensor of rank 1 or more";
  if (!npyDescr(dist.getElementType()))
    return op->emitOpError()
           << ".npy files hold f64, f32, f16, i64, i32, i16, i8, i1, "
              "complex<f32> or complex<f64> elements, not "
           << dist.getElementType();
  return success();
}
} // namespace

// On a process grid too: a rank's block is a box of the global array,
// which the runtime's MPI-IO file view selects whatever its offsets.
LogicalResult SaveOp::verify() {
  return verifyFile(*this, getPath(), getParam(), getSource().getType());
}

LogicalResult LoadOp::verify() {
  return verifyFile(*this, getPath(), getParam(), getResult().getType());
}
