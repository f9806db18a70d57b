//===- CheckDistRuntimeWaits.cpp - diagnose misuse of async handles -------===//
//
// The contract: every handle reaches exactly one distruntime.wait on every
// path before its dependent values are used. Uses before the wait would
// read a buffer the runtime is still writing; a missing wait leaks the
// operation and may deadlock the team. This pass checks what it can see
// without following handles through control flow or calls.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialect/DistRuntime/DistRuntime.h"

namespace mlir::distc {
#define GEN_PASS_DEF_CHECKDISTRUNTIMEWAITS
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;
using namespace mlir::distruntime;

namespace {

/// Ops that only look at the shape of a tensor, never at its elements.
bool readsOnlyShape(Operation *op) {
  return isa<tensor::DimOp, tensor::CastOp>(op);
}

LogicalResult checkAsyncOp(AsyncOpInterface asyncOp) {
  Operation *op = asyncOp.getOperation();
  Block *block = op->getBlock();
  SmallVector<WaitOp> waitsInBlock;
  bool escapes = false;
  for (Operation *user : asyncOp.getHandle().getUsers()) {
    auto wait = dyn_cast<WaitOp>(user);
    if (!wait) {
      escapes = true;
      continue;
    }
    if (Operation *ancestor = block->findAncestorOpInBlock(*wait);
        ancestor == wait.getOperation())
      waitsInBlock.push_back(wait);
  }
  if (asyncOp.getHandle().use_empty())
    return op->emitError("async handle is never waited on (every handle must "
                         "reach exactly one 'distruntime.wait')");
  if (waitsInBlock.empty())
    return success(); // Waited in nested regions or escapes: not followed.
  llvm::sort(waitsInBlock, [](WaitOp a, WaitOp b) {
    return a->isBeforeInBlock(b);
  });
  if (waitsInBlock.size() > 1)
    return waitsInBlock[1]
               .emitError("async handle is waited on more than once")
               .attachNote(waitsInBlock[0].getLoc())
           << "first wait here";
  (void)escapes;
  WaitOp wait = waitsInBlock.front();
  for (Value dependent : asyncOp.getDependent()) {
    for (OpOperand &use : dependent.getUses()) {
      Operation *user = use.getOwner();
      Operation *ancestor = block->findAncestorOpInBlock(*user);
      if (!ancestor || !ancestor->isBeforeInBlock(wait) ||
          readsOnlyShape(user))
        continue;
      return user->emitError("value produced by '")
                 .append(op->getName().getStringRef(),
                         "' is used before its 'distruntime.wait'")
                 .attachNote(wait.getLoc())
             << "the wait is here";
    }
  }
  return success();
}

struct CheckDistRuntimeWaitsPass
    : public distc::impl::CheckDistRuntimeWaitsBase<CheckDistRuntimeWaitsPass> {
  using Base::Base;
  void runOnOperation() override {
    bool ok = true;
    getOperation().walk([&](AsyncOpInterface op) {
      ok &= succeeded(checkAsyncOp(op));
    });
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
