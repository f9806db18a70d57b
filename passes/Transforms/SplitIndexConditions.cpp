//===- SplitIndexConditions.cpp - loops split where index tests change ----===//
//
// distc-split-index-conditions, see its description in Passes.td.
//
// For a small `scf.for %iv = %lb to %ub step 1`, every signed compare
// of `%iv + c` (c invariant in the loop) against an invariant bound is true
// on one side of a threshold and false on the other. In [a, b), the
// intersection of the sides where all of them are true, each compare is
// replaced by `true`; the iterations before a and from b on keep the
// original body. The thresholds are computed in 128-bit arithmetic and
// [a, b) is also kept where no `%iv + c` wraps around, so the split is
// exact for every value of the bounds: a loop whose compares are never all
// true runs unsplit (a = ub), as before.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace mlir::distc {
#define GEN_PASS_DEF_SPLITINDEXCONDITIONS
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

/// A compare of `%iv + offset` against `bound`: true for iv >= threshold
/// (`lower`) or for iv < threshold (not `lower`), threshold = bound -
/// offset + adjust.
struct IndexTest {
  arith::CmpIOp cmp;
  Value offset; // null: 0
  bool negateOffset = false;
  Value bound;
  bool lower = false;
  int64_t adjust = 0;
};

/// `value` as `iv + offset` with `offset` invariant in `loop`.
bool matchShiftedIV(scf::ForOp loop, Value value, IndexTest &test) {
  Value iv = loop.getInductionVar();
  if (value == iv)
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || !loop->isProperAncestor(def))
    return false;
  auto invariant = [&](Value v) { return loop.isDefinedOutsideOfLoop(v); };
  if (auto add = dyn_cast<arith::AddIOp>(def)) {
    if (add.getLhs() == iv && invariant(add.getRhs()))
      test.offset = add.getRhs();
    else if (add.getRhs() == iv && invariant(add.getLhs()))
      test.offset = add.getLhs();
    return static_cast<bool>(test.offset);
  }
  if (auto sub = dyn_cast<arith::SubIOp>(def)) {
    if (sub.getLhs() != iv || !invariant(sub.getRhs()))
      return false;
    test.offset = sub.getRhs();
    test.negateOffset = true;
    return true;
  }
  return false;
}

/// The predicate of the compare with its operands swapped (a < b is b > a).
arith::CmpIPredicate swapOperands(arith::CmpIPredicate pred) {
  switch (pred) {
  case arith::CmpIPredicate::slt:
    return arith::CmpIPredicate::sgt;
  case arith::CmpIPredicate::sgt:
    return arith::CmpIPredicate::slt;
  case arith::CmpIPredicate::sle:
    return arith::CmpIPredicate::sge;
  case arith::CmpIPredicate::sge:
    return arith::CmpIPredicate::sle;
  default:
    return pred; // not used: the unsigned ones are refused below
  }
}

/// `cmp` as an IndexTest of `loop`'s induction variable, if it is one.
std::optional<IndexTest> matchIndexTest(scf::ForOp loop, arith::CmpIOp cmp) {
  if (!cmp.getLhs().getType().isIndex())
    return std::nullopt;
  arith::CmpIPredicate pred = cmp.getPredicate();
  IndexTest test;
  test.cmp = cmp;
  Value other;
  if (matchShiftedIV(loop, cmp.getLhs(), test)) {
    other = cmp.getRhs();
  } else {
    test = IndexTest{};
    test.cmp = cmp;
    if (!matchShiftedIV(loop, cmp.getRhs(), test))
      return std::nullopt;
    other = cmp.getLhs();
    pred = swapOperands(pred);
  }
  if (!loop.isDefinedOutsideOfLoop(other))
    return std::nullopt;
  test.bound = other;
  switch (pred) {
  case arith::CmpIPredicate::sge: // iv + c >= B  <=>  iv >= B - c
    test.lower = true;
    break;
  case arith::CmpIPredicate::sgt: // iv >= B - c + 1
    test.lower = true;
    test.adjust = 1;
    break;
  case arith::CmpIPredicate::slt: // iv < B - c
    break;
  case arith::CmpIPredicate::sle: // iv < B - c + 1
    test.adjust = 1;
    break;
  default: // unsigned and (in)equality tests are not monotone in iv
    return std::nullopt;
  }
  return test;
}

/// Whether the loop qualifies: unit step, at most `maxOps` ops inside (the
/// body is copied twice), not cold.
bool isCandidate(scf::ForOp loop, int64_t maxOps) {
  if (!matchPattern(loop.getStep(), m_One()) ||
      !loop.getInductionVar().getType().isIndex() ||
      loop->hasAttr(distc::kLoopAnnotationAttrName))
    return false;
  int64_t ops = 0;
  loop.getBody()->walk([&](Operation *) { ++ops; });
  return ops <= maxOps;
}

struct SplitIndexConditionsPass
    : public distc::impl::SplitIndexConditionsBase<SplitIndexConditionsPass> {
  using Base::Base;

  void runOnOperation() override {
    // Inner loops first (post-order): an outer loop is split with the
    // copies its inner loops became, if it is still small enough.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops)
      if (isCandidate(loop, maxOps))
        split(loop);
  }

  void split(scf::ForOp loop) {
    SmallVector<IndexTest> tests;
    loop.getBody()->walk([&](arith::CmpIOp cmp) {
      if (std::optional<IndexTest> test = matchIndexTest(loop, cmp))
        tests.push_back(*test);
    });
    if (tests.empty())
      return;

    MLIRContext *context = &getContext();
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    Type wide = IntegerType::get(context, 128);
    auto extend = [&](Value index) -> Value {
      Value i64 = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
      return arith::ExtSIOp::create(b, loc, wide, i64);
    };
    auto constant = [&](const APInt &value) -> Value {
      return arith::ConstantOp::create(b, loc, wide,
                                       IntegerAttr::get(wide, value));
    };
    Value lb = extend(loop.getLowerBound());
    Value ub = extend(loop.getUpperBound());
    // Where the condition is exact: no iv + c wraps around in 64 bits.
    Value min64 = constant(APInt::getSignedMinValue(64).sext(128));
    Value max64p1 =
        constant(APInt::getSignedMaxValue(64).sext(128) + APInt(128, 1));
    Value lo = lb, hi = ub;
    for (const IndexTest &test : tests) {
      Value offset = test.offset ? extend(test.offset)
                                 : constant(APInt(128, 0));
      if (test.negateOffset)
        offset = arith::SubIOp::create(b, loc, constant(APInt(128, 0)), offset);
      lo = arith::MaxSIOp::create(
          b, loc, lo, arith::SubIOp::create(b, loc, min64, offset));
      hi = arith::MinSIOp::create(
          b, loc, hi, arith::SubIOp::create(b, loc, max64p1, offset));
      Value threshold =
          arith::SubIOp::create(b, loc, extend(test.bound), offset);
      if (test.adjust)
        threshold = arith::AddIOp::create(b, loc, threshold,
                                          constant(APInt(128, test.adjust)));
      if (test.lower)
        lo = arith::MaxSIOp::create(b, loc, lo, threshold);
      else
        hi = arith::MinSIOp::create(b, loc, hi, threshold);
    }
    // lb <= a <= b <= ub.
    Value a = arith::MinSIOp::create(b, loc, lo, ub);
    Value bEnd = arith::MaxSIOp::create(
        b, loc, arith::MinSIOp::create(b, loc, hi, ub), a);
    auto narrow = [&](Value v) -> Value {
      Value i64 = arith::TruncIOp::create(b, loc, b.getI64Type(), v);
      return arith::IndexCastOp::create(b, loc, b.getIndexType(), i64);
    };
    Value splitA = narrow(a), splitB = narrow(bEnd);

    // [lb, a): the original body, not vectorized (a few iterations).
    auto head = cast<scf::ForOp>(b.clone(*loop));
    head.getUpperBoundMutable().assign(splitA);
    // [a, b): every test true.
    IRMapping mapping;
    auto middle = cast<scf::ForOp>(b.clone(*loop, mapping));
    middle.getLowerBoundMutable().assign(splitA);
    middle.getUpperBoundMutable().assign(splitB);
    middle.getInitArgsMutable().assign(head.getResults());
    OpBuilder inBody = OpBuilder::atBlockBegin(middle.getBody());
    Value yes = arith::ConstantIntOp::create(inBody, loc, 1, 1);
    for (IndexTest &test : tests) {
      Operation *copy = mapping.lookup(test.cmp.getOperation());
      copy->getResult(0).replaceAllUsesWith(yes);
      copy->erase();
    }
    // [b, ub): the original body, not vectorized.
    loop.getLowerBoundMutable().assign(splitB);
    loop.getInitArgsMutable().assign(middle.getResults());
    Attribute cold = distc::coldLoopAnnotation(context);
    head->setAttr(distc::kLoopAnnotationAttrName, cold);
    loop->setAttr(distc::kLoopAnnotationAttrName, cold);
  }
};

} // namespace
