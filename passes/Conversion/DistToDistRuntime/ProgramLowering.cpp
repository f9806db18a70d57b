//===- ProgramLowering.cpp - program-level scalars ------------------------===//
//
// dist.allreduce (a one-element distruntime.allreduce), dist.param and
// dist.wtime (distruntime.param and distruntime.wtime, the same ops of the
// runtime boundary).
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"
#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::lowering;
using namespace mlir::dist;

namespace {

struct AllReduceLowering : public DistPattern<AllReduceOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(AllReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value value = adaptor.getValue().front();
    Type type = value.getType();
    // The runtime has no index entry points: reduce it as i64.
    if (type.isIndex())
      value = arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(),
                                         value);
    ReduceKind kind = op.getKind();
    if (kind == ReduceKind::any)
      kind = ReduceKind::max; // i1: or
    else if (kind == ReduceKind::all)
      kind = ReduceKind::min; // i1: and
    Value tensor = tensor::FromElementsOp::create(
        rewriter, loc, RankedTensorType::get({}, value.getType()), value);
    Value reduced = allReduce(rewriter, loc, kind, tensor, op.getTeam());
    Value result =
        tensor::ExtractOp::create(rewriter, loc, reduced, ValueRange{});
    if (type.isIndex())
      result = arith::IndexCastOp::create(rewriter, loc, type, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ParamLowering : public DistPattern<ParamOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(ParamOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<distruntime::ParamOp>(
        op, op.getResult().getType(), op.getNameAttr(), op.getDefaultValue());
    return success();
  }
};

struct WtimeLowering : public DistPattern<WtimeOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(WtimeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<distruntime::WtimeOp>(op,
                                                      rewriter.getF64Type());
    return success();
  }
};

} // namespace

void mlir::distc::lowering::populateProgramPatterns(TypeConverter &converter,
                                                    RewritePatternSet &patterns) {
  patterns.add<AllReduceLowering, ParamLowering, WtimeLowering>(
      converter, patterns.getContext());
}
