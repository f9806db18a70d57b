//===- FuseSiblingReductions.cpp - full reductions of one tensor at once --===//
//
// See the pass description in Passes.td. Element-wise fusion folds each
// reduction's producers into it but never merges two consumers of the same
// tensor; a program that prints the sum and the maximum of a grid would
// otherwise stream the grid from memory once per reduction.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"
#include "passes/Transforms/ScalarReduction.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::distc {
#define GEN_PASS_DEF_FUSESIBLINGREDUCTIONS
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

/// A generic that reduces whole tensors of one shape to one scalar.
bool isFullReduction(linalg::GenericOp op) {
  return op.getNumDpsInits() == 1 && op->getNumResults() == 1 &&
         op.hasPureTensorSemantics() && distc::reducesToScalars(op);
}

/// `value` without the tensor.casts that only change its static type.
Value stripCasts(Value value) {
  while (auto cast = value.getDefiningOp<tensor::CastOp>())
    value = cast.getSource();
  return value;
}

bool sharesInput(linalg::GenericOp a, linalg::GenericOp b) {
  for (OpOperand *x : a.getDpsInputOperands())
    for (OpOperand *y : b.getDpsInputOperands())
      if (stripCasts(x->get()) == stripCasts(y->get()))
        return true;
  return false;
}

/// Makes `value` available before `point`: true if it already is, or if
/// it is a linalg.fill of a tensor.empty (with operands available there),
/// which is then moved up.
bool makeAvailable(Value value, Operation *point, DominanceInfo &dominance) {
  if (dominance.properlyDominates(value, point))
    return true;
  auto fill = value.getDefiningOp<linalg::FillOp>();
  if (!fill || fill->getBlock() != point->getBlock() ||
      !dominance.properlyDominates(fill.getInputs()[0], point))
    return false;
  Value dest = fill.getOutputs()[0];
  if (!dominance.properlyDominates(dest, point)) {
    auto empty = dest.getDefiningOp<tensor::EmptyOp>();
    if (!empty || empty->getBlock() != point->getBlock() ||
        !llvm::all_of(empty->getOperands(), [&](Value v) {
          return dominance.properlyDominates(v, point);
        }))
      return false;
    empty->moveBefore(point);
  }
  fill->moveBefore(point);
  return true;
}

/// One generic computing both `first` and `second`, at `first`.
linalg::GenericOp merge(RewriterBase &rewriter, linalg::GenericOp first,
                        linalg::GenericOp second) {
  llvm::SetVector<Value> inputs;
  for (linalg::GenericOp op : {first, second})
    for (OpOperand *input : op.getDpsInputOperands())
      inputs.insert(input->get());
  int64_t loops = first.getNumLoops();
  MLIRContext *context = rewriter.getContext();
  SmallVector<AffineMap> maps(
      inputs.size(), AffineMap::getMultiDimIdentityMap(loops, context));
  maps.append(2, AffineMap::get(loops, 0, context));
  Value inits[] = {first.getDpsInitOperand(0)->get(),
                   second.getDpsInitOperand(0)->get()};
  rewriter.setInsertionPoint(first);
  auto merged = linalg::GenericOp::create(
      rewriter, first.getLoc(),
      TypeRange{inits[0].getType(), inits[1].getType()}, inputs.getArrayRef(),
      inits, maps, first.getIteratorTypesArray(),
      [&](OpBuilder &b, Location, ValueRange args) {
        SmallVector<Value> yielded;
        linalg::GenericOp ops[] = {first, second};
        for (auto [k, op] : llvm::enumerate(ops)) {
          Block &body = op.getRegion().front();
          IRMapping mapping;
          for (OpOperand *input : op.getDpsInputOperands()) {
            auto index =
                std::distance(inputs.begin(), llvm::find(inputs, input->get()));
            mapping.map(body.getArgument(input->getOperandNumber()),
                        args[index]);
          }
          mapping.map(body.getArguments().back(), args[inputs.size() + k]);
          for (Operation &inner : body.without_terminator())
            b.clone(inner, mapping);
          yielded.push_back(
              mapping.lookupOrDefault(body.getTerminator()->getOperand(0)));
        }
        linalg::YieldOp::create(b, first.getLoc(), yielded);
      });
  return merged;
}

struct FuseSiblingReductionsPass
    : public distc::impl::FuseSiblingReductionsBase<FuseSiblingReductionsPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    bool changed = true;
    while (changed) {
      changed = false;
      SmallVector<linalg::GenericOp> reductions;
      getOperation()->walk([&](linalg::GenericOp op) {
        if (isFullReduction(op))
          reductions.push_back(op);
      });
      DominanceInfo dominance(getOperation());
      for (size_t i = 0; i < reductions.size(); ++i) {
        linalg::GenericOp first = reductions[i];
        for (linalg::GenericOp second : llvm::drop_begin(reductions, i + 1)) {
          if (first->getBlock() != second->getBlock() ||
              !first->isBeforeInBlock(second) || !sharesInput(first, second) ||
              first.getIteratorTypesArray() != second.getIteratorTypesArray())
            continue;
          if (!llvm::all_of(second.getDpsInputOperands(), [&](OpOperand *in) {
                return dominance.properlyDominates(in->get(), first);
              }))
            continue;
          // Values the second body captures from above must exist at the
          // first one too.
          bool capturesLater = false;
          second.getRegion().walk([&](Operation *inner) {
            for (Value v : inner->getOperands())
              if (!second.getRegion().isAncestor(v.getParentRegion()) &&
                  !dominance.properlyDominates(v, first))
                capturesLater = true;
          });
          if (capturesLater)
            continue;
          if (!makeAvailable(second.getDpsInitOperand(0)->get(), first,
                             dominance))
            continue;
          linalg::GenericOp merged = merge(rewriter, first, second);
          rewriter.replaceOp(first, merged.getResult(0));
          rewriter.replaceOp(second, merged.getResult(1));
          changed = true;
          break;
        }
        if (changed)
          break;
      }
    }
  }
};

} // namespace
