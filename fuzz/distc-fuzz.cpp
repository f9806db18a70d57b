//===- distc-fuzz.cpp - libFuzzer target: distc's front end ----------------===//
//
// Feeds arbitrary bytes through what `distc` does with an input before LLVM's
// own optimizer and code generator, by calling distc's front end
// (driver/frontend/FrontEnd.h) as distc does: processBuffer (the input
// limits, parse, verify, the entry-point check, the default pass pipeline
// dist -> distruntime -> IDTR calls -> buffers -> loops -> LLVM dialect ->
// program finalization, verify again), then translateToLLVMIR (the
// inline-asm check, translation to LLVM IR). Any signal, sanitizer report or
// timeout is a bug: distc must answer every input with diagnostics and a
// failure, never a crash.
//
// Built only with -DDISTC_BUILD_FUZZER=ON (clang, -fsanitize=fuzzer,address;
// see fuzz/CMakeLists.txt) and run by scripts/fuzz.sh. docs/robustness.md
// explains the campaign and how a crashing input becomes a regression test.
//
// Each input gets a fresh MLIRContext (no state carries over between inputs)
// with multithreading off (one fuzzing process per core) and diagnostics
// swallowed. Set DISTC_FUZZ_VERBOSE=1 to print them when reproducing.
//
// The front end runs on a thread with distc's stack size
// (kDriverStackBytes), for which the input limits are made: a crash here
// is then a crash of distc.
//
// Two modes, by the top bit of the first byte: clear, the bytes are MLIR
// text (the seeds are ASCII); set, they are a recipe for a structured
// program (StructuredInput.h: deep nesting, long alias chains, huge sizes,
// long expressions) that byte mutations of text would never reach.
// DISTC_FUZZ_PRINT=1 prints the structured program before it is compiled.
//
//===----------------------------------------------------------------------===//

#include "StructuredInput.h"

#include "driver/frontend/FrontEnd.h"
#include "driver/frontend/InputLimits.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <cstdint>
#include <cstdlib>
#include <memory>

using namespace mlir;

namespace {

/// Built once: registering every upstream dialect and extension is the
/// expensive part of setting up a context.
DialectRegistry &registry() {
  static DialectRegistry *r = [] {
    auto *reg = new DialectRegistry();
    distc::registerFrontEndDialects(*reg);
    return reg;
  }();
  return *r;
}

bool verbose() {
  static bool v = std::getenv("DISTC_FUZZ_VERBOSE") != nullptr;
  return v;
}

/// The levels distc runs the pipeline at: 0 only lowers, 2 also runs the
/// tensor-level canonicalization, fusion and the overlap pass.
void runOne(llvm::StringRef text, unsigned optLevel) {
  MLIRContext ctx(registry(), MLIRContext::Threading::DISABLED);
  ctx.printOpOnDiagnostic(false);
  ctx.printStackTraceOnDiagnostic(false);
  ScopedDiagnosticHandler handler(&ctx, [](Diagnostic &diag) {
    if (verbose())
      llvm::errs() << diag.getLocation() << ": " << diag << "\n";
    return success();
  });

  // A copy: MLIR's lexer relies on the NUL after the buffer, which
  // libFuzzer's data does not have.
  auto buffer = llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz-input");
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());

  // distc's default pipeline (no --pipeline), on one thread.
  distc::FrontEndOptions opts;
  opts.pipeline.optLevel = optLevel;
  opts.allowMultithreading = false;
  std::string error;
  std::unique_ptr<PassManager> pm = distc::buildPipeline(ctx, opts, error);
  if (!pm)
    return;
  TimingScope noTiming;
  bool definesMain = false;
  OwningOpRef<ModuleOp> module = distc::processBuffer(
      sourceMgr, *pm, opts, noTiming, "fuzz-input", definesMain);
  if (!module)
    return;
  llvm::LLVMContext llvmCtx;
  std::unique_ptr<llvm::Module> llvmModule =
      distc::translateToLLVMIR(*module, llvmCtx);
  (void)llvmModule;
}

} // namespace

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)registry();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // The lowest bit of the first byte picks the optimization level, so that
  // both pipelines are explored without doubling the cost of every input
  // (seeds starting with '/' run at -O0, with a newline or 'f' at -O2).
  unsigned optLevel = size > 0 && (data[0] & 1) ? 0 : 2;
  std::string structured;
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  if (size > 0 && (data[0] & 0x80)) {
    structured = distc::fuzz::buildStructuredInput(data + 1, size - 1);
    text = structured;
    if (std::getenv("DISTC_FUZZ_PRINT"))
      llvm::errs() << structured;
  }
  llvm::thread worker(std::optional<unsigned>(distc::kDriverStackBytes),
                      [&] { runOne(text, optLevel); });
  worker.join();
  return 0;
}
