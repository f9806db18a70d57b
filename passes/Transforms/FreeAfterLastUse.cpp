//===- FreeAfterLastUse.cpp - free a buffer after its last use ------------===//
//
// See the pass description in Passes.td. Ownership-based deallocation puts
// one bufferization.dealloc per block, before its terminator: straight-line
// code keeps every buffer of a block alive until the block ends. This pass
// moves the free of a buffer that the block allocated, unconditionally owns
// and does not retain to right after the last op of the block that can
// still reach it.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::distc {
#define GEN_PASS_DEF_FREEAFTERLASTUSE
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

/// Every value that may carry `buffer` or anything computed from it: its
/// users' results, the results and region arguments of users with regions,
/// and the results of the parent of a terminator that uses one (a yield).
/// Deliberately coarse (a loaded element, a pointer as an index, a handle
/// of an operation that reads the buffer all count): the free moves later
/// than it could, never too early.
llvm::SetVector<Value> reachingValues(Value buffer) {
  llvm::SetVector<Value> values;
  values.insert(buffer);
  for (size_t i = 0; i < values.size(); ++i) {
    for (Operation *user : values[i].getUsers()) {
      for (Value result : user->getResults())
        values.insert(result);
      for (Region &region : user->getRegions())
        for (Block &block : region)
          for (BlockArgument arg : block.getArguments())
            values.insert(arg);
      if (user->hasTrait<OpTrait::IsTerminator>())
        if (Operation *parent = user->getParentOp())
          for (Value result : parent->getResults())
            values.insert(result);
    }
  }
  return values;
}

/// Moves the free of `buffer` (a memref of `dealloc`, condition true) after
/// its last use in the block, if that is before `dealloc`. Returns true if
/// it did.
bool freeEarly(bufferization::DeallocOp dealloc, Value buffer) {
  Block *block = dealloc->getBlock();
  llvm::SetVector<Value> reaching = reachingValues(buffer);
  for (Value retained : dealloc.getRetained())
    if (reaching.contains(retained))
      return false;
  // The last op of the block that uses a reaching value (directly or in
  // its regions); the buffer's definition when nothing does.
  Operation *last = buffer.getDefiningOp();
  for (Value value : reaching)
    for (Operation *user : value.getUsers()) {
      if (user == dealloc)
        continue;
      // A value stored to memory (memref.store of it, any LLVM dialect op)
      // could come back through a load the walk does not follow.
      auto store = dyn_cast<memref::StoreOp>(user);
      if ((store && store.getValueToStore() == value) ||
          user->getDialect()->getNamespace() == "llvm")
        return false;
      Operation *inBlock = block->findAncestorOpInBlock(*user);
      if (!inBlock)
        return false; // used outside the block: leave it
      if (last->isBeforeInBlock(inBlock))
        last = inBlock;
    }
  if (last->hasTrait<OpTrait::IsTerminator>() || !last->isBeforeInBlock(dealloc) ||
      last->getNextNode() == dealloc.getOperation())
    return false;
  OpBuilder b(last->getContext());
  b.setInsertionPointAfter(last);
  Value yes = arith::ConstantOp::create(b, dealloc.getLoc(), b.getBoolAttr(true));
  bufferization::DeallocOp::create(b, dealloc.getLoc(), ValueRange{buffer}, ValueRange{yes},
                                   ValueRange{});
  return true;
}

/// `dealloc` without its memrefs at `drop`: replaced by a new op (its
/// results, the retained values' ownership, do not depend on them: the
/// dropped buffers reach no retained value), or erased when none is left
/// and nothing is retained.
void dropMemrefs(bufferization::DeallocOp dealloc, ArrayRef<unsigned> drop) {
  SmallVector<Value> memrefs, conditions;
  for (auto [i, pair] : llvm::enumerate(llvm::zip(dealloc.getMemrefs(), dealloc.getConditions())))
    if (!llvm::is_contained(drop, i)) {
      memrefs.push_back(std::get<0>(pair));
      conditions.push_back(std::get<1>(pair));
    }
  if (memrefs.empty() && dealloc.getRetained().empty()) {
    dealloc.erase();
    return;
  }
  OpBuilder b(dealloc);
  auto replacement = bufferization::DeallocOp::create(b, dealloc.getLoc(), memrefs, conditions,
                                                      dealloc.getRetained());
  dealloc.replaceAllUsesWith(replacement.getResults());
  dealloc.erase();
}

struct FreeAfterLastUsePass
    : public distc::impl::FreeAfterLastUseBase<FreeAfterLastUsePass> {
  void runOnOperation() override {
    SmallVector<bufferization::DeallocOp> deallocs;
    getOperation()->walk([&](bufferization::DeallocOp op) { deallocs.push_back(op); });
    for (bufferization::DeallocOp dealloc : deallocs) {
      SmallVector<unsigned> moved;
      for (auto [i, pair] :
           llvm::enumerate(llvm::zip(dealloc.getMemrefs(), dealloc.getConditions()))) {
        auto [buffer, condition] = pair;
        // Buffers this block allocated and owns on every path.
        auto alloc = buffer.getDefiningOp<memref::AllocOp>();
        if (!alloc || alloc->getBlock() != dealloc->getBlock() ||
            !matchPattern(condition, m_One()))
          continue;
        if (freeEarly(dealloc, buffer))
          moved.push_back(i);
      }
      if (!moved.empty())
        dropMemrefs(dealloc, moved);
    }
  }
};

} // namespace
