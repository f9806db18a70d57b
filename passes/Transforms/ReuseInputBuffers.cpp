//===- ReuseInputBuffers.cpp - element-wise results in an input's buffer --===//
//
// A loop that updates distributed tensors (`A += 1; B += A^T` in the PRK
// transpose) would otherwise allocate and first-touch a fresh buffer per
// update and keep the old one alive until its last use: page faults and
// memory traffic a hand-written loop does not have. See the pass
// description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlir::distc {
#define GEN_PASS_DEF_REUSEINPUTBUFFERS
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

bool isFunctionArgument(Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  return arg && arg.getOwner()->isEntryBlock() &&
         isa<FunctionOpInterface>(arg.getOwner()->getParentOp());
}

/// One result, identity maps, all loops parallel, init from tensor.empty
/// and never read by the body.
bool isFreshElementwise(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 || op->getNumResults() != 1 ||
      op.getNumReductionLoops() != 0 ||
      !llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return false;
  OpOperand *init = op.getDpsInitOperand(0);
  return init->get().getDefiningOp<tensor::EmptyOp>() &&
         !op.payloadUsesValueFromOperand(init);
}

struct ReuseInputBuffersPass
    : public distc::impl::ReuseInputBuffersBase<ReuseInputBuffersPass> {
  void runOnOperation() override;
};

} // namespace

void ReuseInputBuffersPass::runOnOperation() {
  getOperation()->walk([](linalg::GenericOp op) {
    if (!isFreshElementwise(op))
      return;
    OpOperand *init = op.getDpsInitOperand(0);
    for (OpOperand *input : op.getDpsInputOperands()) {
      Value value = input->get();
      if (value.getType() != init->get().getType() || isFunctionArgument(value))
        continue;
      init->set(value);
      return;
    }
  });
}
