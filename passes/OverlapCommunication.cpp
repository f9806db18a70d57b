//===- OverlapCommunication.cpp - overlap communication with compute ------===//
//
// A distruntime operation starts communication and its wait completes it;
// everything the rank executes in between overlaps with the transfer. This
// pass widens that window inside each block: waits sink towards the first
// use of what they complete, starts rise towards the definitions of their
// operands.
//
// Collective ordering: every rank must start the team's collectives in the
// same order. Starts never cross each other (a start stops at any operation
// that communicates), so their order is unchanged. A wait is different: it
// completes a local request whose messages were posted at the start (the
// runtime reads inputs only during the start call), so sinking it below a
// later start or another wait cannot make any rank wait for a message that
// its peer has not posted. See docs/overlap.md.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::distc {
#define GEN_PASS_DEF_OVERLAPCOMMUNICATION
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;
using namespace mlir::distruntime;

namespace {

//===----------------------------------------------------------------------===//
// Classifying the operations a start or a wait would cross
//===----------------------------------------------------------------------===//

/// The op itself (not its regions) reads or writes the team state.
bool communicates(Operation *op) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return false;
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  return llvm::any_of(effects, [](const MemoryEffects::EffectInstance &e) {
    return e.getResource() == CommunicationResource::get();
  });
}

/// The op itself may write or free memory (of any resource).
bool writesMemory(Operation *op) {
  return hasEffect<MemoryEffects::Write, MemoryEffects::Free>(op);
}

/// Whether `op`, or anything nested in it, satisfies `isBarrier`. Calls and
/// ops with unknown effects (neither effect interface nor recursive effects)
/// are always barriers: they may communicate or touch any buffer.
bool containsBarrier(Operation *op, function_ref<bool(Operation *)> isBarrier) {
  return op
      ->walk([&](Operation *nested) {
        if (isa<CallOpInterface>(nested) || mlir::hasUnknownEffects(nested) ||
            isBarrier(nested))
          return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

/// A wait may pass other starts and waits (local completion, see the file
/// comment) but no other communication, which may block on the team.
bool waitMayCross(Operation *op) {
  return !containsBarrier(op, [](Operation *nested) {
    return communicates(nested) && !isa<AsyncOpInterface, WaitOp>(nested);
  });
}

/// A start may pass only ops that neither communicate (that would reorder
/// collectives or a start against a wait) nor write memory (an input
/// tensor may be a view of a buffer such an op writes).
bool startMayCross(Operation *op) {
  return !containsBarrier(op, [](Operation *nested) {
    return communicates(nested) || writesMemory(nested);
  });
}

/// Ops that only look at the shape of a tensor, never at its elements; the
/// shape of a dependent value is fixed when the operation starts. Same list
/// as distruntime-check-waits.
bool readsOnlyShape(Operation *op) {
  return isa<tensor::DimOp, tensor::CastOp>(op);
}

/// Whether `op` or an op nested in it reads the elements of a value in
/// `values`.
bool usesAny(Operation *op, const llvm::SetVector<Value> &values) {
  return op
      ->walk([&](Operation *nested) {
        if (readsOnlyShape(nested))
          return WalkResult::advance();
        return llvm::any_of(nested->getOperands(),
                            [&](Value v) { return values.contains(v); })
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

//===----------------------------------------------------------------------===//
// Sinking waits
//===----------------------------------------------------------------------===//

/// The values a wait protects: the handle, the dependent values, and
/// everything computed from them (a `tensor.cast`, before or after the wait,
/// aliases the output buffer, so uses of its result count). `tensor.dim`
/// only reads the shape, so its result does not need the wait.
/// Results of the ancestors of a user are included too: over-approximating
/// only makes the wait stop earlier.
llvm::SetVector<Value> protectedValues(AsyncOpInterface asyncOp) {
  llvm::SetVector<Value> values;
  values.insert(asyncOp.getHandle());
  for (Value v : asyncOp.getDependent())
    values.insert(v);
  for (size_t i = 1; i < values.size(); ++i) { // values grows while we scan.
    for (Operation *user : values[i].getUsers()) {
      if (isa<tensor::DimOp>(user))
        continue;
      for (Operation *op = user;
           op && !op->hasTrait<OpTrait::IsIsolatedFromAbove>();
           op = op->getParentOp())
        values.insert(op->getResults().begin(), op->getResults().end());
    }
  }
  return values;
}

/// Moves `wait` down to its latest legal position; returns whether it moved.
bool sinkWait(WaitOp wait) {
  auto asyncOp = wait.getHandle().getDefiningOp<AsyncOpInterface>();
  if (!asyncOp)
    return false; // Block argument or foreign producer: owner unknown.
  llvm::SetVector<Value> guarded = protectedValues(asyncOp);

  Operation *stop = wait->getNextNode();
  bool crossesNonWait = false;
  for (; stop; stop = stop->getNextNode()) {
    if (stop->hasTrait<OpTrait::IsTerminator>() || usesAny(stop, guarded) ||
        !waitMayCross(stop))
      break;
    crossesNonWait |= !isa<WaitOp>(stop);
  }
  // Passing only other waits gains no overlap; refusing keeps the pass
  // idempotent (two waits with the same stop would swap on every run).
  if (!crossesNonWait)
    return false;
  if (stop)
    wait->moveBefore(stop);
  else
    wait->moveBefore(wait->getBlock(), wait->getBlock()->end());
  return true;
}

//===----------------------------------------------------------------------===//
// Hoisting starts
//===----------------------------------------------------------------------===//

/// Moves `start` up to its earliest legal position; returns whether it moved.
bool hoistStart(AsyncOpInterface start) {
  Operation *op = start.getOperation();
  Operation *stop = op->getPrevNode();
  for (; stop; stop = stop->getPrevNode()) {
    bool definesOperand = llvm::any_of(
        op->getOperands(), [&](Value v) { return v.getDefiningOp() == stop; });
    if (definesOperand || !startMayCross(stop))
      break;
  }
  if (stop == op->getPrevNode())
    return false;
  if (stop)
    op->moveAfter(stop);
  else
    op->moveBefore(&op->getBlock()->front());
  return true;
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct OverlapCommunicationPass
    : public distc::impl::OverlapCommunicationBase<OverlapCommunicationPass> {
  using Base::Base;

  void runOnOperation() override {
    // Sinking a wait below a start can free that start to rise further, and
    // vice versa, so repeat until nothing moves. This terminates: starts
    // only move up, waits only move down, and every move passes at least
    // one op of the other kind or of neither kind.
    bool changed = true;
    while (changed) {
      changed = false;
      SmallVector<AsyncOpInterface> starts;
      getOperation()->walk([&](AsyncOpInterface op) { starts.push_back(op); });
      for (AsyncOpInterface start : starts) // Program order within a block.
        if (hoistStart(start)) {
          ++numStartsHoisted;
          changed = true;
        }
      SmallVector<WaitOp> waits;
      getOperation()->walk([&](WaitOp op) { waits.push_back(op); });
      for (WaitOp wait : waits)
        if (sinkWait(wait)) {
          ++numWaitsSunk;
          changed = true;
        }
    }
  }
};

} // namespace
