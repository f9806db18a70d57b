//===- distc-lsp-server.cpp - mlir-lsp-server with distc's dialects -------===//
//
// The MLIR language server (diagnostics, hover, go-to-definition, ...) for
// editors, knowing the dialects distc accepts: `dist`, `distruntime` and
// every upstream dialect, registered exactly as distc-opt does, so that a
// file that distc-opt parses shows no spurious errors in the editor.
// docs/driver.md, "Editors", has the set-up for VS Code, vim and emacs.
//
// Documents and messages pass distc's front-end guards first
// (GuardedInput.h), and the server runs on a thread with the stack those
// guards are for (LargeStack.h): what distc refuses cleanly, the server
// answers with a diagnostic instead of crashing.
//
//===----------------------------------------------------------------------===//

#include "GuardedInput.h"

#include "dialect/DistcRegistration.h"
#include "driver/frontend/LargeStack.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"

int main(int argc, char **argv) {
  if (!distc::installGuardedInput(distc::readLspStreamStyle(argc, argv)))
    return 1;
  return distc::runOnLargeStack([&] {
    mlir::DialectRegistry registry;
    distc::registerDistcDialects(registry);
    return mlir::failed(mlir::MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
  });
}
