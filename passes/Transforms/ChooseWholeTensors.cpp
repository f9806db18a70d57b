//===- ChooseWholeTensors.cpp - selects of whole tensors as scf.if --------===//
//
// distc-choose-whole-tensors, see its description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::distc {
#define GEN_PASS_DEF_CHOOSEWHOLETENSORS
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

struct ChooseWholeTensorsPass
    : public distc::impl::ChooseWholeTensorsBase<ChooseWholeTensorsPass> {
  void runOnOperation() override {
    SmallVector<arith::SelectOp> selects;
    getOperation()->walk([&](arith::SelectOp select) {
      if (select.getCondition().getType().isInteger(1) &&
          isa<TensorType>(select.getType()))
        selects.push_back(select);
    });
    IRRewriter rewriter(&getContext());
    for (arith::SelectOp select : selects) {
      rewriter.setInsertionPoint(select);
      auto choice = scf::IfOp::create(rewriter, select.getLoc(),
                                      TypeRange{select.getType()},
                                      select.getCondition(),
                                      /*addThenBlock=*/true,
                                      /*addElseBlock=*/true);
      rewriter.setInsertionPointToStart(choice.thenBlock());
      scf::YieldOp::create(rewriter, select.getLoc(), select.getTrueValue());
      rewriter.setInsertionPointToStart(choice.elseBlock());
      scf::YieldOp::create(rewriter, select.getLoc(), select.getFalseValue());
      rewriter.replaceOp(select, choice.getResults());
    }
  }
};

} // namespace
