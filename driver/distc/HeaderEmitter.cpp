//===- HeaderEmitter.cpp - C prototypes of distc-compiled functions -------===//

#include "HeaderEmitter.h"

#include "dialect/Dist/Dist.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace distc {

namespace {

/// One C parameter: its type, its name and the LLVM dialect type that the
/// lowering gives it (checked against the lowered function).
struct CParam {
  std::string type;
  std::string name;
  Type llvmType;
};

/// The C name of a scalar type, or "" when it has none here.
std::string cScalarName(Type type) {
  if (type.isIndex())
    return "int64_t";
  if (type.isF64())
    return "double";
  if (type.isF32())
    return "float";
  if (type.isInteger(1))
    return "bool";
  for (unsigned width : {8u, 16u, 32u, 64u})
    if (type.isInteger(width))
      return "int" + std::to_string(width) + "_t";
  return "";
}

/// The LLVM dialect type of a scalar after the lowering.
Type loweredScalar(Type type) {
  if (type.isIndex())
    return IntegerType::get(type.getContext(), 64);
  return type;
}

/// Appends the fields of a ranked memref descriptor: allocated and aligned
/// pointers, offset, sizes, strides (MLIR's expanded calling convention).
void addDescriptor(std::vector<CParam> &params, const std::string &elementC,
                   int64_t rank, const std::string &name, MLIRContext *ctx) {
  Type ptr = LLVM::LLVMPointerType::get(ctx);
  Type i64 = IntegerType::get(ctx, 64);
  params.push_back({elementC + " *", name + "_allocated", ptr});
  params.push_back({elementC + " *", name + "_aligned", ptr});
  params.push_back({"int64_t", name + "_offset", i64});
  for (int64_t d = 0; d < rank; ++d)
    params.push_back({"int64_t", name + "_size" + std::to_string(d), i64});
  for (int64_t d = 0; d < rank; ++d)
    params.push_back({"int64_t", name + "_stride" + std::to_string(d), i64});
}

/// The C parameters of one argument of type `type`, and a comment line
/// saying what they are. Fails (located at `loc`) for a type without a C
/// form.
LogicalResult addArgument(std::vector<CParam> &params, std::string &comment,
                          Type type, const std::string &name, Location loc) {
  MLIRContext *ctx = type.getContext();
  Type i64 = IntegerType::get(ctx, 64);
  llvm::raw_string_ostream os(comment);
  os << "   " << name << ": " << type;
  if (std::string c = cScalarName(type); !c.empty()) {
    params.push_back({c, name, loweredScalar(type)});
    os << "\n";
    return success();
  }
  if (auto dist = dyn_cast<dist::DistTensorType>(type)) {
    std::string element = cScalarName(dist.getElementType());
    if (element.empty())
      return emitError(loc) << "--emit=header: the element type of " << type
                            << " has no C type";
    // The lowering passes a dist.tensor as its parts (DistLayout.h): this
    // rank's block, then the global shape, then where the block starts.
    int64_t rank = dist.getRank();
    addDescriptor(params, element, rank, name, ctx);
    for (int64_t d = 0; d < rank; ++d)
      params.push_back({"int64_t", name + "_global" + std::to_string(d), i64});
    for (int64_t d = 0; d < rank; ++d)
      params.push_back(
          {"int64_t", name + "_local_offset" + std::to_string(d), i64});
    os << ": this rank's part (a memref descriptor), the global shape, the "
          "global index where the part starts\n";
    return success();
  }
  if (auto shaped = dyn_cast<ShapedType>(type);
      shaped && shaped.hasRank() && isa<MemRefType, RankedTensorType>(type)) {
    std::string element = cScalarName(shaped.getElementType());
    if (element.empty())
      return emitError(loc) << "--emit=header: the element type of " << type
                            << " has no C type";
    addDescriptor(params, element, shaped.getRank(), name, ctx);
    os << ": a memref descriptor\n";
    return success();
  }
  return emitError(loc) << "--emit=header: argument type " << type
                        << " has no C form (supported: integers, index, f32, "
                           "f64, ranked memrefs and tensors, !dist.tensor)";
}

/// The lowered function's parameters must be exactly `params`: the header
/// then declares what the object defines.
LogicalResult checkLowered(LLVM::LLVMFuncOp lowered,
                           ArrayRef<CParam> params, Type result,
                           const HeaderFunction &function) {
  auto type = lowered.getFunctionType();
  bool same = type.getNumParams() == params.size();
  for (size_t i = 0; same && i < params.size(); ++i)
    same = type.getParamType(i) == params[i].llvmType;
  Type loweredResult = type.getReturnType();
  same = same && (result ? loweredResult == loweredScalar(result)
                         : isa<LLVM::LLVMVoidType>(loweredResult));
  if (!same)
    return emitError(function.loc)
           << "--emit=header: @" << function.name << " was lowered to "
           << type << ", not to the C prototype distc expects; compile it "
              "with the default pipeline";
  return success();
}

} // namespace

std::vector<HeaderFunction> collectHeaderFunctions(ModuleOp module) {
  std::vector<HeaderFunction> functions;
  for (auto func : module.getOps<func::FuncOp>())
    if (func.isPublic() && !func.isDeclaration() && func.getName() != "main")
      functions.push_back(
          {func.getName().str(), func.getFunctionType(), func.getLoc()});
  return functions;
}

LogicalResult emitHeader(ModuleOp lowered, ArrayRef<HeaderFunction> functions,
                         StringRef inputName, llvm::raw_ostream &os) {
  std::string body;
  llvm::raw_string_ostream bodyOs(body);
  for (const HeaderFunction &function : functions) {
    FunctionType type = function.type;
    Type result;
    std::string resultC = "void";
    if (type.getNumResults() == 1) {
      result = type.getResult(0);
      resultC = cScalarName(result);
    }
    if (type.getNumResults() > 1 || (result && resultC.empty()))
      return emitError(function.loc)
             << "--emit=header: @" << function.name << " returns "
             << type.getResults()
             << ": only functions returning nothing or one scalar have a C "
                "prototype (return tensors through an argument)";
    std::vector<CParam> params;
    std::string comment;
    for (auto [i, argType] : llvm::enumerate(type.getInputs()))
      if (failed(addArgument(params, comment, argType,
                             "arg" + std::to_string(i), function.loc)))
        return failure();
    auto llvmFunc = lowered.lookupSymbol<LLVM::LLVMFuncOp>(function.name);
    if (!llvmFunc)
      return emitError(function.loc)
             << "--emit=header: @" << function.name
             << " is not an llvm.func after the pipeline";
    if (failed(checkLowered(llvmFunc, params, result, function)))
      return failure();
    bodyOs << "\n/* @" << function.name << ": " << type << "\n" << comment
           << " */\n"
           << resultC << " " << function.name << "(";
    if (params.empty())
      bodyOs << "void";
    for (auto [i, p] : llvm::enumerate(params))
      bodyOs << (i ? ",\n    " : "\n    ") << p.type
             << (StringRef(p.type).ends_with("*") ? "" : " ") << p.name;
    bodyOs << ");\n";
  }

  // An include guard from the input's stem: DISTC_<STEM>_H.
  std::string guard = "DISTC_";
  for (char c : llvm::sys::path::stem(inputName == "-" ? "stdin" : inputName))
    guard += llvm::isAlnum(c) ? llvm::toUpper(c) : '_';
  guard += "_H";
  os << "/* C prototypes of the public functions of "
     << (inputName == "-" ? StringRef("<stdin>") : inputName)
     << ", generated by distc --emit=header.\n"
        "   Memrefs and tensors are passed as MLIR memref descriptors, one "
        "field per\n"
        "   argument; a !dist.tensor as its local part, its global shape and "
        "the global\n"
        "   index of the part (docs/driver.md, \"Calling distc functions "
        "from C\").\n"
        "   Call them between MPI_Init and MPI_Finalize, on every rank of "
        "the team. */\n"
     << "#ifndef " << guard << "\n#define " << guard << "\n\n"
     << "#include <stdbool.h>\n#include <stdint.h>\n\n"
     << "#ifdef __cplusplus\nextern \"C\" {\n#endif\n"
     << body << "\n#ifdef __cplusplus\n}\n#endif\n\n#endif /* " << guard
     << " */\n";
  return success();
}

} // namespace distc
