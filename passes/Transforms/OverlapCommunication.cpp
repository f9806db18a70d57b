//===- OverlapCommunication.cpp - overlap communication with compute ------===//
//
// A distruntime operation starts communication and its wait completes it;
// everything the rank executes in between overlaps with the transfer. This
// pass widens that window inside each block: waits sink towards the first
// use of what they complete, starts rise towards the definitions of their
// operands.
//
// Collective ordering: every rank must start the team's collectives in the
// same order. Starts never cross each other (a start stops at every
// operation that communicates, except the waits it does not depend on,
// which is the same as those waits sinking below it), so their order is
// unchanged. A wait is different: it
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
/// collectives; the waits it may pass are decided in hoistStarts) nor write
/// memory (an input tensor may be a view of a buffer such an op writes).
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

//===----------------------------------------------------------------------===//
// Positions in a block
//===----------------------------------------------------------------------===//

/// Program order of the ops of one block while the pass moves some of them.
/// Operation::isBeforeInBlock renumbers the whole block after every move,
/// which would make the sweeps quadratic in the size of the block; here an
/// op that moves gets a key right after the op it now follows. Keys are (position, sequence): the ops in their order when
/// the keys were taken have (1..n, 0); an op placed after an op with key
/// (p, s) gets (p, next sequence number), which is only correct because
/// every placement is after all earlier ones (see hoistStarts).
class BlockOrder {
public:
  explicit BlockOrder(Block &block) {
    for (auto [i, op] : llvm::enumerate(block))
      keys[&op] = {i + 1, 0};
  }
  bool isBefore(Operation *a, Operation *b) const {
    return keys.lookup(a) < keys.lookup(b);
  }
  void placedAfter(Operation *op, Operation *prev) {
    keys[op] = {prev ? keys.lookup(prev).first : 0, ++sequence};
  }

private:
  llvm::DenseMap<Operation *, std::pair<size_t, size_t>> keys;
  size_t sequence = 0;
};

//===----------------------------------------------------------------------===//
// Sinking waits
//===----------------------------------------------------------------------===//

/// The values a wait protects: the handle, the dependent values, and
/// everything computed from them before the wait (a `tensor.cast` of the
/// output aliases the output buffer, so uses of its result count).
/// `tensor.dim` only reads the shape, so its result does not need the wait.
/// Results of the ancestors of a user are included too: over-approximating
/// only makes the wait stop earlier. Users after the wait are not followed:
/// the wait stops at the first of them, so nothing they compute is reached
/// (following them made every wait of a chain of collectives visit the rest
/// of the program).
llvm::SetVector<Value> protectedValues(AsyncOpInterface asyncOp, WaitOp wait,
                                       const BlockOrder &order) {
  Block *block = wait->getBlock();
  auto afterWait = [&](Operation *user) {
    if (Operation *inBlock = block->findAncestorOpInBlock(*user))
      return inBlock == wait.getOperation() || order.isBefore(wait, inBlock);
    // In an enclosing block: before or after the op that holds the wait.
    for (Operation *holder = wait->getParentOp(); holder;
         holder = holder->getParentOp())
      if (Operation *inBlock =
              holder->getBlock() ? holder->getBlock()->findAncestorOpInBlock(*user)
                                 : nullptr)
        return inBlock == holder || holder->isBeforeInBlock(inBlock);
    return false;
  };
  llvm::SetVector<Value> values;
  values.insert(asyncOp.getHandle());
  for (Value v : asyncOp.getDependent())
    values.insert(v);
  for (size_t i = 1; i < values.size(); ++i) { // values grows while we scan.
    for (Operation *user : values[i].getUsers()) {
      // A tensor.cast after the wait is still followed: it reads only the
      // shape (the wait may cross it), so its users must stop the wait.
      if (isa<tensor::DimOp>(user) ||
          (afterWait(user) && !isa<tensor::CastOp>(user)))
        continue;
      for (Operation *op = user;
           op && !op->hasTrait<OpTrait::IsIsolatedFromAbove>() &&
           !op->isAncestor(wait);
           op = op->getParentOp())
        values.insert(op->getResults().begin(), op->getResults().end());
    }
  }
  return values;
}

/// Moves every wait of `block` down to its latest legal position: before the
/// first later op that uses what it protects, that it may not cross
/// (waitMayCross) or that ends the block. Returns, for each value a wait
/// protects, the waits that protect it (hoistStarts stops a start that
/// reads the value there); a wait whose owner is unknown maps to nothing
/// and stays a barrier.
llvm::DenseMap<Value, SmallVector<Operation *, 1>>
sinkWaits(Block &block, llvm::Statistic &numWaitsSunk) {
  llvm::DenseMap<Value, SmallVector<Operation *, 1>> guardedBy;
  SmallVector<Operation *> ops = llvm::map_to_vector(
      block, [](Operation &op) { return &op; });
  BlockOrder order(block);
  // The first op at or after each position that no wait may cross. Only
  // waits move in this phase, and they cross each other, so this does not
  // change while they move.
  SmallVector<Operation *> nextBarrier(ops.size() + 1, nullptr);
  for (size_t i = ops.size(); i-- > 0;) {
    Operation *op = ops[i];
    bool barrier = !isa<WaitOp>(op) &&
                   (op->hasTrait<OpTrait::IsTerminator>() || !waitMayCross(op));
    nextBarrier[i] = barrier ? op : nextBarrier[i + 1];
  }
  for (auto [i, op] : llvm::enumerate(ops)) {
    auto wait = dyn_cast<WaitOp>(op);
    if (!wait)
      continue;
    auto asyncOp = wait.getHandle().getDefiningOp<AsyncOpInterface>();
    if (!asyncOp)
      continue; // Block argument or foreign producer: owner unknown.
    llvm::SetVector<Value> guarded = protectedValues(asyncOp, wait, order);
    Operation *stop = nextBarrier[i + 1];
    bool repeated = false;
    for (Value v : guarded) {
      guardedBy[v].push_back(wait);
      for (Operation *user : v.getUsers()) {
        if (user == op || readsOnlyShape(user))
          continue;
        Operation *inBlock = block.findAncestorOpInBlock(*user);
        if (!inBlock || inBlock == op || !order.isBefore(op, inBlock))
          continue;
        // A second wait on the handle (an error that check-waits reports):
        // leave both where they are.
        repeated |= isa<WaitOp>(inBlock);
        if (!stop || order.isBefore(inBlock, stop))
          stop = inBlock;
      }
    }
    if (repeated)
      continue;
    // Passing only other waits gains no overlap; refusing keeps the pass
    // idempotent (two waits with the same stop would swap on every run).
    Operation *next = op->getNextNode();
    while (next && next != stop && isa<WaitOp>(next))
      next = next->getNextNode();
    if (next == stop)
      continue;
    if (stop)
      op->moveBefore(stop);
    else
      op->moveBefore(&block, block.end());
    ++numWaitsSunk;
  }
  return guardedBy;
}

//===----------------------------------------------------------------------===//
// Hoisting starts
//===----------------------------------------------------------------------===//

/// Moves every start of `block` up to its earliest legal position: just
/// after the last earlier op that defines one of its operands or that it
/// may not cross (startMayCross: another start, a wait, a call, a write).
/// With `guardedBy` (what each wait of the block protects, from sinkWaits),
/// a start crosses the waits it does not depend on: that is the wait
/// sinking below the start, which sinkWaits allows (a wait may pass
/// starts), done here because the start only arrives next to the wait now.
///
/// One walk in program order suffices: when a start is reached, everything
/// above it has its final place, and every op between its new and its old
/// place may be crossed by any later start as well, except the waits, which
/// are looked up by value.
void hoistStarts(
    Block &block,
    const llvm::DenseMap<Value, SmallVector<Operation *, 1>> *guardedBy,
    llvm::Statistic &numStartsHoisted) {
  SmallVector<Operation *> ops = llvm::map_to_vector(
      block, [](Operation &op) { return &op; });
  BlockOrder order(block);
  Operation *barrier = nullptr;  // The last op no start may cross.
  Operation *lastWait = nullptr; // The last wait a start may cross.
  for (Operation *op : ops) {
    if (!isa<AsyncOpInterface>(op)) {
      auto wait = dyn_cast<WaitOp>(op);
      if (guardedBy && wait &&
          wait.getHandle().getDefiningOp<AsyncOpInterface>())
        lastWait = op;
      else if (!startMayCross(op))
        barrier = op;
      continue;
    }
    Operation *stop = barrier;
    auto atLeast = [&](Operation *candidate) {
      if (candidate && (!stop || order.isBefore(stop, candidate)))
        stop = candidate;
    };
    // A start that no wait may pass (it contains a barrier for waits)
    // passes none.
    if (!waitMayCross(op))
      atLeast(lastWait);
    for (Value operand : op->getOperands()) {
      if (Operation *def = operand.getDefiningOp();
          def && def->getBlock() == &block)
        atLeast(def);
      if (!guardedBy)
        continue;
      auto it = guardedBy->find(operand);
      if (it == guardedBy->end())
        continue;
      for (Operation *wait : it->second)
        if (wait->getBlock() == &block && order.isBefore(wait, op))
          atLeast(wait);
    }
    // An accumulating copy_permute adds into its accumulator's buffer in
    // place only if nothing reads the accumulator after it; bufferization
    // copies the whole accumulator otherwise. It stays below the
    // accumulator's earlier users, where the program put it.
    auto permute = dyn_cast<CopyPermuteOp>(op);
    if (permute && permute.accumulates())
      for (Operation *user : permute.getAcc().getUsers())
        if (Operation *inBlock = block.findAncestorOpInBlock(*user);
            inBlock && inBlock != op && order.isBefore(inBlock, op))
          atLeast(inBlock);
    // Every start is a barrier for the next ones: collectives keep their
    // order.
    barrier = op;
    if (stop == op->getPrevNode())
      continue;
    if (stop)
      op->moveAfter(stop);
    else
      op->moveBefore(&block.front());
    order.placedAfter(op, stop);
    ++numStartsHoisted;
  }
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

struct OverlapCommunicationPass
    : public distc::impl::OverlapCommunicationBase<OverlapCommunicationPass> {
  using Base::Base;

  void runOnOperation() override {
    // Block by block: nothing moves across blocks, and what a nested op
    // contains (all that the moves in its parent block look at) does not
    // change when ops move inside it. Starts rise first (so that the
    // compute between a wait and a start that depends on it overlaps with
    // the later start's communication), then waits sink, then starts rise
    // again past the waits that sank towards them. That is where repeating
    // both moves until nothing moves ends (what the pass used to do, in
    // time cubic in the number of collectives): no wait can sink further,
    // since it stops at an op that does not move or at a start that
    // depends on it and cannot pass it, and no start can rise further.
    SmallVector<Block *> blocks;
    getOperation()->walk([&](Block *block) { blocks.push_back(block); });
    for (Block *block : blocks) {
      hoistStarts(*block, /*guardedBy=*/nullptr, numStartsHoisted);
      auto guardedBy = sinkWaits(*block, numWaitsSunk);
      hoistStarts(*block, &guardedBy, numStartsHoisted);
    }
  }
};

} // namespace
