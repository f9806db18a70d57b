//===- Diagnostics.cpp - How distc reports problems -----------------------===//

#include "Diagnostics.h"

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

} // namespace distc
