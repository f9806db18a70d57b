//===- EmptySlices.cpp - slices that hold no element ----------------------===//
//
// See EmptySlices.h.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/EmptySlices.h"
#include "passes/Passes.h"

#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::distc {
#define GEN_PASS_DEF_DROPEMPTYSLICES
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

void mlir::distc::dropEmptySlices(Operation *root) {
  // The dialect's canonicalization patterns, applied once per op of a walk
  // (no folding: the rest of the IR stays as the lowering built it).
  RewritePatternSet patterns(root->getContext());
  distruntime::populateEmptyViewPatterns(patterns);
  walkAndApplyPatterns(root, std::move(patterns));
}

namespace {
struct DropEmptySlicesPass
    : public distc::impl::DropEmptySlicesBase<DropEmptySlicesPass> {
  void runOnOperation() override { distc::dropEmptySlices(getOperation()); }
};
} // namespace
