//===- Diagnostics.cpp - How distc reports problems -----------------------===//

#include "Diagnostics.h"

#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace distc {

LogicalResult reportError(const llvm::Twine &msg) {
  llvm::WithColor::error(llvm::errs(), "distc") << msg << "\n";
  return failure();
}

LogicalResult reportError(const llvm::Twine &context, llvm::Error err) {
  std::string text = llvm::toString(std::move(err));
  return reportError(context + ": " + text);
}

void reportWarning(const llvm::Twine &msg) {
  llvm::WithColor::warning(llvm::errs(), "distc") << msg << "\n";
}

void reportStep(bool verbose, const llvm::Twine &msg) {
  if (verbose)
    llvm::errs() << "distc: " << msg << "\n";
}

namespace {
struct RouteToDistc : llvm::DiagnosticHandler {
  bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
    llvm::DiagnosticSeverity severity = info.getSeverity();
    if (severity != llvm::DS_Error && severity != llvm::DS_Warning)
      return true;
    std::string text;
    llvm::raw_string_ostream os(text);
    llvm::DiagnosticPrinterRawOStream printer(os);
    info.print(printer);
    text = llvm::StringRef(text).rtrim().str();
    if (severity == llvm::DS_Error)
      (void)reportError(text);
    else
      reportWarning(text);
    return true;
  }
};
} // namespace

void routeLLVMDiagnostics(llvm::LLVMContext &context) {
  context.setDiagnosticHandler(std::make_unique<RouteToDistc>());
}

bool hasLLVMErrors(const llvm::LLVMContext &context) {
  return context.getDiagHandlerPtr()->HasErrors;
}

} // namespace distc
