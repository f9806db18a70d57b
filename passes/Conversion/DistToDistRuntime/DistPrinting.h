//===- DistPrinting.h - printing values once per team -----------*- C++ -*-===//
#ifndef DISTC_PASSES_DISTTODISTRUNTIME_DISTPRINTING_H
#define DISTC_PASSES_DISTTODISTRUNTIME_DISTPRINTING_H

#include "mlir/IR/Builders.h"

namespace mlir::distc {

/// Emits code that prints `value` (a scalar or a ranked tensor) followed by
/// a newline, in vector.print's format: `( ( 1, 2 ), ( 3, 4 ) )`.
void emitPrint(OpBuilder &b, Location loc, Value value);

} // namespace mlir::distc

#endif // DISTC_PASSES_DISTTODISTRUNTIME_DISTPRINTING_H
