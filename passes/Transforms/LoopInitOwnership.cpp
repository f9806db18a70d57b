//===- LoopInitOwnership.cpp - hand a loop's initial buffer to the loop ---===//
//
// See the pass description in Passes.td. The ownership-based deallocation
// pass gives every scf.for one i1 iter_arg per memref iter_arg, appended
// after the original ones in the same order; this pass only changes the
// initial value of such an i1 and one condition of one bufferization.dealloc.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::distc {
#define GEN_PASS_DEF_LOOPINITOWNERSHIP
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

/// The value `value` is a view of (casts, views, the base buffer of its
/// strided metadata), or nullptr if it is not a view.
Value viewSource(Operation *op, Value result) {
  if (auto cast = dyn_cast<memref::CastOp>(op))
    return cast.getSource();
  if (auto meta = dyn_cast<memref::ExtractStridedMetadataOp>(op))
    return result == meta.getBaseBuffer() ? meta.getSource() : Value();
  if (auto view = dyn_cast<ViewLikeOpInterface>(op))
    return view.getViewSource();
  return Value();
}

/// The buffer `value` is a view of, through any number of views.
Value rootBuffer(Value value) {
  while (Operation *op = value.getDefiningOp()) {
    Value source = viewSource(op, value);
    if (!source)
      break;
    value = source;
  }
  return value;
}

struct LoopInitOwnershipPass
    : public distc::impl::LoopInitOwnershipBase<LoopInitOwnershipPass> {
  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    DominanceInfo dominance(getOperation());
    for (scf::ForOp loop : loops)
      transfer(loop, dominance);
  }

  void transfer(scf::ForOp loop, DominanceInfo &dominance) {
    ValueRange inits = loop.getInitArgs();
    SmallVector<unsigned> memrefs;
    for (auto [i, init] : llvm::enumerate(inits))
      if (isa<BaseMemRefType>(init.getType()))
        memrefs.push_back(i);
    unsigned count = memrefs.size();
    if (count == 0 || inits.size() < 2 * count)
      return;
    unsigned firstOwnership = inits.size() - count;
    for (unsigned k = 0; k < count; ++k) {
      if (memrefs[k] >= firstOwnership ||
          !inits[firstOwnership + k].getType().isInteger(1))
        return; // not the layout the deallocation pass produces
    }
    for (unsigned k = 0; k < count; ++k)
      transferOne(loop, memrefs[k], firstOwnership + k, dominance);
  }

  void transferOne(scf::ForOp loop, unsigned memrefIndex,
                   unsigned ownershipIndex, DominanceInfo &dominance) {
    OpOperand &ownershipInit = loop.getInitArgsMutable()[ownershipIndex];
    if (!matchPattern(ownershipInit.get(), m_Zero()))
      return;
    OpOperand &memrefInit = loop.getInitArgsMutable()[memrefIndex];
    Value root = rootBuffer(memrefInit.get());
    Block *block = loop->getBlock();

    // Every alias of the buffer and every use of one.
    SetVector<Value> aliases;
    aliases.insert(root);
    bufferization::DeallocOp dealloc;
    unsigned deallocIndex = 0;
    for (unsigned a = 0; a < aliases.size(); ++a) {
      for (OpOperand &use : aliases[a].getUses()) {
        Operation *user = use.getOwner();
        if (user == loop) {
          if (&use != &memrefInit)
            return; // passed to the loop twice
          continue;
        }
        Operation *inBlock = block->findAncestorOpInBlock(*user);
        if (!inBlock || inBlock == loop)
          return; // used from inside the loop, or from another block
        bool after = loop->isBeforeInBlock(inBlock);
        if (auto d = dyn_cast<bufferization::DeallocOp>(user)) {
          if (!after || user != inBlock ||
              use.getOperandNumber() >= d.getMemrefs().size())
            return; // retained, or freed before the loop
          if (dealloc)
            return; // freed by two deallocs
          dealloc = d;
          deallocIndex = use.getOperandNumber();
          continue;
        }
        bool isView = false;
        for (Value result : user->getResults())
          if (viewSource(user, result) == aliases[a]) {
            aliases.insert(result);
            isView = true;
          }
        if (after && !isView)
          return; // read or written after the loop
      }
    }
    if (!dealloc)
      return;
    Value condition = dealloc.getConditions()[deallocIndex];
    if (!dominance.properlyDominates(condition, loop))
      return;

    ownershipInit.set(condition);
    OpBuilder b(dealloc);
    Value no =
        arith::ConstantOp::create(b, dealloc.getLoc(), b.getBoolAttr(false));
    dealloc.getConditionsMutable()[deallocIndex].set(no);
  }
};

} // namespace
