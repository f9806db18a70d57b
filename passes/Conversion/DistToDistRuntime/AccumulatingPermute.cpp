//===- AccumulatingPermute.cpp - dist.add of a dist.permute ---------------===//
//
// `B + permute(A)` (the PRK transpose's `B += A^T`) lowered as one
// accumulating redistribution, `distruntime.copy_permute ... add_into`: the
// runtime adds the permuted elements straight into B's local part instead
// of writing them to a temporary that the add then reads. At N = 8192 on 2
// ranks the temporary is a 256 MiB block per rank, written and read once
// per iteration: about a quarter of the loop's memory traffic.
//
// The pattern outranks the element-wise lowering of dist.add and applies
// only where the fused form means the same thing, checked explicitly:
//
//  - one operand is a dist.permute whose only use is this add, in the same
//    block (the permute moves to the add; its value is needed nowhere
//    else, and it runs as often as before);
//  - the other operand, the permute's result and the add's result have the
//    same balanced partition (the accumulator is the local part of the
//    other operand, and must be the box the permute delivers: equal global
//    shapes, checked at run time as for any add, then give equal boxes);
//  - all three have the same element type, one the runtime adds
//    (`_idtr_copy_permute_add_T`).
//
// Addition commutes for every element type (IEEE, modular integers,
// complex), so either operand may be the permute. Anything else (the
// permute used twice, partitions that need a redistribution of the other
// operand) is left to the plain lowerings.
//
// By the time the add is converted, its permute has been (ops convert in
// order, and the permute precedes the add): its converted value is the
// result of a plain copy_permute and its wait. The pattern rebuilds that
// copy at the add with the accumulator and erases it; the copy keeps the
// permute's location, so run-time errors and statistics still name the
// dist.permute, and `irregular` marking (by location) still finds it.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"
#include "passes/IDTRRuntimeAPI.h"

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::lowering;
using namespace mlir::dist;

namespace {

/// The dist.permute that `operand` is and that may be fused into `add`
/// (its only use, same block), or null.
PermuteOp fusablePermute(AddOp add, Value operand) {
  auto permute = operand.getDefiningOp<PermuteOp>();
  if (!permute || !permute->hasOneUse() ||
      permute->getBlock() != add->getBlock())
    return nullptr;
  return permute;
}

/// Whether `acc + permute` may be one accumulating copy_permute into the
/// local part of `acc`, producing the add's result (the file comment).
bool isFusable(AddOp add, PermuteOp permute, Value acc) {
  DistTensorType resultType = distType(add.getResult());
  DistTensorType permuteType = distType(permute.getResult());
  DistTensorType accType = distType(acc);
  Type element = resultType.getElementType();
  return permuteType.hasSamePartitionAs(resultType) &&
         accType.hasSamePartitionAs(resultType) &&
         permuteType.getElementType() == element &&
         accType.getElementType() == element &&
         getIDTRTypeSuffix(element).has_value();
}

struct AccumulatingPermuteLowering : public DistPattern<AddOp> {
  /// Before BinaryLowering<AddOp> (benefit 1).
  AccumulatingPermuteLowering(TypeConverter &converter, MLIRContext *context)
      : DistPattern<AddOp>(converter, context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(AddOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // Which operand is the permute (the right one first: `B + A^T`).
    unsigned permuteIndex = 1;
    PermuteOp permute = fusablePermute(op, op.getRhs());
    if (!permute || !isFusable(op, permute, op.getLhs())) {
      permuteIndex = 0;
      permute = fusablePermute(op, op.getLhs());
      if (!permute || !isFusable(op, permute, op.getRhs()))
        return rewriter.notifyMatchFailure(op, "no fusable permute operand");
    }
    DistParts permuted = parts(adaptor.getOperands()[permuteIndex]);
    DistParts acc = parts(adaptor.getOperands()[1 - permuteIndex]);
    // The permute's lowering: a plain copy_permute whose only user is its
    // wait (PermuteLowering, createAndWait).
    auto copy = permuted.local.getDefiningOp<distruntime::CopyPermuteOp>();
    if (!copy || copy.accumulates() || !copy.getHandle().hasOneUse())
      return rewriter.notifyMatchFailure(op, "permute not lowered to a copy");
    auto wait = dyn_cast<distruntime::WaitOp>(*copy.getHandle().user_begin());
    if (!wait)
      return rewriter.notifyMatchFailure(op, "copy_permute without its wait");

    Location loc = op.getLoc();
    DistTensorType resultType = distType(op.getResult());
    // The run-time shape checks of the add (the permute's are in place).
    SmallVector<SmallVector<Value>> shapes;
    for (auto [values, original] :
         llvm::zip(adaptor.getOperands(), op->getOperands()))
      shapes.push_back(knownShape(rewriter, loc, distType(original),
                                  parts(values).globalShape));
    checkSameShapes(rewriter, loc, op->getName().getStringRef(), shapes,
                    resultType.getShape());

    RankedTensorType localType = resultType.getLocalType();
    Value accLocal = castTo(rewriter, loc, acc.local, localType);
    auto fused = distruntime::CopyPermuteOp::create(
        rewriter, copy.getLoc(),
        TypeRange{copy.getHandle().getType(), localType}, copy.getLArray(),
        copy.getGShape(), copy.getLOffsets(), copy.getNlOffsets(),
        copy.getNlShape(), accLocal, copy.getAxes(), copy.getTeam(),
        copy.getIrregular());
    createAndWait(rewriter, fused);
    rewriter.eraseOp(wait);
    rewriter.eraseOp(copy);
    replace(rewriter, op, {fused.getNlArray(), acc.globalShape, acc.offsets});
    return success();
  }
};

} // namespace

void mlir::distc::lowering::populateAccumulatingPermutePatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  patterns.add<AccumulatingPermuteLowering>(converter, patterns.getContext());
}
