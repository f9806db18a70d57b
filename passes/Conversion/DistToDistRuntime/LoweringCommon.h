//===- LoweringCommon.h - shared pieces of the dist lowering ----*- C++ -*-===//
//
// The helpers and the pattern base class that the files lowering dist ops
// share: ConvertDistToDistRuntime.cpp (the pass, element-wise, data
// movement, stencils, printing), CreationLowering.cpp (team queries and
// creation ops), ReductionLowering.cpp and ScanLowering.cpp;
// FormStencils.cpp uses nameLocationsAfterOps. Internal to
// distc-form-stencils and convert-dist-to-distruntime.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_DISTTODISTRUNTIME_LOWERINGCOMMON_H
#define DISTC_PASSES_DISTTODISTRUNTIME_LOWERINGCOMMON_H

#include "passes/Conversion/DistToDistRuntime/DistLayout.h"
#include "passes/Conversion/DistToDistRuntime/Stencil.h"

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

/// The box that this rank receives of a redistribution of one global
/// array over `team`, waited for (copy_reshape + wait): `input` is this
/// rank's box at `offsets` of the array of `shape`; the result, of
/// `resultType`, is its box at `newOffsets` of `newSizes` of the array
/// reshaped to `newShape`.
Value copyReshapeAndWait(OpBuilder &b, Location loc,
                         RankedTensorType resultType, Value input,
                         ValueRange shape, ValueRange offsets,
                         ValueRange newShape, ValueRange newOffsets,
                         ValueRange newSizes, int64_t team);

/// Clones the single-block `region` with its arguments bound to `args` and
/// returns the value its dist.yield yields; dist.index ops become
/// `globalIndex` (they are only allowed directly in the body of
/// dist.elementwise).
Value inlineBody(OpBuilder &b, Region &region, ValueRange args,
                 GlobalIndexFn globalIndex = nullptr);

/// The box [offsets, offsets + sizes) of the global array `source` on this
/// rank, waited for: one copy_reshape (every rank may ask for the same box,
/// a broadcast; an empty box asks for nothing). The result has only dynamic
/// dimensions.
Value fetchBox(OpBuilder &b, Location loc, const DistParts &source,
               dist::DistTensorType type, ArrayRef<Value> offsets,
               ArrayRef<Value> sizes);

/// Element-wise reduction of `value` over the team, waited for.
Value allReduce(OpBuilder &b, Location loc, dist::ReduceKind kind, Value value,
                int64_t team);

/// Stops the program when `ok` is false: `_idtr_check_failed` reports
/// "<file>:<line>:<col>: error: <message>" (the first file location in
/// `loc`, i.e. the user's op) followed by ": v0" or ": v0 vs v1" for the
/// (at most two) integer or index `values`, and aborts the job with a
/// non-zero exit. Unlike cf.assert it raises no signal and prints no
/// backtrace, and all ranks report the same way as runtime errors do.
void checkAtRunTime(OpBuilder &b, Location loc, Value ok, StringRef message,
                    ValueRange values = {});

/// Checks at run time that the sizes `actual` and `expected` are equal,
/// reporting "<message>: <actual> vs <expected>" otherwise. Emits nothing
/// when they are the same value or equal constants (statically equal).
void checkSameSize(OpBuilder &b, Location loc, Value actual, Value expected,
                   StringRef message);

/// Checks at run time that the product of `sizes` elements of `elementType`
/// is a valid size: every size non-negative and the byte count within
/// int64. Constant sizes are checked by the verifiers and skipped here.
void checkShapeFits(OpBuilder &b, Location loc, StringRef opName,
                    ArrayRef<Value> sizes, Type elementType);

/// `shape` (the run-time global shape of a value of `type`) with constants
/// for the static dimensions of `type`: they hold by construction, and
/// checks between constants fold away.
SmallVector<Value> knownShape(OpBuilder &b, Location loc,
                              dist::DistTensorType type, ArrayRef<Value> shape);

/// The product of `sizes` (a constant when they all are).
Value elementCount(OpBuilder &b, Location loc, ArrayRef<Value> sizes);

/// Checks that `values` (global shapes of operands, one list per operand)
/// agree dimension by dimension with the first, and with the static
/// dimensions of `resultShape`. `opName` names the op in the message.
void checkSameShapes(OpBuilder &b, Location loc, StringRef opName,
                     ArrayRef<SmallVector<Value>> shapes,
                     ArrayRef<int64_t> resultShape);

/// Checks that the static dimensions of `type` hold in `shape`, reporting
/// "<opName>: the <what> size along dimension d differs from <type>".
void checkStaticDims(OpBuilder &b, Location loc, StringRef opName,
                     StringRef what, ArrayRef<Value> shape,
                     ArrayRef<int64_t> staticShape, Type type);

/// Wraps the location of every dist op in a NameLoc of the op's name
/// ("dist.gather"), so that the ops it lowers to carry the name of the
/// user's op along with its position: the runtime names it in its errors
/// and statistics (IDTRCallBuilder.cpp, docs/runtime.md). Diagnostics
/// and debug info look through NameLocs to the file position. An op whose
/// location is named after a dist op already keeps it: the ops that
/// distc-form-stencils builds (it runs this first) carry the name of the
/// user's op they come from ("dist.shift", "dist.add"), not their own.
void nameLocationsAfterOps(Operation *root);

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
/// dist.add of a dist.permute as one accumulating copy_permute, ahead of
/// the element-wise lowering (AccumulatingPermute.cpp).
void populateAccumulatingPermutePatterns(TypeConverter &converter,
                                         RewritePatternSet &patterns);
/// dist.reduce (ReductionLowering.cpp).
void populateReductionPatterns(TypeConverter &converter,
                               RewritePatternSet &patterns);
/// dist.scan (ScanLowering.cpp).
void populateScanPatterns(TypeConverter &converter,
                          RewritePatternSet &patterns);

/// dist.slice, insert_slice and concat (SliceLowering.cpp).
void populateSlicePatterns(TypeConverter &converter,
                           RewritePatternSet &patterns);
/// dist.shift ... periodic (PeriodicLowering.cpp).
void populatePeriodicPatterns(TypeConverter &converter,
                              RewritePatternSet &patterns);
/// Stops the program unless a periodic shift by `offset` along dimension
/// `d` fits: |offset| <= size, or size == 0 (PeriodicLowering.cpp).
void checkOffsetFits(OpBuilder &b, Location loc, Value size, int64_t offset,
                     int64_t d);
/// dist.matmul (MatmulLowering.cpp).
void populateMatmulPatterns(TypeConverter &converter,
                            RewritePatternSet &patterns);

/// dist.allreduce, dist.param and dist.wtime (ProgramLowering.cpp).
void populateProgramPatterns(TypeConverter &converter,
                             RewritePatternSet &patterns);

/// dist.print, dist.save and dist.load (IOLowering.cpp).
void populateIOPatterns(TypeConverter &converter, RewritePatternSet &patterns);

} // namespace mlir::distc::lowering

#endif // DISTC_PASSES_DISTTODISTRUNTIME_LOWERINGCOMMON_H
