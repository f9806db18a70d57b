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

/// Whether `input` is an argument of its function that `op` must not
/// overwrite. Writing into an argument makes every caller that still uses
/// the value copy it first, and a public function's returned buffers are
/// copies anyway (the deallocation pass makes them owned by the caller).
/// A private function that returns the update of an argument (`a += 1` in
/// a step function) is updating that argument: its callers pass buffers
/// they no longer need, and take the argument's buffer back
/// (drop-equivalent-buffer-results).
bool isProtectedArgument(Value input, linalg::GenericOp op) {
  auto arg = dyn_cast<BlockArgument>(input);
  if (!arg || !arg.getOwner()->isEntryBlock())
    return false;
  auto function = dyn_cast<FunctionOpInterface>(arg.getOwner()->getParentOp());
  if (!function)
    return false;
  if (!function.isPrivate())
    return true;
  return llvm::none_of(op->getResult(0).getUsers(), [&](Operation *user) {
    return user->hasTrait<OpTrait::ReturnLike>() &&
           user->getParentOp() == function.getOperation();
  });
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
      if (value.getType() != init->get().getType() ||
          isProtectedArgument(value, op))
        continue;
      init->set(value);
      return;
    }
  });
}
