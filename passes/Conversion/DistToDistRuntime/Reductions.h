//===- Reductions.h - element combination for reductions --------*- C++ -*-===//
//
// The combining operations of the reduction kinds, shared by dist.reduce
// (ReductionLowering.cpp) and dist.scan (ScanLowering.cpp). Internal to
// convert-dist-to-distruntime.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_DISTTODISTRUNTIME_REDUCTIONS_H
#define DISTC_PASSES_DISTTODISTRUNTIME_REDUCTIONS_H

#include "dialect/Dist/Dist.h"

#include "mlir/IR/Builders.h"

namespace mlir::distc::lowering {

/// `lhs (+) rhs` for one of sum, prod, min and max (the lowering maps the
/// other kinds to these first): NaN-propagating min/max for floats, signed
/// for integers, or/and for i1, sum and prod only for complex numbers.
Value combine(OpBuilder &b, Location loc, dist::ReduceKind kind, Value lhs,
              Value rhs);

/// The identity of `kind` (sum, prod, min or max) for elements of `type`.
Value identity(OpBuilder &b, Location loc, dist::ReduceKind kind, Type type);

/// Reduces `local` over `dims` into a fresh tensor of the remaining shape,
/// accumulating in `accType` (default: the element type; a wider float
/// type extends every element first).
Value reduceLocal(OpBuilder &b, Location loc, dist::ReduceKind kind,
                  Value local, ArrayRef<int64_t> dims, Type accType = {});

} // namespace mlir::distc::lowering

#endif // DISTC_PASSES_DISTTODISTRUNTIME_REDUCTIONS_H
