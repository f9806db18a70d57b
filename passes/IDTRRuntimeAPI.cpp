//===- IDTRRuntimeAPI.cpp - the IDTR runtime ABI as MLIR types ------------===//

#include "passes/IDTRRuntimeAPI.h"
#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

namespace mlir::distc {
#define GEN_PASS_DEF_PRINTIDTRRUNTIMEAPI
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;
using namespace mlir::distc;

namespace {

/// The types of the ABI (the Result and IDTR_ARG types of the table).
enum class AbiType { Void, I32, I64, F64, SizeT, Str, Ptr, ReduceCode, Index, Data };

struct AbiParam {
  AbiType type;
  const char *name; // null past the last parameter
};

enum class Typing { Untyped, Typed };
enum class Header { Public, Internal };

/// One line of the runtime's table (idtr/entry_points.def).
struct AbiFunction {
  IDTRFunction id;
  StringLiteral symbol;
  Typing typing;
  AbiType result;
  IDTREffect effect;
  Header header;
  /// The parameters, then unnamed ones. The bound only limits the table:
  /// a longer line does not compile.
  AbiParam params[12];

  auto parameters() const {
    return llvm::make_filter_range(
        params, [](const AbiParam &p) { return p.name != nullptr; });
  }
};

constexpr AbiFunction kFunctions[] = {
#define IDTR_ARG(Type, name) AbiParam{AbiType::Type, #name}
#define IDTR_NO_ARGS
#define IDTR_FUNCTION(Id, Symbol, Ty, Result, Effect, Hdr, ...)               \
  {IDTRFunction::Id, #Symbol,           Typing::Ty, AbiType::Result,          \
   IDTREffect::Effect, Header::Hdr, {__VA_ARGS__}},
#include "runtime/include/idtr/entry_points.def"
#undef IDTR_ARG
#undef IDTR_NO_ARGS
};

/// Who declares each function, in the order of kFunctions.
struct AbiDeclarer {
  IDTRFunction id;
  IDTRDeclarer declarer;
};
constexpr AbiDeclarer kDeclarers[] = {
#define IDTR_DECLARED_BY(Function, Declarer)                                   \
  {IDTRFunction::Function, IDTRDeclarer::Declarer},
#include "passes/IDTRDeclarers.def"
};

/// Element types with entry points, in the order of the ABI.
#include "runtime/include/idtr/element_types.def"
#define IDTR_SUFFIX_STRING(X, Suffix) #Suffix,
constexpr StringLiteral kSuffixes[] = {IDTR_ELEMENT_TYPES(IDTR_SUFFIX_STRING, )};
#undef IDTR_SUFFIX_STRING

// The tables list the functions in enumerator order, so that an
// IDTRFunction indexes them, and IDTRDeclarers.def names every function of
// the runtime's table once.
constexpr bool isInEnumOrder() {
  if (std::size(kDeclarers) != std::size(kFunctions))
    return false;
  for (size_t i = 0; i < std::size(kFunctions); ++i)
    if (static_cast<size_t>(kFunctions[i].id) != i ||
        static_cast<size_t>(kDeclarers[i].id) != i)
      return false;
  return true;
}
static_assert(isInEnumOrder(),
              "IDTRDeclarers.def must list every entry point of "
              "runtime/include/idtr/entry_points.def once, in its order");

IDTRDeclarer declarerOf(const AbiFunction &function) {
  return kDeclarers[static_cast<size_t>(function.id)].declarer;
}

const AbiFunction &lookup(IDTRFunction function) {
  return kFunctions[static_cast<size_t>(function)];
}

Type elementTypeForSuffix(MLIRContext *context, StringRef suffix) {
  if (suffix == "f64")
    return Float64Type::get(context);
  if (suffix == "f32")
    return Float32Type::get(context);
  if (suffix == "f16")
    return Float16Type::get(context);
  if (suffix == "bf16")
    return BFloat16Type::get(context);
  if (suffix == "c32")
    return ComplexType::get(Float32Type::get(context));
  if (suffix == "c64")
    return ComplexType::get(Float64Type::get(context));
  unsigned width = 0;
  suffix.drop_front().getAsInteger(10, width);
  return IntegerType::get(context, width);
}

/// The MLIR type of `type`, with `elementType` for Data.
Type mlirType(MLIRContext *context, AbiType type, Type elementType) {
  Builder b(context);
  switch (type) {
  case AbiType::Void:
    return {};
  case AbiType::I32:
  case AbiType::ReduceCode:
    return b.getI32Type();
  case AbiType::I64:
  case AbiType::SizeT:
    return b.getI64Type();
  case AbiType::F64:
    return b.getF64Type();
  case AbiType::Str:
  case AbiType::Ptr:
    return LLVM::LLVMPointerType::get(context);
  case AbiType::Index:
    return UnrankedMemRefType::get(b.getIndexType(), 0);
  case AbiType::Data:
    // The i64 entry points take index arrays (getIDTRTypeSuffix).
    if (elementType.isIndex())
      elementType = b.getI64Type();
    return UnrankedMemRefType::get(elementType, 0);
  }
  llvm_unreachable("unknown ABI type");
}

/// The C spelling of `type` before a parameter name ("int64_t ", "void *").
StringRef cType(AbiType type) {
  switch (type) {
  case AbiType::Void:
    return "void ";
  case AbiType::I32:
  case AbiType::ReduceCode:
    return "int32_t ";
  case AbiType::I64:
  case AbiType::Index:
  case AbiType::Data:
    return "int64_t ";
  case AbiType::SizeT:
    return "size_t ";
  case AbiType::F64:
    return "double ";
  case AbiType::Str:
    return "const char *";
  case AbiType::Ptr:
    return "void *";
  }
  llvm_unreachable("unknown ABI type");
}

/// The C prototype of `function` named `symbol`: "int64_t _idtr_nprocs(int64_t
/// team)". An Index or Data argument `x` is the pair `int64_t xRank, void *x`.
std::string cPrototype(const AbiFunction &function, StringRef symbol) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << cType(function.result) << symbol << "(";
  llvm::ListSeparator sep;
  for (const AbiParam &p : function.parameters()) {
    if (p.type == AbiType::Index || p.type == AbiType::Data)
      os << sep << "int64_t " << p.name << "Rank, void *" << p.name;
    else
      os << sep << cType(p.type) << p.name;
  }
  if (function.parameters().empty())
    os << "void";
  os << ")";
  return text;
}

StringRef effectName(IDTREffect effect) {
  static constexpr StringLiteral names[] = {
#define IDTR_EFFECT(Id, Description) Description,
#include "runtime/include/idtr/entry_points.def"
  };
  return names[static_cast<size_t>(effect)];
}

StringRef declarerName(IDTRDeclarer declarer) {
  static constexpr StringLiteral names[] = {
#define IDTR_DECLARER(Id, Pass) Pass,
#include "passes/IDTRDeclarers.def"
  };
  return names[static_cast<size_t>(declarer)];
}

/// Every symbol of `function` with its element type (null if untyped).
SmallVector<std::pair<std::string, Type>> instances(MLIRContext *context,
                                                    const AbiFunction &function) {
  if (function.typing == Typing::Untyped)
    return {{function.symbol.str(), Type()}};
  SmallVector<std::pair<std::string, Type>> result;
  for (StringRef suffix : kSuffixes)
    result.push_back({(function.symbol + suffix).str(),
                      elementTypeForSuffix(context, suffix)});
  return result;
}

} // namespace

std::optional<StringRef> mlir::distc::getIDTRTypeSuffix(Type elementType) {
  std::string spelling;
  if (isa<Float64Type>(elementType))
    spelling = "f64";
  else if (isa<Float32Type>(elementType))
    spelling = "f32";
  else if (isa<Float16Type>(elementType))
    spelling = "f16";
  else if (isa<BFloat16Type>(elementType))
    spelling = "bf16";
  else if (auto complex = dyn_cast<ComplexType>(elementType))
    spelling = complex.getElementType().isF32()   ? "c32"
               : complex.getElementType().isF64() ? "c64"
                                                  : "";
  else if (auto intType = dyn_cast<IntegerType>(elementType);
           intType && intType.isSignless())
    spelling = "i" + std::to_string(intType.getWidth());
  // index is i64 on distc's targets: its arrays go to the i64 entry points
  // (getIDTRDeclaration, IDTRCallBuilder::unranked).
  else if (elementType.isIndex())
    spelling = "i64";
  for (StringRef suffix : kSuffixes)
    if (suffix == spelling)
      return suffix;
  return std::nullopt;
}

std::string mlir::distc::getIDTRSupportedTypesList() {
  // The MLIR spelling of each suffix (c32 is complex<f32>).
  SmallVector<std::string> types;
  for (StringRef suffix : kSuffixes)
    types.push_back(suffix == "c32"   ? "complex<f32>"
                    : suffix == "c64" ? "complex<f64>"
                                      : suffix.str());
  return llvm::join(types, ", ");
}

IDTREffect mlir::distc::getIDTREffect(IDTRFunction function) {
  return lookup(function).effect;
}

IDTRDeclaration mlir::distc::getIDTRDeclaration(MLIRContext *context,
                                                IDTRFunction function,
                                                Type elementType) {
  const AbiFunction &entry = lookup(function);
  std::string name = entry.symbol.str();
  if (entry.typing == Typing::Typed)
    name += getIDTRTypeSuffix(elementType).value_or("").str();
  SmallVector<Type> inputs;
  for (const AbiParam &p : entry.parameters())
    inputs.push_back(mlirType(context, p.type, elementType));
  SmallVector<Type, 1> results;
  if (Type result = mlirType(context, entry.result, elementType))
    results.push_back(result);
  return {name, FunctionType::get(context, inputs, results)};
}

SmallVector<IDTRDeclaration>
mlir::distc::getIDTRDeclarations(MLIRContext *context, IDTRDeclarer declarer) {
  SmallVector<IDTRDeclaration> decls;
  for (const AbiFunction &function : kFunctions)
    if (declarerOf(function) == declarer)
      for (auto &[name, elementType] : instances(context, function))
        decls.push_back(getIDTRDeclaration(context, function.id, elementType));
  return decls;
}

void mlir::distc::printIDTRRuntimeAPI(MLIRContext *context,
                                      IDTRTableFormat format,
                                      llvm::raw_ostream &os) {
  for (const AbiFunction &function : kFunctions) {
    switch (format) {
    case IDTRTableFormat::C:
      if (function.header == Header::Public)
        for (auto &[name, elementType] : instances(context, function))
          os << cPrototype(function, name) << "\n";
      break;
    case IDTRTableFormat::MLIR:
      for (auto &[name, elementType] : instances(context, function)) {
        FunctionType type =
            getIDTRDeclaration(context, function.id, elementType).type;
        os << "func.func private @" << name << "(";
        llvm::interleaveComma(type.getInputs(), os);
        os << ")";
        if (type.getNumResults() == 1)
          os << " -> " << type.getResult(0);
        os << "\n";
      }
      break;
    case IDTRTableFormat::Markdown: {
      std::string symbol = function.symbol.str();
      if (function.typing == Typing::Typed)
        symbol += "T";
      os << "| `" << cPrototype(function, symbol) << "` | "
         << effectName(function.effect) << " | "
         << declarerName(declarerOf(function)) << " | "
         << (function.header == Header::Public ? "idtr.h" : "internal") << " |\n";
      break;
    }
    }
  }
}

/// The type of `type` once lowered to the LLVM dialect: an unranked memref
/// argument is its (rank, descriptor pointer) pair, as func-to-llvm passes it.
static LLVM::LLVMFunctionType llvmFunctionType(FunctionType type) {
  MLIRContext *context = type.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  SmallVector<Type> inputs;
  for (Type input : type.getInputs()) {
    if (isa<UnrankedMemRefType>(input))
      inputs.append({IntegerType::get(context, 64), ptr});
    else
      inputs.push_back(input);
  }
  Type result = type.getNumResults() == 1 ? type.getResult(0)
                                          : LLVM::LLVMVoidType::get(context);
  return LLVM::LLVMFunctionType::get(result, inputs);
}

FailureOr<Operation *>
mlir::distc::lookupIDTRFunction(ModuleOp module, const IDTRDeclaration &decl) {
  Operation *existing = SymbolTable::lookupSymbolIn(module, decl.name);
  if (!existing)
    return existing;
  auto conflict = [&](auto expected, auto found) {
    return existing->emitError()
           << "conflicting declaration of runtime function '" << decl.name
           << "': expected type " << expected << ", found " << found;
  };
  if (auto func = dyn_cast<func::FuncOp>(existing)) {
    // With it, calls would go to `_mlir_ciface_<name>`, which the runtime
    // does not have: a link error with no location instead of this one.
    if (func->hasAttr("llvm.emit_c_interface"))
      return func.emitError()
             << "conflicting declaration of runtime function '" << decl.name
             << "': it must not carry 'llvm.emit_c_interface' (the "
                "runtime has no '_mlir_ciface_' entry points)";
    if (func.getFunctionType() != decl.type)
      return conflict(decl.type, func.getFunctionType());
    return existing;
  }
  // distc's own `--emit=mlir` output holds the ABI already lowered to
  // `llvm.func` declarations; compiling it again must not fail on them.
  if (auto llvmFunc = dyn_cast<LLVM::LLVMFuncOp>(existing);
      llvmFunc && llvmFunc.isExternal()) {
    LLVM::LLVMFunctionType expected = llvmFunctionType(decl.type);
    if (llvmFunc.getFunctionType() != expected)
      return conflict(expected, llvmFunc.getFunctionType());
    return existing;
  }
  return existing->emitError()
         << "symbol '" << decl.name
         << "' is reserved for the IDTR runtime but is not a func.func";
}

func::FuncOp mlir::distc::declareIDTRFunction(ModuleOp module,
                                              const IDTRDeclaration &decl) {
  OpBuilder builder = OpBuilder::atBlockEnd(module.getBody());
  auto func =
      func::FuncOp::create(builder, module.getLoc(), decl.name, decl.type);
  func.setPrivate();
  return func;
}

FailureOr<func::FuncOp>
mlir::distc::lookupOrDeclareIDTRFunction(ModuleOp module,
                                         const IDTRDeclaration &decl) {
  FailureOr<Operation *> existing = lookupIDTRFunction(module, decl);
  if (failed(existing))
    return failure();
  // Nothing at the LLVM level still needs a `func.func` to call.
  if (*existing)
    return dyn_cast<func::FuncOp>(*existing);
  return declareIDTRFunction(module, decl);
}

namespace {
/// Finds (`reuse`) or creates the global of getOrCreateStringConstant /
/// createDistinctStringConstant.
Value stringConstant(OpBuilder &b, Location loc, ModuleOp module,
                     StringRef symbolPrefix, StringRef text, bool reuse) {
  std::string data = (text + Twine('\0')).str();
  std::string base =
      (symbolPrefix + llvm::utohexstr(llvm::xxh3_64bits(text))).str();
  std::string name = base;
  for (unsigned suffix = 0;; ++suffix) {
    Operation *existing = SymbolTable::lookupSymbolIn(module, name);
    if (!existing)
      break;
    auto global = dyn_cast<LLVM::GlobalOp>(existing);
    if (reuse && global && global.getValueAttr() == b.getStringAttr(data))
      return LLVM::AddressOfOp::create(b, loc, global);
    name = base + "_" + std::to_string(suffix);
    if (!reuse)
      data = (text + Twine('\0') + "#" + Twine(suffix + 1) + Twine('\0')).str();
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
} // namespace

Value mlir::distc::getOrCreateStringConstant(OpBuilder &b, Location loc,
                                             ModuleOp module,
                                             StringRef symbolPrefix,
                                             StringRef text) {
  return stringConstant(b, loc, module, symbolPrefix, text, /*reuse=*/true);
}

Value mlir::distc::createDistinctStringConstant(OpBuilder &b, Location loc,
                                                ModuleOp module,
                                                StringRef symbolPrefix,
                                                StringRef text) {
  return stringConstant(b, loc, module, symbolPrefix, text, /*reuse=*/false);
}

namespace {
struct PrintIDTRRuntimeAPIPass
    : public distc::impl::PrintIDTRRuntimeAPIBase<PrintIDTRRuntimeAPIPass> {
  using Base::Base;

  void runOnOperation() override {
    std::optional<IDTRTableFormat> parsed =
        llvm::StringSwitch<std::optional<IDTRTableFormat>>(format)
            .Case("c", IDTRTableFormat::C)
            .Case("markdown", IDTRTableFormat::Markdown)
            .Case("mlir", IDTRTableFormat::MLIR)
            .Default(std::nullopt);
    if (!parsed) {
      getOperation().emitError()
          << "unknown format '" << format << "' (expected c, markdown or mlir)";
      return signalPassFailure();
    }
    printIDTRRuntimeAPI(&getContext(), *parsed, llvm::outs());
    markAllAnalysesPreserved();
  }
};
} // namespace
