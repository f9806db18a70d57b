//===- WrapVoidMain.cpp - the C entry point `i32 main()` ------------------===//
//
// A program-finalization pass at the end of distc's pipeline (Passes.td):
// a `void` main gets a C `main` around it that returns 0. With -g, the
// driver describes the wrapper in DWARF after translation
// (driver/distc/DebugInfo.cpp), since an artificial subprogram has no
// LLVM-dialect spelling.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::distc {
#define GEN_PASS_DEF_WRAPVOIDMAIN
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

struct WrapVoidMain
    : public mlir::distc::impl::WrapVoidMainBase<WrapVoidMain> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto user = module.lookupSymbol<LLVM::LLVMFuncOp>("main");
    if (!user || user.isExternal())
      return;
    // The C start files call it: it must be exported, whatever visibility
    // it had (the internalization before this pass may have made it
    // internal).
    user.setLinkage(LLVM::Linkage::External);
    user.setPublic();
    if (!isa<LLVM::LLVMVoidType>(user.getFunctionType().getReturnType()))
      return;
    if (module.lookupSymbol(mlir::distc::kUserMainName)) {
      user.emitError("the symbol '")
          << mlir::distc::kUserMainName
          << "' is reserved for distc's wrapper of a void 'main'";
      return signalPassFailure();
    }
    // Renamed with its uses (a recursive main, its address taken).
    if (failed(SymbolTable::replaceAllSymbolUses(
            user, StringAttr::get(&getContext(), mlir::distc::kUserMainName),
            module))) {
      user.emitError("cannot rename the uses of 'main'");
      return signalPassFailure();
    }
    SymbolTable::setSymbolName(user, mlir::distc::kUserMainName);
    user.setLinkage(LLVM::Linkage::Internal);

    // At the end of the module, where LLVM's Function::Create put it when
    // this was done on LLVM IR. Its ops are at the user's main: the C frame
    // of a backtrace points at the function the user wrote.
    Location loc = user.getLoc();
    OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
    Type i32 = builder.getI32Type();
    auto main = LLVM::LLVMFuncOp::create(builder, loc, "main",
                                         LLVM::LLVMFunctionType::get(i32, {}));
    builder.setInsertionPointToStart(main.addEntryBlock(builder));
    LLVM::CallOp::create(builder, loc, user, ValueRange());
    Value zero = LLVM::ConstantOp::create(builder, loc, i32, 0);
    LLVM::ReturnOp::create(builder, loc, zero);
  }
};

} // namespace
