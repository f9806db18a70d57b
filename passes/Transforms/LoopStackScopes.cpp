//===- LoopStackScopes.cpp - constant stack across loop iterations --------===//
//
// The stack a loop iteration allocates is given back at the end of the
// iteration: llvm.intr.stacksave at the start of the loop's region,
// llvm.intr.stackrestore before its terminator. See the pass description in
// Passes.td for which ops allocate stack and why the scope is not a
// memref.alloca_scope.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlir::distc {
#define GEN_PASS_DEF_LOOPSTACKSCOPES
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

/// memref.copy becomes a memcpy only between contiguous buffers; otherwise
/// (MemRefToLLVM) a call to the generic copy with both descriptors stored
/// on the stack.
bool isCopiedByMemcpy(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  return memref && (memref.getLayout().isIdentity() ||
                    memref::isStaticShapeAndContiguousRowMajor(memref));
}

/// `op` itself allocates stack, or its lowering to the LLVM dialect will.
bool allocatesStack(Operation *op) {
  if (isa<memref::AllocaOp, LLVM::AllocaOp>(op))
    return true;
  // The descriptor of an unranked memref points to a ranked descriptor
  // that its producer stores on the stack (a cast from a ranked memref, a
  // reshape, a call that returns one).
  if (llvm::any_of(op->getResultTypes(), llvm::IsaPred<UnrankedMemRefType>))
    return true;
  if (auto copy = dyn_cast<memref::CopyOp>(op))
    return !isCopiedByMemcpy(copy.getSource().getType()) ||
           !isCopiedByMemcpy(copy.getTarget().getType());
  return false;
}

/// Whether `region`, outside nested loops and nested allocation scopes
/// (which free their own stack), holds an op that allocates stack.
bool needsScope(Region &region) {
  return region
      .walk<WalkOrder::PreOrder>([](Operation *op) {
        if (isa<LoopLikeOpInterface>(op) ||
            op->hasTrait<OpTrait::AutomaticAllocationScope>())
          return WalkResult::skip();
        return allocatesStack(op) ? WalkResult::interrupt()
                                  : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `value` may point into stack allocated in `region` (through
/// views, casts and values forwarded by nested ops, conservatively).
bool mayLiveOnStackOf(Value value, Region &region) {
  if (!isa<BaseMemRefType, LLVM::LLVMPointerType>(value.getType()))
    return false;
  SmallVector<Value> worklist{value};
  llvm::SmallPtrSet<Value, 8> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    Operation *def = v.getDefiningOp();
    if (!def || !region.isAncestor(def->getParentRegion()))
      continue; // Defined outside the region, or an iteration argument.
    if (allocatesStack(def) || isa<LLVM::LLVMPointerType>(v.getType()))
      return true;
    if (auto view = dyn_cast<ViewLikeOpInterface>(def)) {
      worklist.push_back(view.getViewSource());
      continue;
    }
    // Anything else that yields a memref computed in the region (an
    // scf.if, a select, a cast) may forward one of its memref operands.
    if (def->getNumRegions() != 0)
      return true;
    for (Value operand : def->getOperands())
      if (isa<BaseMemRefType>(operand.getType()))
        worklist.push_back(operand);
  }
  return false;
}

/// Whether `region` already starts with the scope this pass adds.
bool hasScope(Block &body) {
  auto save = dyn_cast<LLVM::StackSaveOp>(&body.front());
  if (!save || !body.mightHaveTerminator())
    return false;
  Operation *beforeTerminator = body.getTerminator()->getPrevNode();
  auto restore = dyn_cast_if_present<LLVM::StackRestoreOp>(beforeTerminator);
  return restore && restore.getPtr() == save.getResult();
}

struct LoopStackScopesPass
    : public distc::impl::LoopStackScopesBase<LoopStackScopesPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<Region *> regions;
    getOperation()->walk([&](LoopLikeOpInterface loop) {
      for (Region *region : loop.getLoopRegions())
        regions.push_back(region);
    });
    for (Region *region : regions) {
      // SCF loops have one block; a loop with a CFG body is left to its
      // own lowering.
      if (!region->hasOneBlock())
        continue;
      Block &body = region->front();
      if (body.empty() || !body.mightHaveTerminator() || hasScope(body) ||
          !needsScope(*region))
        continue;
      Operation *terminator = body.getTerminator();
      if (llvm::any_of(terminator->getOperands(), [&](Value v) {
            return mayLiveOnStackOf(v, *region);
          }))
        continue;
      OpBuilder builder(&getContext());
      builder.setInsertionPointToStart(&body);
      Location loc = region->getParentOp()->getLoc();
      auto save = LLVM::StackSaveOp::create(
          builder, loc, LLVM::LLVMPointerType::get(&getContext()));
      builder.setInsertionPoint(terminator);
      LLVM::StackRestoreOp::create(builder, loc, save.getResult());
      ++numScopes;
    }
  }
};

} // namespace
