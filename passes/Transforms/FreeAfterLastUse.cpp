//===- FreeAfterLastUse.cpp - free a buffer after its last use ------------===//
//
// See the pass description in Passes.td. Ownership-based deallocation puts
// one bufferization.dealloc per block, before its terminator: straight-line
// code keeps every buffer of a block alive until the block ends. This pass
// moves the free of a buffer that the block allocated or received from a
// call, unconditionally owns and does not retain to right after the last op
// of the block that can still reach it.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::distc {
#define GEN_PASS_DEF_FREEAFTERLASTUSE
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

/// Whether every memref that `callee` returns is a buffer it allocated or
/// cloned there (a memref.alloc or a bufferization.clone, possibly through
/// memref.cast), so that no result aliases an argument or anything else the
/// caller holds. Ownership-based deallocation with static ownership (distc's
/// pipeline) makes the functions it bufferizes so: a returned argument is
/// cloned. Anything else (a value yielded by a region, an argument returned
/// under dynamic ownership in a custom pipeline) makes the answer no.
bool returnsFreshBuffers(func::FuncOp callee) {
  if (callee.isExternal())
    return false;
  WalkResult walk = callee.walk([](func::ReturnOp ret) {
    for (Value value : ret.getOperands()) {
      if (!isa<BaseMemRefType>(value.getType()))
        continue;
      while (auto cast = value.getDefiningOp<memref::CastOp>())
        value = cast.getSource();
      if (!value.getDefiningOp<memref::AllocOp>() &&
          !value.getDefiningOp<bufferization::CloneOp>())
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !walk.wasInterrupted();
}

/// Whether a call's callee returns fresh buffers (returnsFreshBuffers): the
/// caller owns its results (the function boundary ABI of ownership-based
/// deallocation), and none aliases a memref argument. Each callee's body is
/// walked once per run of the pass: the question is asked for every user
/// of every value the walks of reachingValues meet.
class FreshCallees {
public:
  bool operator()(Operation *op) {
    auto call = dyn_cast<func::CallOp>(op);
    if (!call)
      return false;
    auto callee =
        SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(call, call.getCalleeAttr());
    if (!callee)
      return false;
    auto [it, inserted] = known.try_emplace(callee, false);
    if (inserted)
      it->second = returnsFreshBuffers(callee);
    return it->second;
  }

private:
  llvm::DenseMap<Operation *, bool> known;
};

/// Every value that may carry `buffer` or anything computed from it: its
/// users' results, the results and region arguments of users with regions,
/// and the results of the parent of a terminator that uses one (a yield).
/// Deliberately coarse (a loaded element, a pointer as an index, a handle
/// of an operation that reads the buffer all count): the free moves later
/// than it could, never too early. The one exception is a call of a
/// function that returns fresh buffers (FreshCallees): its
/// results carry none of its arguments, and the callee is done with them
/// when it returns (an operation it started has read its inputs: the
/// runtime reads them during the start call).
llvm::SetVector<Value> reachingValues(Value buffer, FreshCallees &fresh) {
  llvm::SetVector<Value> values;
  values.insert(buffer);
  for (size_t i = 0; i < values.size(); ++i) {
    for (Operation *user : values[i].getUsers()) {
      if (!fresh(user))
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
/// the last use in the block of `root`, the value defined in the block
/// whose memory it is (`buffer` itself, or the memref whose base buffer it
/// is), if that is before `dealloc`. Returns true if it did.
bool freeEarly(bufferization::DeallocOp dealloc, Value buffer, Value root,
               FreshCallees &fresh) {
  Block *block = dealloc->getBlock();
  llvm::SetVector<Value> reaching = reachingValues(root, fresh);
  for (Value retained : dealloc.getRetained())
    if (reaching.contains(retained))
      return false;
  // The last op of the block that uses a reaching value (directly or in
  // its regions); the buffer's definition when nothing does.
  Operation *last = root.getDefiningOp();
  for (Value value : reaching)
    for (Operation *user : value.getUsers()) {
      // The dealloc, and the extraction of the base buffer it frees (it
      // sits just before the dealloc and is redone at the new place).
      if (user == dealloc || (buffer != root && user == buffer.getDefiningOp()))
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
  // The base buffer of a call's result is extracted just before the
  // block's dealloc: extract it again where the free goes.
  Value freed = buffer;
  if (buffer != root)
    freed = memref::ExtractStridedMetadataOp::create(b, dealloc.getLoc(), root).getBaseBuffer();
  bufferization::DeallocOp::create(b, dealloc.getLoc(), ValueRange{freed}, ValueRange{yes},
                                   ValueRange{});
  return true;
}

/// The value whose memory `buffer`, a memref freed by `dealloc`, is, if the
/// block owns it from its definition there: a memref.alloc of the block, or
/// the one memref returned by a call in the block of a function that
/// returns fresh buffers (the dealloc frees its base buffer,
/// memref.extract_strided_metadata). Null otherwise. A call with several memref results is left alone: a
/// function may return one buffer twice (`return %t, %t`), the caller then
/// owns it twice, and only the block's one dealloc, which frees each
/// distinct buffer once, may free it.
Value ownedRoot(bufferization::DeallocOp dealloc, Value buffer, FreshCallees &fresh) {
  Value root = buffer;
  if (auto metadata = buffer.getDefiningOp<memref::ExtractStridedMetadataOp>())
    root = metadata.getSource();
  Operation *def = root.getDefiningOp();
  if (!def || def->getBlock() != dealloc->getBlock())
    return nullptr;
  if (root == buffer && isa<memref::AllocOp>(def))
    return root;
  if (root != buffer && fresh(def) &&
      llvm::count_if(def->getResultTypes(), llvm::IsaPred<BaseMemRefType>) == 1)
    return root;
  return nullptr;
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
    FreshCallees fresh;
    SmallVector<bufferization::DeallocOp> deallocs;
    getOperation()->walk([&](bufferization::DeallocOp op) { deallocs.push_back(op); });
    for (bufferization::DeallocOp dealloc : deallocs) {
      SmallVector<unsigned> moved;
      for (auto [i, pair] :
           llvm::enumerate(llvm::zip(dealloc.getMemrefs(), dealloc.getConditions()))) {
        auto [buffer, condition] = pair;
        // Buffers this block allocated, or received from a call, and owns
        // on every path.
        Value root = ownedRoot(dealloc, buffer, fresh);
        if (!root || !matchPattern(condition, m_One()))
          continue;
        if (freeEarly(dealloc, buffer, root, fresh))
          moved.push_back(i);
      }
      if (!moved.empty())
        dropMemrefs(dealloc, moved);
    }
  }
};

} // namespace
