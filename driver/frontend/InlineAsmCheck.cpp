//===- InlineAsmCheck.cpp - llvm.inline_asm that LLVM would crash on ------===//

#include "InlineAsmCheck.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Target/LLVMIR/TypeToLLVM.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/Error.h"

#include <limits>
#include <optional>

using namespace mlir;

/// The first operand number in `asmString` that is `operands` or more, as
/// LLVM's AsmPrinter reads the template: `$N`, `${N}`, `${N:modifier}`;
/// `$$`, `$(`, `$|`, `$)` and `${:name}` refer to no operand.
static std::optional<unsigned> badOperandReference(StringRef asmString,
                                                   unsigned operands) {
  for (size_t i = 0, e = asmString.size(); i < e; ++i) {
    if (asmString[i] != '$' || i + 1 >= e)
      continue;
    char next = asmString[++i];
    if (next == '{')
      ++i;
    else if (!llvm::isDigit(next))
      continue;
    size_t begin = i;
    while (i < e && llvm::isDigit(asmString[i]))
      ++i;
    unsigned number = 0;
    if (i > begin && !asmString.slice(begin, i).getAsInteger(10, number) &&
        number >= operands)
      return number;
    if (i > begin && asmString.slice(begin, i).getAsInteger(10, number))
      return std::numeric_limits<unsigned>::max(); // does not even fit
    --i;
  }
  return std::nullopt;
}

mlir::LogicalResult distc::checkInlineAsm(ModuleOp module) {
  // Types only: a context of its own, thrown away after the check, and
  // only made for a module that has inline assembly.
  std::optional<llvm::LLVMContext> context;
  std::optional<LLVM::TypeToLLVMIRTranslator> translator;
  bool ok = true;
  module.walk([&](LLVM::InlineAsmOp op) {
    if (!context) {
      context.emplace();
      translator.emplace(*context);
    }
    llvm::LLVMContext &llvmCtx = *context;
    LLVM::TypeToLLVMIRTranslator &types = *translator;
    // Types the translation cannot handle are its to report (and the type
    // translator's fallback for them is llvm_unreachable).
    auto compatible = [](Value v) { return LLVM::isCompatibleType(v.getType()); };
    if ((op.getRes() && !compatible(op.getRes())) ||
        !llvm::all_of(op.getOperands(), compatible))
      return;
    // As the translation builds the call's type (mlir/lib/Target/LLVMIR/
    // Dialect/LLVMIR/LLVMToLLVMIRTranslation.cpp).
    llvm::Type *resultType = op.getRes()
                                 ? types.translateType(op.getRes().getType())
                                 : llvm::Type::getVoidTy(llvmCtx);
    SmallVector<llvm::Type *> operandTypes;
    for (Value operand : op.getOperands())
      operandTypes.push_back(types.translateType(operand.getType()));
    auto *type = llvm::FunctionType::get(resultType, operandTypes,
                                         /*isVarArg=*/false);
    if (llvm::Error err = llvm::InlineAsm::verify(type, op.getConstraints())) {
      op.emitError() << "invalid constraints '" << op.getConstraints()
                     << "' for inline assembly with "
                     << op.getNumOperands() << " operand(s) and "
                     << (op.getRes() ? "a result" : "no result") << ": "
                     << llvm::toString(std::move(err));
      ok = false;
      return;
    }
    // Outputs and inputs are operands of the template; clobbers are not.
    unsigned operands = llvm::count_if(
        llvm::InlineAsm::ParseConstraints(op.getConstraints()),
        [](const llvm::InlineAsm::ConstraintInfo &info) {
          return info.Type != llvm::InlineAsm::isClobber;
        });
    if (std::optional<unsigned> number =
            badOperandReference(op.getAsmString(), operands)) {
      op.emitError() << "the inline assembly template refers to operand $"
                     << *number << ", but there are only " << operands
                     << " (outputs, then inputs, numbered from 0)";
      ok = false;
    }
  });
  return success(ok);
}
