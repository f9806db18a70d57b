//===- OpLowerings.cpp - one conversion pattern per distruntime op --------===//
//
// Every pattern builds its runtime call through IDTRCallBuilder, which owns
// the conventions of the ABI (unranked memref descriptors, output buffers
// handed back as tensors after the wait, the location and flags calls).
// What is particular to an op stays here: which buffers it passes, how an
// accumulating permute writes into its accumulator, the halo's split of
// its bounding box into left and right parts.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistRuntimeToIDTR/HaloKey.h"
#include "passes/Conversion/DistRuntimeToIDTR/IDTRCallBuilder.h"
#include "passes/Passes.h"
#include "passes/TensorSizes.h"

#include "dialect/DistRuntime/DistRuntime.h"
#include "runtime/include/idtr/idtr.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::idtr_lowering;
using namespace mlir::distruntime;

namespace {

// The reduction kinds have the values of the runtime's reduction codes
// (dialect/DistRuntime/ReduceKind.td): the code is the kind's value.
static_assert(static_cast<int32_t>(ReduceKind::max) == IDTR_MAX &&
                  static_cast<int32_t>(ReduceKind::mean) == IDTR_MEAN &&
                  static_cast<int32_t>(ReduceKind::min) == IDTR_MIN &&
                  static_cast<int32_t>(ReduceKind::prod) == IDTR_PROD &&
                  static_cast<int32_t>(ReduceKind::sum) == IDTR_SUM &&
                  static_cast<int32_t>(ReduceKind::band) == IDTR_BAND &&
                  static_cast<int32_t>(ReduceKind::bor) == IDTR_BOR &&
                  static_cast<int32_t>(ReduceKind::bxor) == IDTR_BXOR,
              "ReduceKind.td and idtr.h number the reductions differently");

int32_t reductionCode(ReduceKind kind) { return static_cast<int32_t>(kind); }

struct CopyReshapeLowering : public OpConversionPattern<CopyReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CopyReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    ShapedType outType = op.getNlArray().getType();
    Value out = b.allocate(outType, adaptor.getNlShape());
    return b.replaceByStart(
        IDTRFunction::CopyReshape,
        {b.i64Constant(op.getTeam()), b.indexList(adaptor.getGShape()),
         b.indexList(adaptor.getLOffsets()), b.inputArray(adaptor.getLArray()),
         b.indexList(adaptor.getNgShape()), b.indexList(adaptor.getNlOffsets()),
         b.unranked(out)},
        out, outType);
  }
};

/// Whether `value` has a use that may run after `op` (anything but `op`
/// itself and ops before it in its block).
bool usedAfter(Value value, Operation *op) {
  return llvm::any_of(value.getUses(), [&](OpOperand &use) {
    if (use.getOwner() == op)
      return false;
    Operation *inBlock = op->getBlock()->findAncestorOpInBlock(*use.getOwner());
    return !inBlock || !inBlock->isBeforeInBlock(op);
  });
}

/// copy_permute fills a new buffer. With `add_into %acc` the runtime adds
/// into an existing one (`_idtr_copy_permute_add_T`):
///
/// - %acc used after the op: into a copy of %acc made here, a fresh buffer
///   the result alone views (what bufferization would otherwise make, once
///   for the runtime's write and once for the result);
/// - otherwise into %acc's own buffer (destinationBuffer): bufferization
///   still copies it first if a tensor sharing it is read later. The result
///   is that buffer after the wait, materialized in %acc by a linalg.copy
///   into %acc: a copy of the buffer onto itself, which canonicalization
///   erases, but which tells bufferization that the result lives in %acc's
///   buffer. A bare `to_tensor restrict` would claim a buffer of its own,
///   and a later in-place write into a tensor that shares %acc's buffer
///   (a linalg.fill of the value %acc was computed in place from) would
///   overwrite the result unseen.
struct CopyPermuteLowering : public OpConversionPattern<CopyPermuteOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CopyPermuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    Location loc = op.getLoc();
    ShapedType outType = op.getNlArray().getType();
    Value acc = adaptor.getAcc();
    // A bufferized op adds into its accumulator's buffer: bufferization made
    // the copy that a later read of the old contents needs.
    bool bufferized = isa<BaseMemRefType>(outType);
    bool inPlace = acc && (bufferized || !usedAfter(op.getAcc(), op));
    Value input, out;
    if (acc) {
      // The input's buffer first: when the accumulator is the same tensor,
      // the read precedes the write in place (the runtime copies an input
      // that shares memory with its output).
      input = b.inputArray(adaptor.getLArray());
      if (inPlace) {
        out = b.destinationBuffer(acc);
      } else {
        out = b.allocate(outType, adaptor.getNlShape());
        memref::CopyOp::create(rewriter, loc, b.readOnlyBuffer(acc), out);
      }
    } else {
      out = b.allocate(outType, adaptor.getNlShape());
      input = b.inputArray(adaptor.getLArray());
    }
    Value handle =
        b.call(acc ? IDTRFunction::CopyPermuteAdd : IDTRFunction::CopyPermute,
               {b.i64Constant(op.getTeam()), b.indexList(adaptor.getGShape()),
                b.indexList(adaptor.getLOffsets()), input,
                b.indexList(adaptor.getNlOffsets()), b.unranked(out),
                b.indexList(op.getAxes())},
               outType.getElementType())
            .getResult(0);
    Value result = b.outputTensor(out, outType);
    if (inPlace && !bufferized) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointAfterValue(result);
      result = linalg::CopyOp::create(rewriter, loc, result, acc).getResult(0);
    }
    rewriter.replaceOp(op, {handle, result});
    return success();
  }
};

/// The team member number `value` (an index) as the ABI's int64_t.
static Value memberNumber(ConversionPatternRewriter &rewriter, Location loc,
                          Value value) {
  return arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(),
                                    value);
}

/// allreduce and reduce: `function` fills a new buffer of the input's
/// shape; `root` is reduce's (null for allreduce).
template <typename ReductionOp>
LogicalResult lowerReduction(ReductionOp op, Value input, Value root,
                             IDTRFunction function,
                             ConversionPatternRewriter &rewriter) {
  IDTRCallBuilder b(rewriter, op);
  ShapedType outType = op.getResult().getType();
  Value out = b.allocate(outType, tensorSizes(rewriter, op.getLoc(), input));
  SmallVector<Value> operands{b.i64Constant(op.getTeam())};
  if (root)
    operands.push_back(memberNumber(rewriter, op.getLoc(), root));
  operands.append({b.inputArray(input), b.unranked(out),
                   b.i32Constant(reductionCode(op.getKind()))});
  return b.replaceByStart(function, operands, out, outType);
}

struct AllReduceLowering : public OpConversionPattern<AllReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AllReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerReduction(op, adaptor.getInput(), Value(),
                          IDTRFunction::AllReduce, rewriter);
  }
};

struct SendLowering : public OpConversionPattern<SendOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SendOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    Value handle =
        b.call(IDTRFunction::Send,
               {b.i64Constant(op.getTeam()),
                memberNumber(rewriter, op.getLoc(), adaptor.getPeer()),
                b.inputArray(adaptor.getInput())},
               op.getInput().getType().getElementType())
            .getResult(0);
    rewriter.replaceOp(op, handle);
    return success();
  }
};

struct RecvLowering : public OpConversionPattern<RecvOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(RecvOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    ShapedType outType = op.getResult().getType();
    Value out = b.allocate(
        outType, tensorSizes(rewriter, op.getLoc(), adaptor.getLike()));
    return b.replaceByStart(
        IDTRFunction::Recv,
        {b.i64Constant(op.getTeam()),
         memberNumber(rewriter, op.getLoc(), adaptor.getPeer()),
         b.unranked(out)},
        out, outType);
  }
};

struct ReduceLowering : public OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerReduction(op, adaptor.getInput(), adaptor.getRoot(),
                          IDTRFunction::Reduce, rewriter);
  }
};

struct BcastPanelLowering : public OpConversionPattern<BcastPanelOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BcastPanelOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    Location loc = op.getLoc();
    ShapedType panelType = op.getPanel().getType();
    Value out = b.allocate(panelType, adaptor.getSizes());
    auto i64 = [&](Value v) {
      return arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), v)
          .getResult();
    };
    return b.replaceByStart(
        IDTRFunction::BcastPanel,
        {b.i64Constant(op.getTeam()), i64(adaptor.getExtent()),
         b.i64Constant(op.getDim()), b.inputArray(adaptor.getLocal()),
         i64(adaptor.getStart()), b.unranked(out)},
        out, panelType);
  }
};

/// `v` as `base + offset` through arith.addi / arith.subi of constants

struct UpdateHaloLowering : public OpConversionPattern<UpdateHaloOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(UpdateHaloOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    Location loc = op.getLoc();
    ValueRange bbOffsets = adaptor.getBbOffsets(), bbSizes = adaptor.getBbSizes();
    // Rows of the box [bbBegin, bbEnd) before this rank's rows [own, ownEnd)
    // go to the left halo, rows after them to the right halo.
    Value zero = b.indexConstant(0);
    Value bbBegin = bbOffsets[0];
    Value bbEnd = arith::AddIOp::create(rewriter, loc, bbBegin, bbSizes[0]);
    Value own = adaptor.getLOffsets()[0];
    Value ownEnd =
        arith::AddIOp::create(rewriter, loc, own, tensorSizes(rewriter, loc, adaptor.getLArray())[0]);
    Value leftEnd = arith::MinSIOp::create(rewriter, loc, own, bbEnd);
    Value leftRows = arith::MaxSIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, leftEnd, bbBegin),
        zero);
    Value rightBegin = arith::MaxSIOp::create(rewriter, loc, ownEnd, bbBegin);
    Value rightRows = arith::MaxSIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, bbEnd, rightBegin),
        zero);

    SmallVector<Value> leftSizes(bbSizes), rightSizes(bbSizes);
    leftSizes[0] = leftRows;
    rightSizes[0] = rightRows;
    ShapedType leftType = op.getLHalo().getType();
    ShapedType rightType = op.getRHalo().getType();
    Value left = b.allocate(leftType, leftSizes);
    Value right = b.allocate(rightType, rightSizes);
    Value handle =
        b.call(IDTRFunction::UpdateHalo,
               {b.i64Constant(op.getTeam()), b.indexList(adaptor.getGShape()),
                b.indexList(adaptor.getLOffsets()),
                b.inputArray(adaptor.getLArray()), b.indexList(bbOffsets),
                b.indexList(bbSizes), b.unranked(left), b.unranked(right),
                b.i64Constant(haloKey(op))},
               leftType.getElementType())
            .getResult(0);
    rewriter.replaceOp(op, {handle, b.outputTensor(left, leftType),
                            b.outputTensor(right, rightType)});
    return success();
  }
};

/// update_grid_halo: one call; the widths are operands of the call, so the
/// key needs only the call site (idtr_grid_halo_key).
struct UpdateGridHaloLowering : public OpConversionPattern<UpdateGridHaloOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(UpdateGridHaloOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    SmallVector<int64_t> widths;
    for (auto [lo, hi] : llvm::zip(op.getLow(), op.getHigh()))
      llvm::append_range(widths, ArrayRef<int64_t>{lo, hi});
    int64_t key = op.getKey().value_or(idtr_grid_halo_key(static_cast<uint32_t>(
        llvm::xxh3_64bits(runtimeLocation(op).value_or("")))));
    ShapedType haloType = op.getHalo().getType();
    Value halo = b.allocate(haloType, {adaptor.getHaloSize()});
    Value handle =
        b.call(IDTRFunction::UpdateGridHalo,
               {b.i64Constant(op.getTeam()), b.indexList(adaptor.getGShape()),
                b.indexList(adaptor.getLOffsets()),
                b.inputArray(adaptor.getLArray()), b.indexList(adaptor.getGrid()),
                b.indexList(op.getSplit()), b.indexList(widths),
                b.unranked(halo), b.i64Constant(op.getPeriodic()),
                b.i64Constant(op.getCorners() ? 1 : 0), b.i64Constant(key)},
               haloType.getElementType())
            .getResult(0);
    rewriter.replaceOp(op, {handle, b.outputTensor(halo, haloType)});
    return success();
  }
};

struct WaitLowering : public OpConversionPattern<WaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    b.call(IDTRFunction::Wait, {adaptor.getHandle()});
    rewriter.eraseOp(op);
    return success();
  }
};

template <typename QueryOp, IDTRFunction function>
struct TeamQueryLowering : public OpConversionPattern<QueryOp> {
  using OpConversionPattern<QueryOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(QueryOp op, typename QueryOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    Value result = b.call(function, {b.i64Constant(op.getTeam())}).getResult(0);
    rewriter.replaceOpWithNewOp<arith::IndexCastOp>(
        op, rewriter.getIndexType(), result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Sub-grid teams (shard front end)
//===----------------------------------------------------------------------===//

struct DefineSubgridTeamLowering
    : public OpConversionPattern<DefineSubgridTeamOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DefineSubgridTeamOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    b.call(IDTRFunction::DefineSubgridTeam,
           {b.i64Constant(op.getTeam()), b.indexList(op.getGridShape()),
            b.indexList(op.getAxes())});
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::distc::populateDistRuntimeToIDTRPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<BcastPanelLowering>(typeConverter, patterns.getContext());
  patterns.add<CopyReshapeLowering, CopyPermuteLowering, AllReduceLowering,
               UpdateHaloLowering, UpdateGridHaloLowering, WaitLowering,
               TeamQueryLowering<TeamSizeOp, IDTRFunction::NProcs>,
               TeamQueryLowering<TeamMemberOp, IDTRFunction::PRank>>(
      typeConverter, patterns.getContext());
  // Shard front end: sub-grid teams.
  patterns.add<DefineSubgridTeamLowering>(typeConverter, patterns.getContext());
  // Shard front end: point-to-point and reduce-to-root.
  patterns.add<SendLowering, RecvLowering, ReduceLowering>(
      typeConverter, patterns.getContext());
}
