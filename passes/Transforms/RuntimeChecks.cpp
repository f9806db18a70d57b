//===- RuntimeChecks.cpp - bounds and op-contract checks at run time ------===//
//
// `distc --runtime-checks` (the default at -O0): what the verifiers cannot
// see because it depends on run-time sizes. Element accesses get distc's
// own bounds checks, which report the index and the size that disagree;
// every other op that upstream MLIR knows how to check at run time
// (RuntimeVerifiableOpInterface) gets upstream's checks. Both report through
// the runtime's error path (_idtr_check_failed: the op's source location, the
// rank, a non-zero exit without a signal), not through cf.assert, which
// aborts with SIGABRT and prints no location of its own.
//
// The pass runs before the dist lowering: it then sees the program as the
// user wrote it (a `tensor.extract` of a `dist.local` part, not the buffers
// the lowering makes), and the ops that the lowering itself creates, which
// carry their own checks, are not checked twice.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"
#include "passes/IDTRRuntimeAPI.h"

#include "dialect/Dist/Dist.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/RuntimeVerifiableOpInterface.h"

namespace mlir::distc {
#define GEN_PASS_DEF_RUNTIMECHECKS
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

/// Upstream's checks are emitted as cf.assert with this prefix on their
/// message, so that they can be told apart from the user's own asserts
/// (which keep cf.assert's behaviour) when they are rewritten.
constexpr llvm::StringLiteral kUpstreamMarker = "\x01distc-runtime-check:";

/// Whether `op` is in the body of a dist op: per-element scalar code where
/// calls (and so checks) are not allowed.
bool isInDistBody(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<dist::DistDialect>(parent->getDialect()))
      return true;
  return false;
}

/// The tensor or memref `op` reads or writes one element of, and the
/// indices, for the element accesses distc checks itself.
std::optional<std::pair<Value, ValueRange>> elementAccess(Operation *op) {
  if (auto extract = dyn_cast<tensor::ExtractOp>(op))
    return std::make_pair(extract.getTensor(), ValueRange(extract.getIndices()));
  if (auto insert = dyn_cast<tensor::InsertOp>(op))
    return std::make_pair(insert.getDest(), ValueRange(insert.getIndices()));
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return std::make_pair(load.getMemRef(), ValueRange(load.getIndices()));
  if (auto store = dyn_cast<memref::StoreOp>(op))
    return std::make_pair(store.getMemRef(), ValueRange(store.getIndices()));
  return std::nullopt;
}

/// `0 <= index < size` for every index of the access, as one unsigned
/// compare per dimension; indices that are statically in bounds are skipped.
void checkElementAccess(OpBuilder &b, Operation *op, Value source,
                        ValueRange indices) {
  Location loc = op->getLoc();
  auto shaped = cast<ShapedType>(source.getType());
  // A dist.local part is this rank's block: the usual mistake is a global
  // index, which only the owner of the element may use after subtracting
  // dist.local_offset.
  bool localPart = source.getDefiningOp<dist::LocalOp>() != nullptr;
  for (auto [d, index] : llvm::enumerate(indices)) {
    std::optional<int64_t> constIndex = getConstantIntValue(index);
    if (constIndex && !shaped.isDynamicDim(d) && *constIndex >= 0 &&
        *constIndex < shaped.getDimSize(d))
      continue;
    Value size =
        isa<TensorType>(shaped)
            ? tensor::DimOp::create(b, loc, source, d).getResult()
            : memref::DimOp::create(b, loc, source, d).getResult();
    Value ok =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, index, size);
    std::string message =
        (op->getName().getStringRef() + ": index out of bounds along " +
         "dimension " + Twine(d) +
         (localPart ? " (index vs size of this rank's dist.local part; "
                      "subtract dist.local_offset from a global index)"
                    : " (index vs size)"))
            .str();
    mlir::distc::lowering::checkAtRunTime(b, loc, ok, message, {index, size});
  }
}

/// Upstream's checks of `op`, as cf.assert ops marked with kUpstreamMarker.
void emitUpstreamChecks(OpBuilder &b, RuntimeVerifiableOpInterface op) {
  op.generateRuntimeVerification(
      b, op->getLoc(), [](Operation *checked, StringRef message) {
        return (kUpstreamMarker + checked->getName().getStringRef() + ": " +
                message)
            .str();
      });
}

/// Every marked cf.assert becomes a call of _idtr_check_failed on failure.
void rewriteUpstreamAsserts(ModuleOp module) {
  SmallVector<cf::AssertOp> asserts;
  module.walk([&](cf::AssertOp assert) {
    if (assert.getMsg().starts_with(kUpstreamMarker))
      asserts.push_back(assert);
  });
  for (cf::AssertOp assert : asserts) {
    OpBuilder b(assert);
    mlir::distc::lowering::checkAtRunTime(b, assert.getLoc(), assert.getArg(),
                             assert.getMsg().drop_front(kUpstreamMarker.size()));
    assert.erase();
  }
}

struct RuntimeChecksPass
    : public mlir::distc::impl::RuntimeChecksBase<RuntimeChecksPass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    // Collected first: the checks add ops (tensor.dim, memref.dim) that
    // upstream would check again.
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if ((elementAccess(op) || isa<RuntimeVerifiableOpInterface>(op)) &&
          !isInDistBody(op))
        ops.push_back(op);
    });
    // A module whose runtime ABI is already lowered (distc's own
    // --emit=mlir output, where the failure path is an llvm.func) has
    // nothing left to check: its checks were made before.
    mlir::distc::IDTRDeclaration decl =
        getIDTRDeclaration(context, mlir::distc::IDTRFunction::CheckFailed);
    llvm::DenseMap<Operation *, bool> canCall;
    for (Operation *op : ops) {
      ModuleOp module = op->getParentOfType<ModuleOp>();
      auto [it, inserted] = canCall.try_emplace(module, false);
      if (!inserted)
        continue;
      FailureOr<Operation *> existing =
          mlir::distc::lookupIDTRFunction(module, decl);
      if (failed(existing))
        return signalPassFailure();
      it->second = !*existing || !isa<LLVM::LLVMFuncOp>(*existing);
    }
    for (Operation *op : ops) {
      if (!canCall.lookup(op->getParentOfType<ModuleOp>()))
        continue;
      OpBuilder b(op);
      if (auto access = elementAccess(op))
        checkElementAccess(b, op, access->first, access->second);
      else
        emitUpstreamChecks(b, cast<RuntimeVerifiableOpInterface>(op));
    }
    rewriteUpstreamAsserts(getOperation());
  }
};

} // namespace
