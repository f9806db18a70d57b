//===- MarkAllocatorsNoAlias.cpp - noalias results of buffer allocators ---===//
//
// A program-finalization pass at the end of distc's pipeline (Passes.td).
// The allocators are upstream's generic MemRefToLLVM entry points
// (`use-generic-functions`), implemented by the runtime.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::distc {
#define GEN_PASS_DEF_MARKALLOCATORSNOALIAS
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

/// What finalize-memref-to-llvm{use-generic-functions} calls to allocate,
/// and runtime/lib/BufferAllocator.cpp defines.
constexpr llvm::StringLiteral kAllocators[] = {
    "_mlir_memref_to_llvm_alloc", "_mlir_memref_to_llvm_aligned_alloc"};

struct MarkAllocatorsNoAlias
    : public mlir::distc::impl::MarkAllocatorsNoAliasBase<
          MarkAllocatorsNoAlias> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    UnitAttr unit = UnitAttr::get(module.getContext());
    for (llvm::StringLiteral name : kAllocators) {
      auto alloc = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
      // Only a function that returns the pointer can say so.
      if (!alloc || alloc.getNumResults() != 1 ||
          !isa<LLVM::LLVMPointerType>(alloc.getResultTypes()[0]))
        continue;
      alloc.setResultAttr(0, LLVM::LLVMDialect::getNoAliasAttrName(), unit);
    }
  }
};

} // namespace
