//===- DistRuntimeDialect.cpp - distruntime dialect and type -------------===//

#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::distruntime;

#include "dialect/DistRuntime/DistRuntimeOpsDialect.cpp.inc"
#include "dialect/DistRuntime/DistRuntimeEnums.cpp.inc"
#include "dialect/DistRuntime/DistRuntimeInterfaces.cpp.inc"

#define GET_TYPEDEF_CLASSES
#include "dialect/DistRuntime/DistRuntimeOpsTypes.cpp.inc"

// `!distruntime.asynchandle` is opaque: a parameter list after it is an
// error, not silently dropped.
Type DistRuntimeDialect::parseType(DialectAsmParser &parser) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Type type;
  OptionalParseResult parsed = generatedTypeParser(parser, &mnemonic, type);
  if (!parsed.has_value()) {
    // The wording of the generated parser.
    parser.emitError(loc, "unknown  type `") << mnemonic << "` in dialect `distruntime`";
    return {};
  }
  if (failed(*parsed))
    return {};
  SMLoc paramsLoc = parser.getCurrentLocation();
  if (isa<AsyncHandleType>(type) && succeeded(parser.parseOptionalLess())) {
    parser.emitError(paramsLoc, "'!distruntime.asynchandle' has no parameters");
    return {};
  }
  return type;
}

void DistRuntimeDialect::printType(Type type, DialectAsmPrinter &printer) const {
  (void)generatedTypePrinter(type, printer);
}

void DistRuntimeDialect::initialize() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "dialect/DistRuntime/DistRuntimeOpsTypes.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "dialect/DistRuntime/DistRuntimeOps.cpp.inc"
      >();
}
