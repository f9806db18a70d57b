//===- InternalizePrivateFunctions.cpp - private llvm.func -> internal ----===//
//
// The first of the program-finalization passes at the end of distc's
// pipeline (Passes.td): translation to LLVM IR reads linkage, not MLIR's
// symbol visibility, so a private definition would be exported.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlir::distc {
#define GEN_PASS_DEF_INTERNALIZEPRIVATEFUNCTIONS
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

struct InternalizePrivateFunctions
    : public mlir::distc::impl::InternalizePrivateFunctionsBase<
          InternalizePrivateFunctions> {
  using Base::Base;

  void runOnOperation() override {
    for (auto func : getOperation().getOps<LLVM::LLVMFuncOp>())
      if (!func.isExternal() && func.isPrivate())
        func.setLinkage(LLVM::Linkage::Internal);
  }
};

} // namespace
