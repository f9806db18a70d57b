//===- LowerScalarReductions.cpp - reductions with register accumulators --===//
//
// See the pass description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"
#include "passes/Transforms/ScalarReduction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::distc {
#define GEN_PASS_DEF_LOWERSCALARREDUCTIONS
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

/// On buffers, with at least one input (the first one fixes the bounds).
bool isScalarReduction(linalg::GenericOp op) {
  return op.hasPureBufferSemantics() && op.getNumDpsInputs() > 0 &&
         distc::reducesToScalars(op);
}

/// Whether the body combines floating-point values in an order that LLVM
/// must keep (an addf or mulf without `reassoc`, or the fmuladd that
/// distc-fp-contract makes of a multiply and an add): then the loop cannot
/// be vectorized, and unrolling it gains nothing either, since every
/// iteration waits for the previous one's result anyway.
bool isOrderedFloatReduction(linalg::GenericOp op) {
  return llvm::any_of(op.getRegion().front(), [](Operation &inner) {
    if (auto fused = dyn_cast<LLVM::FMulAddOp>(inner))
      return !LLVM::bitEnumContainsAll(fused.getFastmathFlags(),
                                       LLVM::FastmathFlags::reassoc);
    auto fastMath = dyn_cast<arith::ArithFastMathInterface>(inner);
    return isa<arith::AddFOp, arith::SubFOp, arith::MulFOp>(inner) &&
           fastMath &&
           !arith::bitEnumContainsAll(fastMath.getFastMathFlagsAttr().getValue(),
                                      arith::FastMathFlags::reassoc);
  });
}

/// Keeps LLVM from unrolling the loops of an ordered reduction. At -O3 its
/// full unrolling threshold is twice that of -O2, and it replaced every
/// reduction over a row of up to ~128 elements by a chain of that many loads
/// and adds: 1.9x the LLVM IR of -O2 for a program of reductions, and
/// compile time with it, for no gain at run time (the chain of adds is as
/// long either way; docs/performance.md, "Compile time").
LLVM::LoopAnnotationAttr noUnrollAnnotation(MLIRContext *context) {
  auto unroll = LLVM::LoopUnrollAttr::get(
      context, /*disable=*/BoolAttr::get(context, true), {}, {}, {}, {}, {},
      {});
  return LLVM::LoopAnnotationAttr::get(context, {}, {}, {}, unroll, {}, {},
                                       {}, {}, {}, {}, {}, {}, {}, {}, {});
}

void lower(RewriterBase &rewriter, linalg::GenericOp op) {
  Location loc = op.getLoc();
  rewriter.setInsertionPoint(op);
  Value first = op.getDpsInputOperand(0)->get();
  SmallVector<Value> lbs, ubs, steps;
  Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
  Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
  for (int64_t d = 0; d < op.getNumLoops(); ++d) {
    lbs.push_back(zero);
    ubs.push_back(memref::DimOp::create(rewriter, loc, first, d));
    steps.push_back(one);
  }
  SmallVector<Value> accumulators;
  for (OpOperand &init : op.getDpsInitsMutable())
    accumulators.push_back(
        memref::LoadOp::create(rewriter, loc, init.get(), ValueRange{}));

  Block &body = op.getRegion().front();
  scf::LoopNest nest = scf::buildLoopNest(
      rewriter, loc, lbs, ubs, steps, accumulators,
      [&](OpBuilder &b, Location l, ValueRange ivs, ValueRange args) {
        IRMapping mapping;
        for (OpOperand *input : op.getDpsInputOperands())
          mapping.map(body.getArgument(input->getOperandNumber()),
                      memref::LoadOp::create(b, l, input->get(), ivs));
        for (auto [k, arg] : llvm::enumerate(args))
          mapping.map(body.getArgument(op.getNumDpsInputs() + k), arg);
        scf::ValueVector yielded;
        for (Operation &inner : body.without_terminator()) {
          if (auto index = dyn_cast<linalg::IndexOp>(inner)) {
            mapping.map(index.getResult(), ivs[index.getDim()]);
            continue;
          }
          b.clone(inner, mapping);
        }
        for (Value v : body.getTerminator()->getOperands())
          yielded.push_back(mapping.lookupOrDefault(v));
        return yielded;
      });
  if (isOrderedFloatReduction(op))
    for (scf::ForOp loop : nest.loops)
      loop->setAttr("llvm.loop_annotation",
                    noUnrollAnnotation(rewriter.getContext()));
  for (auto [init, result] :
       llvm::zip(op.getDpsInitsMutable(), nest.results))
    memref::StoreOp::create(rewriter, loc, result, init.get(), ValueRange{});
  rewriter.eraseOp(op);
}

struct LowerScalarReductionsPass
    : public distc::impl::LowerScalarReductionsBase<LowerScalarReductionsPass> {
  void runOnOperation() override {
    SmallVector<linalg::GenericOp> reductions;
    getOperation()->walk([&](linalg::GenericOp op) {
      if (isScalarReduction(op))
        reductions.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::GenericOp op : reductions)
      lower(rewriter, op);
  }
};

} // namespace
