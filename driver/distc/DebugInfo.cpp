//===- DebugInfo.cpp - DWARF for the user's .mlir source (-g) -------------===//

#include "DebugInfo.h"

#include "DistcConfig.h"

#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"

#include "llvm/BinaryFormat/Dwarf.h"
#include "llvm/IR/DIBuilder.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace mlir;

namespace distc {

/// The file:line:col inside `loc` (through names, fusions and call sites),
/// or null.
static FileLineColLoc findFileLoc(Location loc) {
  FileLineColLoc found;
  loc->walk([&](Location inner) {
    found = dyn_cast<FileLineColLoc>(inner);
    return found ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

/// The compile unit of the input: the file's name, in the absolute
/// directory it is in (DW_AT_comp_dir, against which debuggers
/// resolve the relative file names of the subprograms: a binary compiled
/// from `prog.mlir` finds its source from any working directory).
static LLVM::DICompileUnitAttr createCompileUnit(ModuleOp module,
                                                 DebugInfoKind kind,
                                                 unsigned optLevel,
                                                 StringRef inputPath) {
  MLIRContext *ctx = module.getContext();
  std::string path = inputPath == "-" ? "<stdin>" : inputPath.str();
  if (FileLineColLoc fileLoc = findFileLoc(module.getLoc()))
    path = fileLoc.getFilename().str();
  llvm::SmallString<256> dir(llvm::sys::path::parent_path(path));
  if (dir.empty())
    (void)llvm::sys::fs::current_path(dir);
  else
    (void)llvm::sys::fs::make_absolute(dir);
  auto file = LLVM::DIFileAttr::get(ctx, llvm::sys::path::filename(path), dir);
  auto emission = kind == DebugInfoKind::Full
                      ? LLVM::DIEmissionKind::Full
                      : LLVM::DIEmissionKind::LineTablesOnly;
  return LLVM::DICompileUnitAttr::get(
      DistinctAttr::create(UnitAttr::get(ctx)), llvm::dwarf::DW_LANG_C, file,
      StringAttr::get(ctx, "distc version " DISTC_VERSION),
      /*isOptimized=*/optLevel > 0, emission);
}

/// A call without a file location would reach LLVM as a call without !dbg
/// in a function with debug info, which the LLVM dialect's verifier (and
/// LLVM's) rejects when the callee can be inlined. Such calls (made up by a lowering, or unknown in
/// the input) are attributed to the line of their function's subprogram.
static void locateAnonymousCalls(ModuleOp module) {
  for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
    auto scope =
        func.getLoc()->findInstanceOf<FusedLocWith<LLVM::DISubprogramAttr>>();
    if (func.isExternal() || !scope)
      continue;
    LLVM::DISubprogramAttr subprogram = scope.getMetadata();
    // The translation takes the file from the scope, not from this location.
    Location line = FileLineColLoc::get(
        func.getContext(),
        subprogram.getFile() ? subprogram.getFile().getName().getValue() : "",
        subprogram.getLine(), /*column=*/0);
    func.walk([&](Operation *op) {
      if (isa<LLVM::CallOp, LLVM::InvokeOp>(op) && !findFileLoc(op->getLoc()))
        op->setLoc(line);
    });
  }
}

LogicalResult attachDebugInfoScopes(ModuleOp module, DebugInfoKind kind,
                                    unsigned optLevel, StringRef inputPath) {
  if (kind == DebugInfoKind::None)
    return success();
  MLIRContext *ctx = module.getContext();
  // Upstream's pass takes the compile unit fused into the module's location
  // when there is one; otherwise it would make up its own ("MLIR", always
  // optimized, no directory).
  if (!module.getLoc()->findInstanceOf<FusedLocWith<LLVM::DICompileUnitAttr>>())
    module->setLoc(FusedLoc::get(
        ctx, {module.getLoc()},
        createCompileUnit(module, kind, optLevel, inputPath)));
  // The pass also describes declarations, as if the runtime's and MPI's
  // functions were defined in the user's file: keep their locations. And
  // distc's C `main` wrapper (distc-wrap-void-main) gets an artificial
  // subprogram after translation instead (describeCMainWrapper).
  llvm::SmallVector<std::pair<LLVM::LLVMFuncOp, Location>> kept;
  bool wrapped = module.lookupSymbol(mlir::distc::kUserMainName) != nullptr;
  for (auto func : module.getOps<LLVM::LLVMFuncOp>())
    if (func.isExternal() || (wrapped && func.getSymName() == "main"))
      kept.emplace_back(func, func.getLoc());
  PassManager pm(ctx, ModuleOp::getOperationName());
  LLVM::DIScopeForLLVMFuncOpPassOptions options;
  options.emissionKind = kind == DebugInfoKind::Full
                             ? LLVM::DIEmissionKind::Full
                             : LLVM::DIEmissionKind::LineTablesOnly;
  pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass(options));
  // The LLVM dialect's verifier already rejects a call without a location
  // in a function with a subprogram: verify once the calls are located.
  pm.enableVerifier(false);
  if (failed(pm.run(module)))
    return failure();
  locateAnonymousCalls(module);
  for (auto [func, loc] : kept)
    func->setLoc(loc);
  return verify(module);
}

void describeCMainWrapper(llvm::Module &module) {
  llvm::Function *user = module.getFunction(mlir::distc::kUserMainName);
  llvm::Function *main = module.getFunction("main");
  if (!user || !main || main->isDeclaration())
    return;
  llvm::DISubprogram *userScope = user->getSubprogram();
  if (!userScope || !userScope->getUnit())
    return;
  // The subprogram was made after the wrapper pass renamed the function:
  // its name is what the user wrote, `main`, and it has no linkage name
  // (as clang's C functions), so that debuggers call the frame `main` at
  // every -O level: gdb names an inlined frame by DW_AT_name, an
  // out-of-line one by its linkage name.
  userScope->replaceOperandWith(
      2, llvm::MDString::get(module.getContext(), "main"));
  userScope->replaceRawLinkageName(nullptr);

  llvm::DIBuilder builder(module, /*AllowUnresolved=*/false,
                          userScope->getUnit());
  llvm::DIFile *file = userScope->getFile();
  llvm::DIType *intType =
      builder.createBasicType("int", 32, llvm::dwarf::DW_ATE_signed);
  llvm::DISubroutineType *type =
      builder.createSubroutineType(builder.getOrCreateTypeArray({intType}));
  llvm::DISubprogram::DISPFlags spFlags = llvm::DISubprogram::SPFlagDefinition;
  if (userScope->isOptimized())
    spFlags |= llvm::DISubprogram::SPFlagOptimized;
  llvm::DISubprogram *scope = builder.createFunction(
      file, "main", "main", file, userScope->getLine(), type,
      userScope->getScopeLine(), llvm::DINode::FlagArtificial, spFlags);
  main->setSubprogram(scope);
  // Every instruction of the wrapper is at the line of the user's main: the
  // frame of `main` in a backtrace points at the function the user wrote.
  auto *loc = llvm::DILocation::get(module.getContext(), userScope->getLine(),
                                    /*Column=*/0, scope);
  for (llvm::BasicBlock &block : *main)
    for (llvm::Instruction &inst : block)
      inst.setDebugLoc(loc);
  builder.finalizeSubprogram(scope);
  builder.finalize();
}

void setDebugInfoModuleFlags(llvm::Module &module) {
  if (module.debug_compile_units().empty())
    return;
  if (!module.getModuleFlag("Dwarf Version"))
    module.addModuleFlag(llvm::Module::Max, "Dwarf Version", 5);
}

} // namespace distc
