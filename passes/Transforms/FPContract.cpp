//===- FPContract.cpp - -ffp-contract=on: fused multiply-adds -------------===//
//
// Two passes, see their descriptions in Passes.td. A multiply whose only
// use is an add of the same block is the SSA form of C's `a * b + c`, the
// expression that clang contracts at its default -ffp-contract=on; it
// becomes LLVM's `fmuladd`, fused wherever the target has FMA
// instructions. Both passes decide from the program as written, not from
// whatever the optimizations at some -O level make adjacent, so every -O
// level rounds the same way:
//  * distc-fp-contract runs first, on the bodies the program wrote (before
//    element-wise fusion merges bodies of different ops at -O2);
//  * distc-fp-contract-named-ops runs before linalg ops become loops, on
//    the named ops left (matmul, matvec, convolutions, ...): one op, one
//    expression `c += a * b`, as distc-tile-matmul computes it at -O2.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Conversion/ArithCommon/AttrToLLVMConverter.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::distc {
#define GEN_PASS_DEF_FPCONTRACT
#define GEN_PASS_DEF_FPCONTRACTNAMEDOPS
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

/// Whether `op`'s region is the implicit body of a named linalg op (what
/// its name defines, rebuilt by the parser): it is never rewritten in place.
bool hasImplicitBody(Operation *op) {
  return isa<linalg::LinalgOp>(op) &&
         !isa<linalg::GenericOp, linalg::MapOp, linalg::ReduceOp>(op);
}

/// The types llvm.intr.fmuladd takes: LLVM's floats and 1-D vectors of them.
bool isContractible(Type type) {
  if (auto vector = dyn_cast<VectorType>(type)) {
    if (vector.getRank() != 1)
      return false;
    type = vector.getElementType();
  }
  return LLVM::isCompatibleFloatingPointType(type);
}

/// `value`'s defining arith.mulf if `add` may absorb it: in `add`'s block,
/// with `add` its only user.
arith::MulFOp contractibleMultiply(Value value, Operation *add) {
  auto mul = value.getDefiningOp<arith::MulFOp>();
  if (!mul || mul->getBlock() != add->getBlock() || !mul->hasOneUse())
    return nullptr;
  return mul;
}

/// The fast-math flags both ops allow, as LLVM's.
LLVM::FastmathFlagsAttr commonFlags(arith::MulFOp mul, Operation *add) {
  auto addFlags = cast<arith::ArithFastMathInterface>(add).getFastMathFlagsAttr();
  arith::FastMathFlags common = mul.getFastmath() & addFlags.getValue();
  return LLVM::FastmathFlagsAttr::get(
      mul.getContext(), arith::convertArithFastMathFlagsToLLVM(common));
}

/// Replaces `add` (an arith.addf or arith.subf) by an llvm.intr.fmuladd of
/// the multiply it adds: the left operand's if it may, else the right
/// one's, as clang picks. A subtraction negates the addend or one factor
/// (exact). Returns whether it did.
bool contract(RewriterBase &rewriter, Operation *add) {
  if (!isa<arith::AddFOp, arith::SubFOp>(add) ||
      !isContractible(add->getResult(0).getType()))
    return false;
  Value lhs = add->getOperand(0), rhs = add->getOperand(1);
  bool subtract = isa<arith::SubFOp>(add);
  rewriter.setInsertionPoint(add);
  Location loc = add->getLoc();
  Value a, b, c;
  arith::MulFOp mul;
  if ((mul = contractibleMultiply(lhs, add))) {
    // a * b + rhs, a * b - rhs.
    a = mul.getLhs();
    b = mul.getRhs();
    c = subtract ? arith::NegFOp::create(rewriter, loc, rhs).getResult() : rhs;
  } else if ((mul = contractibleMultiply(rhs, add))) {
    // lhs + a * b, lhs - a * b.
    a = subtract ? arith::NegFOp::create(rewriter, loc, mul.getLhs()).getResult()
                 : mul.getLhs();
    b = mul.getRhs();
    c = lhs;
  } else {
    return false;
  }
  Value fused = LLVM::FMulAddOp::create(rewriter, loc, a, b, c,
                                        commonFlags(mul, add));
  rewriter.replaceOp(add, fused);
  rewriter.eraseOp(mul);
  return true;
}

/// Contracts the multiply-adds of `block` (not of the blocks nested in it).
bool contractBlock(RewriterBase &rewriter, Block &block) {
  bool changed = false;
  for (Operation &op : llvm::make_early_inc_range(block))
    changed |= contract(rewriter, &op);
  return changed;
}

/// Whether `block` holds a multiply-add that contractBlock would fuse.
bool hasMultiplyAdd(Block &block) {
  return llvm::any_of(block, [](Operation &op) {
    if (!isa<arith::AddFOp, arith::SubFOp>(op) ||
        !isContractible(op.getResult(0).getType()))
      return false;
    return contractibleMultiply(op.getOperand(0), &op) ||
           contractibleMultiply(op.getOperand(1), &op);
  });
}

struct FPContractPass
    : public distc::impl::FPContractBase<FPContractPass> {
  void runOnOperation() override {
    SmallVector<Block *> blocks;
    getOperation()->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (hasImplicitBody(op))
        return WalkResult::skip();
      for (Region &region : op->getRegions())
        for (Block &block : region)
          blocks.push_back(&block);
      return WalkResult::advance();
    });
    IRRewriter rewriter(&getContext());
    for (Block *block : blocks)
      (void)contractBlock(rewriter, *block);
  }
};

struct FPContractNamedOpsPass
    : public distc::impl::FPContractNamedOpsBase<FPContractNamedOpsPass> {
  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> named;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (hasImplicitBody(op) && op->getNumRegions() == 1 &&
          !op->getRegion(0).empty() && hasMultiplyAdd(op->getRegion(0).front()))
        named.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : named) {
      rewriter.setInsertionPoint(op);
      // An op that cannot be generalized keeps its multiply and add apart,
      // at every -O level alike.
      FailureOr<linalg::GenericOp> generic =
          linalg::generalizeNamedOp(rewriter, op);
      if (succeeded(generic))
        (void)contractBlock(rewriter, generic->getRegion().front());
    }
  }
};

} // namespace
