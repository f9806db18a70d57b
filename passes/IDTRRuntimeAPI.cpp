//===- IDTRRuntimeAPI.cpp - the IDTR runtime ABI as MLIR types ------------===//

#include "passes/IDTRRuntimeAPI.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::distc;

namespace {
/// Element types with entry points, in the order of runtime/include/idtr/idtr.h.
constexpr StringLiteral kSuffixes[] = {"f64", "f32", "i64", "i32",
                                       "i16", "i8",  "i1"};

Type elementTypeForSuffix(MLIRContext *context, StringRef suffix) {
  if (suffix == "f64")
    return Float64Type::get(context);
  if (suffix == "f32")
    return Float32Type::get(context);
  unsigned width = 0;
  suffix.drop_front().getAsInteger(10, width);
  return IntegerType::get(context, width);
}

StringRef baseName(IDTRFunction function) {
  switch (function) {
  case IDTRFunction::NProcs:
    return "_idtr_nprocs";
  case IDTRFunction::PRank:
    return "_idtr_prank";
  case IDTRFunction::Wait:
    return "_idtr_wait";
  case IDTRFunction::CopyReshape:
    return "_idtr_copy_reshape_";
  case IDTRFunction::CopyPermute:
    return "_idtr_copy_permute_";
  case IDTRFunction::UpdateHalo:
    return "_idtr_update_halo_";
  case IDTRFunction::AllReduce:
    return "_idtr_allreduce_";
  case IDTRFunction::ReduceAll:
    return "_idtr_reduce_all_";
  case IDTRFunction::CheckFailed:
    return "_idtr_check_failed";
  case IDTRFunction::ParamI64:
    return "_idtr_param_i64";
  case IDTRFunction::ParamF64:
    return "_idtr_param_f64";
  case IDTRFunction::Wtime:
    return "_idtr_wtime";
  case IDTRFunction::SetLocation:
    return "_idtr_set_location";
  // ---- shard front end: sub-grid teams ----
  case IDTRFunction::DefineSubgridTeam:
    return "_idtr_define_subgrid_team";
  }
  llvm_unreachable("unknown IDTR function");
}

bool isTyped(IDTRFunction function) {
  return function != IDTRFunction::NProcs && function != IDTRFunction::PRank &&
         function != IDTRFunction::Wait && function != IDTRFunction::CheckFailed &&
         function != IDTRFunction::ParamI64 &&
         function != IDTRFunction::ParamF64 && function != IDTRFunction::Wtime &&
         function != IDTRFunction::SetLocation &&
         function != IDTRFunction::DefineSubgridTeam;
}
} // namespace

std::optional<StringRef> mlir::distc::getIDTRTypeSuffix(Type elementType) {
  if (isa<Float64Type>(elementType))
    return StringRef("f64");
  if (isa<Float32Type>(elementType))
    return StringRef("f32");
  auto intType = dyn_cast<IntegerType>(elementType);
  if (!intType || !intType.isSignless())
    return std::nullopt;
  for (StringRef suffix : kSuffixes)
    if (suffix[0] == 'i' &&
        suffix.drop_front() == std::to_string(intType.getWidth()))
      return suffix;
  return std::nullopt;
}

StringRef mlir::distc::getIDTRSupportedTypesList() {
  return "f64, f32, i64, i32, i16, i8, i1";
}

IDTRDeclaration mlir::distc::getIDTRDeclaration(MLIRContext *context,
                                                IDTRFunction function,
                                                Type elementType) {
  Builder b(context);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  Type indexes = UnrankedMemRefType::get(b.getIndexType(), 0);
  Type data = elementType ? UnrankedMemRefType::get(elementType, 0) : Type();
  std::string name = baseName(function).str();
  if (isTyped(function))
    name += getIDTRTypeSuffix(elementType).value_or("").str();

  SmallVector<Type> inputs;
  SmallVector<Type, 1> results;
  switch (function) {
  case IDTRFunction::NProcs:
  case IDTRFunction::PRank:
    inputs = {i64};
    results = {i64};
    break;
  case IDTRFunction::Wait:
    inputs = {i64};
    break;
  case IDTRFunction::CopyReshape:
    inputs = {i64, indexes, indexes, data, indexes, indexes, data};
    results = {i64};
    break;
  case IDTRFunction::CopyPermute:
    inputs = {i64, indexes, indexes, data, indexes, data, indexes};
    results = {i64};
    break;
  case IDTRFunction::UpdateHalo:
    inputs = {i64, indexes, indexes, data, indexes, indexes, data, data, i64};
    results = {i64};
    break;
  case IDTRFunction::AllReduce:
    inputs = {i64, data, data, i32};
    results = {i64};
    break;
  case IDTRFunction::ReduceAll:
    inputs = {data, i32};
    break;
  case IDTRFunction::CheckFailed:
    inputs = {LLVM::LLVMPointerType::get(context), i32, i64, i64};
    break;
  case IDTRFunction::ParamI64:
    inputs = {LLVM::LLVMPointerType::get(context),
              LLVM::LLVMPointerType::get(context)};
    results = {i64};
    break;
  case IDTRFunction::ParamF64:
    inputs = {LLVM::LLVMPointerType::get(context),
              LLVM::LLVMPointerType::get(context)};
    results = {b.getF64Type()};
    break;
  case IDTRFunction::Wtime:
    results = {b.getF64Type()};
    break;
  case IDTRFunction::SetLocation:
    inputs = {LLVM::LLVMPointerType::get(context)};
    break;
  // ---- shard front end: sub-grid teams ----
  case IDTRFunction::DefineSubgridTeam:
    inputs = {i64, indexes, indexes};
    break;
  }
  return {name, b.getFunctionType(inputs, results)};
}

SmallVector<IDTRDeclaration>
mlir::distc::getAllIDTRDeclarations(MLIRContext *context) {
  SmallVector<IDTRDeclaration> decls;
  for (IDTRFunction f : {IDTRFunction::NProcs, IDTRFunction::PRank,
                         IDTRFunction::Wait, IDTRFunction::SetLocation})
    decls.push_back(getIDTRDeclaration(context, f));
  for (IDTRFunction f :
       {IDTRFunction::CopyReshape, IDTRFunction::CopyPermute,
        IDTRFunction::UpdateHalo, IDTRFunction::AllReduce,
        IDTRFunction::ReduceAll})
    for (StringRef suffix : kSuffixes)
      decls.push_back(
          getIDTRDeclaration(context, f, elementTypeForSuffix(context, suffix)));
  return decls;
}

FailureOr<func::FuncOp>
mlir::distc::lookupOrDeclareIDTRFunction(ModuleOp module,
                                         const IDTRDeclaration &decl) {
  Operation *existing = SymbolTable::lookupSymbolIn(module, decl.name);
  if (auto func = dyn_cast_or_null<func::FuncOp>(existing)) {
    // With it, calls would go to `_mlir_ciface_<name>`, which the runtime
    // does not have: a link error with no location instead of this one.
    if (func->hasAttr("llvm.emit_c_interface"))
      return func.emitError() << "conflicting declaration of IDTR runtime function '"
                              << decl.name
                              << "': it must not carry 'llvm.emit_c_interface' (the "
                                 "runtime has no '_mlir_ciface_' entry points)";
    if (func.getFunctionType() == decl.type)
      return func;
    return func.emitError() << "conflicting declaration of IDTR runtime "
                               "function '"
                            << decl.name << "': expected type " << decl.type
                            << ", found " << func.getFunctionType();
  }
  // distc's own `--emit=mlir` output holds the ABI already lowered to
  // `llvm.func` declarations; compiling it again must not fail on them.
  // Nothing at that level still needs a `func.func` to call.
  if (auto llvmFunc = dyn_cast_or_null<LLVM::LLVMFuncOp>(existing))
    if (llvmFunc.isExternal())
      return func::FuncOp();
  if (existing)
    return existing->emitError()
           << "symbol '" << decl.name
           << "' is reserved for the IDTR runtime but is not a func.func";
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto func =
      func::FuncOp::create(builder, module.getLoc(), decl.name, decl.type);
  func.setPrivate();
  return func;
}

Value mlir::distc::getOrCreateStringConstant(OpBuilder &b, Location loc,
                                             ModuleOp module,
                                             StringRef symbolPrefix,
                                             StringRef text) {
  std::string data = (text + Twine('\0')).str();
  std::string base =
      (symbolPrefix + llvm::utohexstr(llvm::xxh3_64bits(text))).str();
  std::string name = base;
  for (unsigned suffix = 0;; ++suffix) {
    Operation *existing = SymbolTable::lookupSymbolIn(module, name);
    if (!existing)
      break;
    auto global = dyn_cast<LLVM::GlobalOp>(existing);
    if (global && global.getValueAttr() == b.getStringAttr(data))
      return LLVM::AddressOfOp::create(b, loc, global);
    name = base + "_" + std::to_string(suffix);
  }
  LLVM::GlobalOp global;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(module.getBody());
    auto type = LLVM::LLVMArrayType::get(b.getI8Type(), data.size());
    global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name,
                                    b.getStringAttr(data), /*alignment=*/0);
  }
  return LLVM::AddressOfOp::create(b, loc, global);
}
