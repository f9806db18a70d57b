//===- MarkAllocatorsNoAlias.cpp - noalias results of buffer allocators ---===//
//
// A program-finalization pass at the end of distc's pipeline (Passes.td).
// The allocators are upstream's generic MemRefToLLVM entry points
// (`use-generic-functions`), implemented by the runtime.
//
//===----------------------------------------------------------------------===//

#include "passes/IDTRRuntimeAPI.h"
#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::distc {
#define GEN_PASS_DEF_MARKALLOCATORSNOALIAS
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

/// Every entry point of the ABI table that allocates: what
/// finalize-memref-to-llvm{use-generic-functions} calls to allocate, and
/// runtime/lib/transport/BufferAllocator.cpp defines.
constexpr mlir::distc::IDTRFunction kFunctions[] = {
#define IDTR_FUNCTION(Id, ...) mlir::distc::IDTRFunction::Id,
#include "runtime/include/idtr/entry_points.def"
};

struct MarkAllocatorsNoAlias
    : public mlir::distc::impl::MarkAllocatorsNoAliasBase<
          MarkAllocatorsNoAlias> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // No llvm.func without the LLVM dialect (a --pipeline that stops before
    // it); the table's declarations need its types, so stop here.
    if (!module.getContext()->getLoadedDialect<LLVM::LLVMDialect>())
      return;
    UnitAttr unit = UnitAttr::get(module.getContext());
    for (mlir::distc::IDTRFunction function : kFunctions) {
      if (mlir::distc::getIDTREffect(function) !=
          mlir::distc::IDTREffect::Allocates)
        continue;
      auto alloc = module.lookupSymbol<LLVM::LLVMFuncOp>(
          mlir::distc::getIDTRDeclaration(module.getContext(), function).name);
      // Only a function that returns the pointer can say so.
      if (!alloc || alloc.getNumResults() != 1 ||
          !isa<LLVM::LLVMPointerType>(alloc.getResultTypes()[0]))
        continue;
      alloc.setResultAttr(0, LLVM::LLVMDialect::getNoAliasAttrName(), unit);
    }
  }
};

} // namespace
