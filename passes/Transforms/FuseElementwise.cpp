//===- FuseElementwise.cpp - element-wise fusion with a cost rule ---------===//
//
// See the pass description in Passes.td. Upstream's element-wise fusion
// moves a producer's body into its consumer whenever the producer has one
// use. That is what a chain of element-wise ops in straight-line code
// wants, but the consumer may run more often than the producer: inside a
// loop the producer does not run in (a loop-invariant array recomputed in
// every iteration: sin and exp of 4e6 elements, 20 iterations, run 25x
// slower), or broadcast along dimensions the producer does not have. The
// control function here counts those repetitions and fuses only when the
// fused op does no more work than the two ops did.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

namespace mlir::distc {
#define GEN_PASS_DEF_FUSEELEMENTWISE
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

//===----------------------------------------------------------------------===//
// Cost of a body, per element
//===----------------------------------------------------------------------===//

// Units: one vectorized arithmetic op per element. Reading or writing an
// element of a tensor that does not fit in the caches costs about four of
// them on the machines distc targets (a streaming loop moves 8 bytes per
// element in the time of a few vector ops); divisions and square roots are
// not pipelined like the rest (~2 elements' worth of memory traffic each);
// transcendental functions are library calls or long polynomials.
constexpr uint64_t kAccessCost = 4;
constexpr uint64_t kDivisionCost = 8;
constexpr uint64_t kTranscendentalCost = 40;
// Calls, loops and ops this file does not know: never worth repeating.
constexpr uint64_t kUnknownCost = 1000;

uint64_t blockCost(Block &block);

uint64_t opCost(Operation *op) {
  if (op->hasTrait<OpTrait::ConstantLike>() ||
      op->hasTrait<OpTrait::IsTerminator>() ||
      isa<linalg::IndexOp, arith::IndexCastOp, arith::IndexCastUIOp,
          arith::BitcastOp>(op))
    return 0;
  if (isa<arith::DivFOp, arith::DivSIOp, arith::DivUIOp, arith::CeilDivSIOp,
          arith::CeilDivUIOp, arith::FloorDivSIOp, arith::RemFOp,
          arith::RemSIOp, arith::RemUIOp, math::SqrtOp, math::RsqrtOp>(op))
    return kDivisionCost;
  if (isa<arith::ArithDialect>(op->getDialect()))
    return 1;
  // The math ops that are one instruction (or a few bit operations).
  if (isa<math::AbsFOp, math::AbsIOp, math::CopySignOp, math::CeilOp,
          math::FloorOp, math::RoundOp, math::RoundEvenOp, math::TruncOp,
          math::FmaOp, math::CountLeadingZerosOp, math::CountTrailingZerosOp,
          math::CtPopOp, math::IsNaNOp, math::IsInfOp, math::IsFiniteOp,
          math::IsNormalOp, math::ClampFOp>(op))
    return 1;
  // Every other math op is a transcendental function.
  if (isa<math::MathDialect>(op->getDialect()))
    return kTranscendentalCost;
  // A multiply-add contracted by distc-fp-contract.
  if (isa<LLVM::FMulAddOp, LLVM::FMAOp>(op))
    return 1;
  if (isa<complex::CreateOp, complex::ReOp, complex::ImOp, complex::AddOp,
          complex::SubOp, complex::NegOp, complex::ConjOp, complex::EqualOp,
          complex::NotEqualOp>(op))
    return 2;
  if (isa<complex::MulOp>(op))
    return 6;
  if (isa<complex::ComplexDialect>(op->getDialect()))
    return kTranscendentalCost;
  // A read of another tensor's element.
  if (isa<tensor::ExtractOp>(op))
    return kAccessCost;
  // A branch costs at most both of its sides.
  if (auto ifOp = dyn_cast<scf::IfOp>(op)) {
    uint64_t cost = 1;
    for (Region &region : ifOp->getRegions())
      if (!region.empty())
        cost = llvm::SaturatingAdd(cost, blockCost(region.front()));
    return cost;
  }
  return kUnknownCost;
}

uint64_t blockCost(Block &block) {
  uint64_t cost = 0;
  for (Operation &op : block)
    cost = llvm::SaturatingAdd(cost, opCost(&op));
  return cost;
}

//===----------------------------------------------------------------------===//
// Repetitions
//===----------------------------------------------------------------------===//

/// How many times region `region` of `parent` runs per execution of
/// `parent`: a loop's static trip count, 1 for a region that control flow
/// enters at most once (scf.if), nullopt when not known at compile time:
/// loops with dynamic bounds, scf.while, and regions that run once per
/// element (linalg.generic, tensor.generate) or whose op does not say.
std::optional<uint64_t> regionRuns(Operation *parent, Region *region) {
  if (auto loop = dyn_cast<LoopLikeOpInterface>(parent)) {
    if (!llvm::is_contained(loop.getLoopRegions(), region))
      return std::nullopt;
    std::optional<APInt> trips = loop.getStaticTripCount();
    if (!trips || trips->getActiveBits() > 64)
      return std::nullopt;
    return trips->getZExtValue();
  }
  if (auto branch = dyn_cast<RegionBranchOpInterface>(parent))
    if (!branch.isRepetitiveRegion(region->getRegionNumber()))
      return 1;
  return std::nullopt;
}

/// How many times the fused op would compute each element of the
/// producer's result per execution of the producer: the runs of every
/// region between the two ops, times the consumer's iterations over the
/// dimensions its indexing map for `use` drops (a broadcast). nullopt when
/// that is not known at compile time (taken as "many").
std::optional<uint64_t> recomputations(Operation *producer, OpOperand &use) {
  auto consumer = cast<linalg::GenericOp>(use.getOwner());
  uint64_t times = 1;
  Operation *op = consumer;
  while (op->getParentRegion() != producer->getParentRegion()) {
    Operation *parent = op->getParentOp();
    if (!parent)
      return std::nullopt;
    std::optional<uint64_t> runs = regionRuns(parent, op->getParentRegion());
    if (!runs)
      return std::nullopt;
    times = llvm::SaturatingMultiply(times, *runs);
    op = parent;
  }
  AffineMap map = consumer.getMatchingIndexingMap(&use);
  if (map.isPermutation())
    return times;
  if (!map.isProjectedPermutation())
    return std::nullopt;
  SmallVector<int64_t> ranges = consumer.getStaticLoopRanges();
  for (unsigned dim = 0, e = map.getNumDims(); dim < e; ++dim) {
    if (map.isFunctionOfDim(dim))
      continue;
    if (ShapedType::isDynamic(ranges[dim]))
      return std::nullopt;
    times = llvm::SaturatingMultiply(times, static_cast<uint64_t>(ranges[dim]));
  }
  return times;
}

//===----------------------------------------------------------------------===//
// The control function
//===----------------------------------------------------------------------===//

/// The tensors `op`'s body reads from memory (inputs and inits of rank 1
/// and up whose block argument is used), except `skip`. Scalars and 0-d
/// tensors are one value for all elements.
llvm::SmallSetVector<Value, 4> readTensors(linalg::GenericOp op,
                                           OpOperand *skip = nullptr) {
  llvm::SmallSetVector<Value, 4> reads;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<ShapedType>(operand.get().getType());
    if (&operand != skip && type && type.hasRank() && type.getRank() > 0 &&
        op.payloadUsesValueFromOperand(&operand))
      reads.insert(operand.get());
  }
  return reads;
}

/// Fuses when the fused op costs no more than the producer and the
/// consumer did. With R the recomputations of each producer element, B the
/// producer's body, k the tensors it reads and n those of them the
/// consumer does not read already:
///  * the producer disappears (the consumer is its only user): fused
///    R * (B + n) against B + k + 1 (its write) + R (the consumer's reads
///    of it); always true for R = 1, the straight-line chains;
///  * the producer stays for its other users, or R is unknown (a loop
///    without a static trip count, taken as many iterations): per
///    repetition, B + n against the one read of the producer's result the
///    fusion saves, so only a cheap body reading nothing new is copied.
/// (Reads, writes and n, k counted at kAccessCost each.)
bool shouldFuse(OpOperand *use) {
  auto producer = use->get().getDefiningOp<linalg::GenericOp>();
  auto consumer = dyn_cast<linalg::GenericOp>(use->getOwner());
  if (!producer || !consumer)
    return false;
  std::optional<uint64_t> times = recomputations(producer, *use);
  if (times == 0)
    return true;
  bool disappears = llvm::all_of(producer->getUsers(), [&](Operation *user) {
    return user == consumer.getOperation();
  });
  if (times == 1 && disappears)
    return true;

  llvm::SmallSetVector<Value, 4> producerReads = readTensors(producer);
  llvm::SmallSetVector<Value, 4> consumerReads = readTensors(consumer, use);
  uint64_t newReads = llvm::count_if(producerReads, [&](Value v) {
    return !consumerReads.contains(v);
  });
  uint64_t body = blockCost(producer.getRegion().front());
  uint64_t perRun = llvm::SaturatingAdd(
      body, llvm::SaturatingMultiply(kAccessCost, newReads));
  if (!disappears || !times)
    return perRun <= kAccessCost;
  uint64_t materialized = llvm::SaturatingAdd(
      llvm::SaturatingAdd(body, llvm::SaturatingMultiply(
                                    kAccessCost, producerReads.size() + 1)),
      llvm::SaturatingMultiply(*times, kAccessCost));
  return llvm::SaturatingMultiply(*times, perRun) <= materialized;
}

/// For the patterns that fold reshapes and constants: upstream's default
/// (the producer has one use), and the use in the producer's block. Folding
/// a tensor.pad with the expand_shape of its result re-creates the pad at
/// the expand_shape: in a loop's body, a copy per iteration.
bool hasOneUseProducer(OpOperand *use) {
  Operation *producer = use->get().getDefiningOp();
  return producer && producer->hasOneUse() &&
         producer->getBlock() == use->getOwner()->getBlock();
}

/// For reshape folding: hasOneUseProducer, and never into or out of the
/// products distc-tile-matmul packs and tiles. Folding an expand_shape of a
/// matmul's result (a column block of Q viewed as heads) or a collapse_shape
/// of its operand (the heads' outputs as rows again) makes the matmul a
/// linalg.generic with one loop more, which distc-tile-matmul does not tile:
/// a plain loop nest, tens of times slower than the tiled product.
bool foldsReshape(OpOperand *use) {
  auto isProduct = [](Operation *op) {
    return isa_and_nonnull<linalg::MatmulOp, linalg::BatchMatmulOp>(op);
  };
  return hasOneUseProducer(use) && !isProduct(use->get().getDefiningOp()) &&
         !isProduct(use->getOwner());
}

struct FuseElementwisePass
    : public distc::impl::FuseElementwiseBase<FuseElementwisePass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    // The pattern set of upstream's linalg-fuse-elementwise-ops, with
    // shouldFuse deciding the fusion of generic ops.
    linalg::populateElementwiseOpsFusionPatterns(patterns, shouldFuse);
    linalg::populateFoldReshapeOpsByExpansionPatterns(patterns, foldsReshape);
    tensor::populateBubbleUpExpandShapePatterns(patterns);
    affine::AffineApplyOp::getCanonicalizationPatterns(patterns, context);
    linalg::GenericOp::getCanonicalizationPatterns(patterns, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(patterns, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(patterns, context);
    context->getLoadedDialect<linalg::LinalgDialect>()
        ->getCanonicalizationPatterns(patterns);
    linalg::populateConstantFoldLinalgOperations(patterns, hasOneUseProducer);
    // Top-down, as upstream's pass, for compile time; not converging within
    // the iteration limit leaves correct IR.
    (void)applyPatternsGreedily(getOperation(), std::move(patterns),
                                GreedyRewriteConfig().setUseTopDownTraversal());
  }
};

} // namespace
