//===- DecomposeAggregates.cpp - aggregate linalg ops as generics ---------===//

#include "passes/Conversion/ShardToDistRuntime/DecomposeAggregates.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"

using namespace mlir;

namespace {

/// The decomposition reduces the maximum with arith.maxnumf from a NaN,
/// which maxnumf ignores. Upstream's partitioning knows no reduction kind
/// for maxnumf (the all_reduce of a split softmax dimension would be
/// `generic`): reduce with arith.maximumf from -inf instead. The softmax is
/// the same: a NaN in a row makes the whole row NaN either way (through
/// the maximum, or through its exp in the sum).
void useMaximumF(linalg::GenericOp op) {
  if (op.getNumDpsInits() != 1 || op.getNumReductionLoops() == 0)
    return;
  Block &body = *op.getBody();
  auto max = dyn_cast<arith::MaxNumFOp>(body.front());
  if (!max || &body.front() != body.getTerminator()->getPrevNode())
    return;
  auto fill = op.getDpsInits()[0].getDefiningOp<linalg::FillOp>();
  auto init = fill ? fill.value().getDefiningOp<arith::ConstantOp>() : nullptr;
  auto value = init ? dyn_cast<FloatAttr>(init.getValue()) : nullptr;
  if (!value || !value.getValue().isNaN() || !fill->hasOneUse())
    return;
  OpBuilder b(fill);
  auto type = cast<FloatType>(value.getType());
  Value lowest = arith::ConstantOp::create(
      b, init.getLoc(),
      b.getFloatAttr(type, APFloat::getInf(type.getFloatSemantics(),
                                           /*Negative=*/true)));
  fill.getInputsMutable().assign(lowest);
  b.setInsertionPoint(max);
  max.replaceAllUsesWith(arith::MaximumFOp::create(
                             b, max.getLoc(), max.getLhs(), max.getRhs())
                             .getResult());
  max.erase();
}

/// The sum of the decomposition reads the exponentials, which the division
/// reads too. Propagation gives that value the sharding the division wants
/// and gathers it for the sum; annotated like the softmax's input instead,
/// the sum over a split dimension is a partial sum and an all_reduce.
void annotateSumInput(linalg::GenericOp op, shard::ShardOp input) {
  if (op.getNumDpsInputs() != 1 || op.getNumReductionLoops() == 0 ||
      !isa_and_nonnull<linalg::GenericOp>(
          op.getDpsInputs()[0].getDefiningOp()))
    return;
  Block &body = *op.getBody();
  if (!isa<arith::AddFOp>(body.front()))
    return;
  OpBuilder b(op);
  OpOperand &exps = op.getDpsInputOperands()[0][0];
  exps.set(shard::ShardOp::create(b, op.getLoc(), exps.get(),
                                  input.getSharding(),
                                  /*annotateForUsers=*/true)
               .getResult());
}

} // namespace

LogicalResult mlir::distc::decomposeAggregateOps(func::FuncOp func) {
  SmallVector<linalg::SoftmaxOp> softmaxes;
  func.walk([&](linalg::SoftmaxOp op) { softmaxes.push_back(op); });
  OpBuilder b(func.getContext());
  for (linalg::SoftmaxOp op : softmaxes) {
    b.setInsertionPoint(op);
    Operation *before = op->getPrevNode();
    auto input = op.getInput().getDefiningOp<shard::ShardOp>();
    FailureOr<SmallVector<Value>> results =
        cast<linalg::AggregatedOpInterface>(op.getOperation())
            .decomposeOperation(b);
    if (failed(results))
      return op.emitError("distc: cannot decompose this linalg.softmax into "
                          "linalg.generic ops");
    op->replaceAllUsesWith(*results);
    Block *block = op->getBlock();
    Operation *end = op->getNextNode();
    op.erase();
    for (Operation &made : llvm::make_early_inc_range(llvm::make_range(
             before ? std::next(before->getIterator()) : block->begin(),
             end ? end->getIterator() : block->end())))
      if (auto generic = dyn_cast<linalg::GenericOp>(made)) {
        useMaximumF(generic);
        if (input)
          annotateSumInput(generic, input);
      }
  }
  return success();
}
