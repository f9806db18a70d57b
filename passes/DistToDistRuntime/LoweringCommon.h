//===- LoweringCommon.h - shared pieces of the dist lowering ----*- C++ -*-===//
//
// The helpers and the pattern base class that the files lowering dist ops
// share: ConvertDistToDistRuntime.cpp (the pass, element-wise, data
// movement, stencils, printing), CreationLowering.cpp (team queries and
// creation ops) and ReductionLowering.cpp. Internal to
// convert-dist-to-distruntime.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_DISTTODISTRUNTIME_LOWERINGCOMMON_H
#define DISTC_PASSES_DISTTODISTRUNTIME_LOWERINGCOMMON_H

#include "passes/DistToDistRuntime/DistLayout.h"
#include "passes/DistToDistRuntime/Stencil.h"

#include "dialect/Dist/Dist.h"
#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Transforms/DialectConversion.h"

namespace mlir::distc::lowering {

/// The values of several converted operands, in order.
SmallVector<Value> flattenValues(ArrayRef<ValueRange> ranges);

dist::DistTensorType distType(Value value);

/// An async distruntime op's result, valid after the wait emitted here.
template <typename OpTy> OpTy createAndWait(OpBuilder &b, OpTy op) {
  distruntime::WaitOp::create(b, op.getLoc(), op.getHandle());
  return op;
}

/// Clones the single-block `region` with its arguments bound to `args` and
/// returns the value its dist.yield yields; dist.index ops become
/// `globalIndex` (they are only allowed directly in the body of
/// dist.elementwise).
Value inlineBody(OpBuilder &b, Region &region, ValueRange args,
                 GlobalIndexFn globalIndex = nullptr);

/// Element-wise reduction of `value` over the team, waited for.
Value allReduce(OpBuilder &b, Location loc, dist::ReduceKind kind, Value value,
                int64_t team);

/// Stops the program with `message` on this rank when `ok` is false.
void checkAtRunTime(OpBuilder &b, Location loc, Value ok, StringRef message);

template <typename Op> struct DistPattern : public OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  using OneToNOpAdaptor = typename OpConversionPattern<Op>::OneToNOpAdaptor;

  static DistParts parts(ValueRange values) {
    return DistParts::unflatten(values);
  }
  static void replace(ConversionPatternRewriter &rewriter, Operation *op,
                      const DistParts &result) {
    rewriter.replaceOpWithMultiple(op, {result.flatten()});
  }
};

/// Team queries and creation ops (CreationLowering.cpp).
void populateCreationPatterns(TypeConverter &converter,
                              RewritePatternSet &patterns);
/// dist.reduce (ReductionLowering.cpp).
void populateReductionPatterns(TypeConverter &converter,
                               RewritePatternSet &patterns);

} // namespace mlir::distc::lowering

#endif // DISTC_PASSES_DISTTODISTRUNTIME_LOWERINGCOMMON_H
