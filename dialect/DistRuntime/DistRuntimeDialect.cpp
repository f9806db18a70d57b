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
