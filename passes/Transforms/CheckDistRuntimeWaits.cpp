//===- CheckDistRuntimeWaits.cpp - diagnose misuse of async handles -------===//
//
// The contract: every handle reaches exactly one distruntime.wait on every
// path before its dependent values are used. Uses before the wait would
// read a buffer the runtime is still writing; a missing wait leaks the
// operation and may deadlock the team; a second wait is a run-time error.
// This pass checks what it can see without following handles through
// branches between blocks, yields, returns or calls: waits in the block of
// the op, and waits nested in the regions of ops of that block (scf.if
// branches, loops).
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Interfaces/LoopLikeInterface.h"

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

/// Whether executing `op` waits on `handle` on every path through it: it is
/// such a wait, or every one of its regions contains such an op (an scf.if
/// with both branches waiting; an scf.if without else never qualifies).
/// Regions of several blocks are not analysed and count as waiting.
bool waitsOnEveryPath(Operation *op, Value handle) {
  if (auto wait = dyn_cast<WaitOp>(op))
    return wait.getHandle() == handle;
  if (op->getNumRegions() == 0 || isa<LoopLikeOpInterface>(op))
    return false;
  for (Region &region : op->getRegions()) {
    if (region.empty())
      return false;
    if (!region.hasOneBlock())
      continue;
    if (llvm::none_of(region.front(),
                      [&](Operation &inner) { return waitsOnEveryPath(&inner, handle); }))
      return false;
  }
  return true;
}

/// The handle is only waited on inside regions of ops of its block: each
/// wait must not sit in a loop that the op is outside of (it would run once
/// per iteration), and some op of the block must wait on every path.
LogicalResult checkNestedWaits(Operation *op, Value handle) {
  Block *block = op->getBlock();
  SmallVector<Operation *> ancestors;
  for (Operation *user : handle.getUsers()) {
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (!ancestor)
      return success(); // In another block of the region: not followed.
    for (Operation *p = user->getParentOp(); p && p != ancestor->getParentOp();
         p = p->getParentOp())
      if (isa<LoopLikeOpInterface>(p))
        return user->emitError("async handle is waited on inside a loop that its "
                               "operation is outside of: it would be waited on once per "
                               "iteration")
                   .attachNote(op->getLoc())
               << "the handle is produced here";
    ancestors.push_back(ancestor);
  }
  if (llvm::any_of(ancestors, [&](Operation *a) { return waitsOnEveryPath(a, handle); }))
    return success();
  // Point at the first wait in program order (use lists have no order).
  Operation *firstAncestor = *llvm::min_element(
      ancestors, [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  Operation *firstWait = nullptr;
  firstAncestor->walk<WalkOrder::PreOrder>([&](WaitOp wait) {
    if (!firstWait && wait.getHandle() == handle)
      firstWait = wait;
  });
  return op->emitError("async handle is not waited on every path (every handle must "
                       "reach exactly one 'distruntime.wait' on every path)")
             .attachNote(firstWait->getLoc())
         << "waited on here only on some paths";
}

LogicalResult checkAsyncOp(AsyncOpInterface asyncOp) {
  Operation *op = asyncOp.getOperation();
  Block *block = op->getBlock();
  SmallVector<WaitOp> waitsInBlock, nestedWaits;
  bool escapes = false;
  for (Operation *user : asyncOp.getHandle().getUsers()) {
    auto wait = dyn_cast<WaitOp>(user);
    if (!wait) {
      escapes = true;
      continue;
    }
    Operation *ancestor = block->findAncestorOpInBlock(*wait);
    if (ancestor == wait.getOperation())
      waitsInBlock.push_back(wait);
    else if (ancestor)
      nestedWaits.push_back(wait);
  }
  if (asyncOp.getHandle().use_empty())
    return op->emitError("async handle is never waited on (every handle must "
                         "reach exactly one 'distruntime.wait')");
  if (waitsInBlock.empty())
    // Escaping handles are not followed.
    return escapes ? success() : checkNestedWaits(op, asyncOp.getHandle());
  llvm::sort(waitsInBlock, [](WaitOp a, WaitOp b) {
    return a->isBeforeInBlock(b);
  });
  if (waitsInBlock.size() > 1)
    return waitsInBlock[1]
               .emitError("async handle is waited on more than once")
               .attachNote(waitsInBlock[0].getLoc())
           << "first wait here";
  // The wait in the block runs on every path; any nested one is a second
  // wait on the paths that reach it.
  if (!nestedWaits.empty())
    return nestedWaits.front()
               .emitError("async handle is waited on more than once on the paths "
                          "through this wait")
               .attachNote(waitsInBlock[0].getLoc())
           << "also waited on here, on every path";
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
