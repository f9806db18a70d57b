//===- LowerDistRuntimeToIDTR.cpp - distruntime -> IDTR runtime calls -----===//
//
// The pass: declares the runtime ABI where it is used, checks the element
// types, moves pure users of an op's outputs below its wait (so that the
// outputs can be defined there) and applies the op lowerings of
// OpLowerings.cpp, whose calls IDTRCallBuilder builds.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistRuntimeToIDTR/IDTRCallBuilder.h"
#include "passes/Conversion/StructuralTypeConversion.h"
#include "passes/IDTRRuntimeAPI.h"
#include "passes/Passes.h"

#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::distc {
#define GEN_PASS_DEF_LOWERDISTRUNTIMETOIDTR
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::idtr_lowering;
using namespace mlir::distruntime;

namespace {

/// The entry points that `op` calls beyond those every module declares
/// (IDTRDeclarer::LowerDistRuntimeToIDTRWhereUsed in the ABI table), with
/// their element types (null if untyped): declared only where used, so that
/// the ABI every dist program declares stays the same. Typed ones whose
/// element type the runtime lacks are left out (checkElementTypes reports
/// the op).
SmallVector<std::pair<IDTRFunction, Type>, 2> entryPointsWhereUsed(Operation *op) {
  SmallVector<std::pair<IDTRFunction, Type>, 2> used;
  // Blocks the program chose at run time (IDTR_CALL_IRREGULAR).
  if (hasIrregularBlocks(op))
    used.push_back({IDTRFunction::SetCallFlags, Type()});
  std::optional<IDTRFunction> typed;
  Type element;
  if (isa<DefineSubgridTeamOp>(op)) {
    // Shard front end: sub-grid teams.
    used.push_back({IDTRFunction::DefineSubgridTeam, Type()});
  } else if (auto permute = dyn_cast<CopyPermuteOp>(op)) {
    // Accumulating permutes (dist.add of a dist.permute).
    if (permute.accumulates()) {
      typed = IDTRFunction::CopyPermuteAdd;
      element = permute.getNlArray().getType().getElementType();
    }
  } else if (auto panel = dyn_cast<BcastPanelOp>(op)) {
    // SUMMA's panel broadcasts (dist.matmul).
    typed = IDTRFunction::BcastPanel;
    element = panel.getPanel().getType().getElementType();
  } else if (auto send = dyn_cast<SendOp>(op)) {
    // Point-to-point and reduce-to-root (shard front end).
    typed = IDTRFunction::Send;
    element = send.getInput().getType().getElementType();
  } else if (auto recv = dyn_cast<RecvOp>(op)) {
    typed = IDTRFunction::Recv;
    element = recv.getResult().getType().getElementType();
  } else if (auto reduce = dyn_cast<ReduceOp>(op)) {
    typed = IDTRFunction::Reduce;
    element = reduce.getResult().getType().getElementType();
  } else if (auto print = dyn_cast<PrintOp>(op)) {
    // The runtime services.
    typed = IDTRFunction::Print;
    element = print.getValue().getType().getElementType();
  } else if (auto save = dyn_cast<NpySaveOp>(op)) {
    typed = IDTRFunction::NpySave;
    element = save.getPart().getType().getElementType();
    if (save.getParam())
      used.push_back({IDTRFunction::ParamPath, Type()});
  } else if (auto header = dyn_cast<NpyReadHeaderOp>(op)) {
    used.push_back({IDTRFunction::NpyReadHeader, Type()});
    if (header.getParam())
      used.push_back({IDTRFunction::ParamPath, Type()});
  } else if (auto load = dyn_cast<NpyLoadOp>(op)) {
    typed = IDTRFunction::NpyLoad;
    element = load.getResult().getType().getElementType();
    if (load.getParam())
      used.push_back({IDTRFunction::ParamPath, Type()});
  } else if (auto param = dyn_cast<ParamOp>(op)) {
    used.push_back({isa<FloatType>(param.getResult().getType())
                        ? IDTRFunction::ParamF64
                        : IDTRFunction::ParamI64,
                    Type()});
  } else if (isa<WtimeOp>(op)) {
    used.push_back({IDTRFunction::Wtime, Type()});
  } else if (isa<CheckOp>(op)) {
    used.push_back({IDTRFunction::CheckFailed, Type()});
  } else if (isa<GridFactorOp>(op)) {
    used.push_back({IDTRFunction::GridFactor, Type()});
  } else if (isa<CopyRowsOp>(op)) {
    // Local copies (distc-lower-strided-copies), of any byte-sized element.
    used.push_back({IDTRFunction::CopyRows, Type()});
  }
  if (typed && getIDTRTypeSuffix(element))
    used.push_back({*typed, element});
  return used;
}

/// Reports every distruntime op whose element type has no runtime entry
/// point. Checked before conversion so the user gets one clear message per
/// op instead of a failed legalization.
LogicalResult checkElementTypes(ModuleOp module) {
  bool ok = true;
  module.walk([&](Operation *op) {
    // copy_rows copies bytes: any element type.
    if (!isa<DistRuntimeDialect>(op->getDialect()) || isa<CopyRowsOp>(op))
      return;
    for (Value v : op->getOperands()) {
      auto type = dyn_cast<ShapedType>(v.getType());
      if (!type || getIDTRTypeSuffix(type.getElementType()))
        continue;
      op->emitError() << "element type " << type.getElementType()
                      << " has no IDTR runtime entry point (supported: "
                      << getIDTRSupportedTypesList() << ")";
      ok = false;
      return;
    }
  });
  return success(ok);
}

/// Moves the pure ops that use an operation's outputs between the operation
/// and its wait (a tensor.cast the dist lowering made before the overlap
/// pass moved the wait down) to just after the wait, in their order, so
/// that outputTensor can define the output tensors there. With such a user
/// in between, the outputs were defined at the call, and bufferization
/// placed a copy of an output (the initial value of a loop that also reads
/// it afterwards) at that definition, before the wait: the copy read the
/// buffer before the runtime had filled it. Leaves the block as it is when
/// a user in between has effects or regions (the contract forbids reading
/// an output before its wait; check-waits reports it).
void sinkOutputUsersBelowWait(Operation *op) {
  Operation *wait = waitLaterInBlock(op);
  if (!wait || op->getNumResults() < 2)
    return;
  llvm::SmallPtrSet<Operation *, 8> users = {op};
  SmallVector<Operation *> sink;
  for (Operation *it = op->getNextNode(); it != wait;
       it = it->getNextNode()) {
    bool usesOutputs = false;
    it->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (Operation *def = operand.getDefiningOp();
            def && users.contains(def) && operand != op->getResult(0))
          usesOutputs = true;
    });
    if (!usesOutputs)
      continue;
    if (it->getNumRegions() != 0 || !isMemoryEffectFree(it))
      return;
    users.insert(it);
    sink.push_back(it);
  }
  Operation *after = wait;
  for (Operation *user : sink) {
    user->moveAfter(after);
    after = user;
  }
}

struct LowerDistRuntimeToIDTRPass
    : public distc::impl::LowerDistRuntimeToIDTRBase<LowerDistRuntimeToIDTRPass> {
  using Base::Base;

  /// The location strings are llvm.mlir.global constants.
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    registry.insert<LLVM::LLVMDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    // Calls resolve in the nearest symbol table: declare the ABI in the
    // module and in every nested module that holds distruntime ops.
    llvm::SetVector<ModuleOp> scopes;
    scopes.insert(module);
    module.walk([&](Operation *op) {
      if (isa<DistRuntimeDialect>(op->getDialect()))
        scopes.insert(op->getParentOfType<ModuleOp>());
    });
    for (ModuleOp scope : scopes)
      for (const IDTRDeclaration &decl :
           getIDTRDeclarations(context, IDTRDeclarer::LowerDistRuntimeToIDTR))
        if (failed(lookupOrDeclareIDTRFunction(scope, decl)))
          return signalPassFailure();
    // The entry points declared only where an op uses them.
    bool failedDecl = false;
    module.walk([&](Operation *op) {
      for (auto [function, element] : entryPointsWhereUsed(op))
        if (failed(lookupOrDeclareIDTRFunction(
                op->getParentOfType<ModuleOp>(),
                getIDTRDeclaration(context, function, element))))
          failedDecl = true;
    });
    if (failedDecl)
      return signalPassFailure();
    if (failed(checkElementTypes(module)))
      return signalPassFailure();
    module.walk([](Operation *op) {
      if (isa<DistRuntimeDialect>(op->getDialect()))
        sinkOutputUsersBelowWait(op);
    });

    // The parameter table of the whole module, known before any param op
    // is rewritten.
    FailureOr<std::string> parameterTable = collectParameterTable(module);
    if (failed(parameterTable))
      return signalPassFailure();

    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion([](AsyncHandleType type) -> Type {
      return IntegerType::get(type.getContext(), 64);
    });

    ConversionTarget target(*context);
    RewritePatternSet patterns(context);
    populateStructuralTypeConversions(converter, patterns, target);
    target.addIllegalDialect<DistRuntimeDialect>();
    populateDistRuntimeToIDTRPatterns(converter, patterns);
    populateDistRuntimeServicePatterns(converter, patterns, *parameterTable);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
