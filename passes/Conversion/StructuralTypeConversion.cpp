//===- StructuralTypeConversion.cpp - types through calls and regions -----===//

#include "passes/Conversion/StructuralTypeConversion.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

void mlir::distc::populateStructuralTypeConversions(
    const TypeConverter &converter, RewritePatternSet &patterns,
    ConversionTarget &target) {
  target.markUnknownOpDynamicallyLegal([&converter](Operation *op) {
    if (auto func = dyn_cast<FunctionOpInterface>(op)) {
      auto type = dyn_cast<FunctionType>(func.getFunctionType());
      return !type || (converter.isSignatureLegal(type) &&
                       converter.isLegal(&func.getFunctionBody()));
    }
    return converter.isLegal(op);
  });
  populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                 converter);
  populateCallOpTypeConversionPattern(patterns, converter);
  populateReturnOpTypeConversionPattern(patterns, converter);
  populateBranchOpInterfaceTypeConversionPattern(patterns, converter);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
}
