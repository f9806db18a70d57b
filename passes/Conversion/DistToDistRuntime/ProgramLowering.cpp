//===- ProgramLowering.cpp - program-level scalars ------------------------===//
//
// dist.allreduce (a one-element distruntime.allreduce), dist.param (a call of
// _idtr_param_i64/_f64 with the module's parameter table, so that the first
// call can list every parameter for --help and reject unknown options) and
// dist.wtime (a call of _idtr_wtime).
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"
#include "passes/IDTRRuntimeAPI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/Format.h"

#include <map>

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::lowering;
using namespace mlir::dist;

namespace {

/// The runtime's name of a parameter type (idtr.h).
std::string paramTypeName(Type type) {
  if (type.isIndex())
    return "index";
  if (type.isF64())
    return "f64";
  if (type.isF32())
    return "f32";
  return "i" + std::to_string(type.getIntOrFloatBitWidth());
}

/// The default as the runtime parses it: "true"/"false", a decimal
/// integer, or a float with 17 significant digits (exact for f64).
std::string paramDefaultText(ParamOp op) {
  Attribute value = op.getDefaultValue();
  if (auto flag = dyn_cast<BoolAttr>(value))
    return flag.getValue() ? "true" : "false";
  if (auto integer = dyn_cast<IntegerAttr>(value))
    return std::to_string(integer.getValue().getSExtValue());
  double real = cast<FloatAttr>(value).getValueAsDouble();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::format("%.17g", real);
  return text;
}

struct AllReduceLowering : public DistPattern<AllReduceOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(AllReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value value = adaptor.getValue().front();
    Type type = value.getType();
    // The runtime has no index entry points: reduce it as i64.
    if (type.isIndex())
      value = arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(),
                                         value);
    ReduceKind kind = op.getKind();
    if (kind == ReduceKind::any)
      kind = ReduceKind::max; // i1: or
    else if (kind == ReduceKind::all)
      kind = ReduceKind::min; // i1: and
    Value tensor = tensor::FromElementsOp::create(
        rewriter, loc, RankedTensorType::get({}, value.getType()), value);
    Value reduced = allReduce(rewriter, loc, kind, tensor, op.getTeam());
    Value result =
        tensor::ExtractOp::create(rewriter, loc, reduced, ValueRange{});
    if (type.isIndex())
      result = arith::IndexCastOp::create(rewriter, loc, type, result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

struct ParamLowering : public DistPattern<ParamOp> {
  ParamLowering(TypeConverter &converter, MLIRContext *context,
                StringRef table)
      : DistPattern(converter, context), table(table.str()) {}

  LogicalResult
  matchAndRewrite(ParamOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Type type = op.getResult().getType();
    bool isFloat = isa<FloatType>(type);
    IDTRDeclaration decl = getIDTRDeclaration(
        rewriter.getContext(),
        isFloat ? IDTRFunction::ParamF64 : IDTRFunction::ParamI64);
    Value spec = globalCString(rewriter, loc, table);
    Value name = globalCString(rewriter, loc, op.getName());
    Value value = func::CallOp::create(rewriter, loc, decl.name,
                                       decl.type.getResults(),
                                       ValueRange{spec, name})
                      .getResult(0);
    // The runtime checked that the value fits the type: narrowing is exact.
    if (type.isIndex())
      value = arith::IndexCastOp::create(rewriter, loc, type, value);
    else if (isFloat && !type.isF64())
      value = arith::TruncFOp::create(rewriter, loc, type, value);
    else if (!isFloat && type.getIntOrFloatBitWidth() < 64)
      value = arith::TruncIOp::create(rewriter, loc, type, value);
    rewriter.replaceOp(op, value);
    return success();
  }

  std::string table;
};

struct WtimeLowering : public DistPattern<WtimeOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(WtimeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRDeclaration decl =
        getIDTRDeclaration(rewriter.getContext(), IDTRFunction::Wtime);
    rewriter.replaceOpWithNewOp<func::CallOp>(op, decl.name,
                                              decl.type.getResults(),
                                              ValueRange{});
    return success();
  }
};

} // namespace

FailureOr<std::string> mlir::distc::lowering::collectParamTable(Operation *root) {
  // name -> (line, first op), ordered for a stable --help listing.
  std::map<std::string, std::pair<std::string, Operation *>> params;
  bool ok = true;
  auto add = [&](Operation *op, StringRef name, std::string line) {
    auto [it, inserted] =
        params.try_emplace(name.str(), std::make_pair(line, op));
    if (!inserted && it->second.first != line) {
      InFlightDiagnostic diag =
          op->emitOpError()
          << "parameter \"" << name
          << "\" is declared again with another type or default";
      diag.attachNote(it->second.second->getLoc()) << "first declared here";
      ok = false;
    }
  };
  root->walk([&](Operation *op) {
    if (auto param = dyn_cast<ParamOp>(op))
      add(op, param.getName(),
          param.getName().str() + "\t" +
              paramTypeName(param.getResult().getType()) + "\t" +
              paramDefaultText(param));
    // The paths of dist.save/dist.load with `param "name"`.
    else if (auto save = dyn_cast<SaveOp>(op); save && save.getParam())
      add(op, *save.getParam(), save.getParam()->str() + "\tpath\t" +
                                    save.getPath().str());
    else if (auto load = dyn_cast<LoadOp>(op); load && load.getParam())
      add(op, *load.getParam(), load.getParam()->str() + "\tpath\t" +
                                    load.getPath().str());
  });
  if (!ok)
    return failure();
  std::string table;
  for (auto &entry : params)
    table += entry.second.first + "\n";
  return table;
}

void mlir::distc::lowering::populateProgramPatterns(TypeConverter &converter,
                                                    RewritePatternSet &patterns,
                                                    StringRef paramTable) {
  MLIRContext *context = patterns.getContext();
  patterns.add<AllReduceLowering, WtimeLowering>(converter, context);
  patterns.add<ParamLowering>(converter, context, paramTable);
}
