//===- ServiceLowerings.cpp - the runtime-service ops as IDTR calls -------===//
//
// print, npy_save, npy_read_header, npy_load, param, wtime, check and
// grid_factor (dialect/DistRuntime/DistRuntimeServiceOps.td), one pattern
// each. Like the communication ops, their tensor operands become read-only
// buffer views made right at the call, the last rewrite before one-shot
// bufferization: nothing can move the view away from the call, so the
// analysis sees the read where the runtime does it.
//
// The parameter table that the runtime lists for --help and checks options
// against is the module's: every param op and every `param` path of the
// .npy ops (collectParameterTable).
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistRuntimeToIDTR/IDTRCallBuilder.h"
#include "passes/Passes.h"

#include "dialect/Dist/DistIO.h"
#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/Format.h"

#include <map>

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::idtr_lowering;
using namespace mlir::distruntime;

//===----------------------------------------------------------------------===//
// The parameter table
//===----------------------------------------------------------------------===//

namespace {

/// The runtime's name of a parameter type (idtr.h).
std::string parameterTypeName(Type type) {
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
std::string parameterDefaultText(Attribute value) {
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

} // namespace

FailureOr<std::string> mlir::distc::collectParameterTable(Operation *root) {
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
  auto addPath = [&](Operation *op, std::optional<StringRef> param,
                     StringRef path) {
    if (param)
      add(op, *param, param->str() + "\tpath\t" + path.str());
  };
  root->walk([&](Operation *op) {
    if (auto param = dyn_cast<ParamOp>(op))
      add(op, param.getName(),
          param.getName().str() + "\t" +
              parameterTypeName(param.getResult().getType()) + "\t" +
              parameterDefaultText(param.getDefaultValue()));
    else if (auto save = dyn_cast<NpySaveOp>(op))
      addPath(op, save.getParam(), save.getPath());
    else if (auto header = dyn_cast<NpyReadHeaderOp>(op))
      addPath(op, header.getParam(), header.getPath());
    else if (auto load = dyn_cast<NpyLoadOp>(op))
      addPath(op, load.getParam(), load.getPath());
  });
  if (!ok)
    return failure();
  std::string table;
  for (auto &entry : params)
    table += entry.second.first + "\n";
  return table;
}

//===----------------------------------------------------------------------===//
// Patterns
//===----------------------------------------------------------------------===//

namespace {

/// A pattern of an op that needs the module's parameter table.
template <typename OpTy>
struct TablePattern : public OpConversionPattern<OpTy> {
  TablePattern(TypeConverter &converter, MLIRContext *context,
               StringRef table)
      : OpConversionPattern<OpTy>(converter, context), table(table.str()) {}

  /// The address of a NUL-terminated constant holding `text`.
  static Value string(IDTRCallBuilder &b, StringRef text) {
    return getOrCreateStringConstant(b.rewriter, b.op->getLoc(),
                                     b.op->template getParentOfType<ModuleOp>(),
                                     "__distc_str_", text);
  }

  /// "file:line:col: dist.save": the op the runtime's errors name.
  static Value site(IDTRCallBuilder &b) {
    std::optional<std::string> text = runtimeLocation(b.op);
    return string(b, text ? *text : b.op->getName().getStringRef());
  }

  /// The file's path: the constant, or the value of the path parameter.
  Value path(IDTRCallBuilder &b, StringRef path,
             std::optional<StringRef> param) const {
    if (!param)
      return string(b, path);
    return b
        .call(IDTRFunction::ParamPath,
              {string(b, table), string(b, *param)})
        .getResult(0);
  }

  std::string table;
};

struct PrintLowering : public TablePattern<PrintOp> {
  using TablePattern::TablePattern;
  LogicalResult
  matchAndRewrite(PrintOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    Location loc = op.getLoc();
    Type element = op.getValue().getType().getElementType();
    // Built before the scf.if, whose block is not in the module while its
    // body is built (the string constants look the module up).
    SmallVector<Value> operands{
        string(b, op.getFormat()), b.i32Constant(op.getNumpy()),
        b.i64Constant(op.getTeam()), b.i32Constant(op.getDistributed()),
        b.inputArray(adaptor.getValue())};
    if (op.getDistributed()) {
      b.call(IDTRFunction::Print, operands, element); // collective
      rewriter.eraseOp(op);
      return success();
    }
    IDTRDeclaration prank =
        getIDTRDeclaration(rewriter.getContext(), IDTRFunction::PRank);
    Value member = func::CallOp::create(rewriter, loc, prank.name,
                                        prank.type.getResults(),
                                        ValueRange{operands[2]})
                       .getResult(0);
    Value isRoot = arith::CmpIOp::create(rewriter, loc,
                                         arith::CmpIPredicate::eq, member,
                                         b.i64Constant(0));
    auto onRoot = scf::IfOp::create(rewriter, loc, isRoot);
    rewriter.setInsertionPointToStart(onRoot.thenBlock());
    b.call(IDTRFunction::Print, operands, element);
    rewriter.eraseOp(op);
    return success();
  }
};

struct NpySaveLowering : public TablePattern<NpySaveOp> {
  using TablePattern::TablePattern;
  LogicalResult
  matchAndRewrite(NpySaveOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type element = op.getPart().getType().getElementType();
    std::optional<StringRef> descr = dist::npyDescr(element);
    if (!descr)
      return op.emitOpError() << ".npy files cannot hold " << element;
    IDTRCallBuilder b(rewriter, op);
    b.call(IDTRFunction::NpySave,
           {site(b), path(b, op.getPath(), op.getParam()), string(b, *descr),
            b.i64Constant(op.getTeam()), b.indexList(adaptor.getGShape()),
            b.indexList(adaptor.getLOffs()), b.inputArray(adaptor.getPart())},
           element);
    rewriter.eraseOp(op);
    return success();
  }
};

struct NpyReadHeaderLowering : public TablePattern<NpyReadHeaderOp> {
  using TablePattern::TablePattern;
  LogicalResult
  matchAndRewrite(NpyReadHeaderOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<RankedTensorType>(op.getArrayType());
    std::optional<StringRef> descr = dist::npyDescr(type.getElementType());
    if (!descr)
      return op.emitOpError() << ".npy files cannot hold "
                              << type.getElementType();
    IDTRCallBuilder b(rewriter, op);
    Location loc = op.getLoc();
    // The expected sizes in (-1: any size), the file's sizes out.
    SmallVector<int64_t> expected = llvm::map_to_vector(
        type.getShape(),
        [](int64_t size) { return ShapedType::isDynamic(size) ? -1 : size; });
    Value shape = b.indexList(expected);
    Value dataOffset =
        b.call(IDTRFunction::NpyReadHeader,
               {site(b), path(b, op.getPath(), op.getParam()),
                string(b, *descr), b.i64Constant(op.getTeam()), shape})
            .getResult(0);
    // Static sizes were checked by the runtime: constants fold further.
    Value buffer = shape.getDefiningOp<memref::CastOp>().getSource();
    SmallVector<Value> results{dataOffset};
    for (auto [d, size] : llvm::enumerate(type.getShape()))
      results.push_back(
          ShapedType::isDynamic(size)
              ? memref::LoadOp::create(rewriter, loc, buffer,
                                       ValueRange{b.indexConstant(d)})
                    .getResult()
              : b.indexConstant(size));
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct NpyLoadLowering : public TablePattern<NpyLoadOp> {
  using TablePattern::TablePattern;
  LogicalResult
  matchAndRewrite(NpyLoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ShapedType type = op.getResult().getType();
    IDTRCallBuilder b(rewriter, op);
    SmallVector<Value> sizes;
    ValueRange dynamic = adaptor.getLSizes();
    for (int64_t size : type.getShape())
      if (ShapedType::isDynamic(size)) {
        sizes.push_back(dynamic.front());
        dynamic = dynamic.drop_front();
      } else {
        sizes.push_back(b.indexConstant(size));
      }
    Value buffer = b.allocate(type, sizes);
    b.call(IDTRFunction::NpyLoad,
           {site(b), path(b, op.getPath(), op.getParam()),
            b.i64Constant(op.getTeam()), adaptor.getDataOffset(),
            b.indexList(adaptor.getGShape()), b.indexList(adaptor.getLOffs()),
            b.unranked(buffer)},
           type.getElementType());
    // A new buffer that only this tensor owns (or the bufferized op's
    // result itself).
    if (isa<BaseMemRefType>(type))
      rewriter.replaceOp(op, b.outputTensor(buffer, type));
    else
      rewriter.replaceOpWithNewOp<bufferization::ToTensorOp>(
          op, type, buffer, /*restrict=*/true, /*writable=*/true);
    return success();
  }
};

/// copy_rows: the two views as integers (aligned pointer, offset, row
/// stride) and the sizes; see the op's description for why.
struct CopyRowsLowering : public OpConversionPattern<CopyRowsOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CopyRowsOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    Location loc = op.getLoc();
    Type i64 = rewriter.getI64Type();
    auto toI64 = [&](Value index) -> Value {
      return arith::IndexCastOp::create(rewriter, loc, i64, index);
    };
    SmallVector<Value> args;
    auto describe = [&](Value view) {
      auto meta = memref::ExtractStridedMetadataOp::create(rewriter, loc, view);
      Value pointer =
          memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, view);
      args.append({toI64(pointer), toI64(meta.getOffset()),
                   toI64(meta.getStrides()[0])});
      return meta;
    };
    Type element = op.getSource().getType().getElementType();
    args.push_back(b.i64Constant(element.getIntOrFloatBitWidth() / 8));
    auto meta = describe(adaptor.getSource());
    describe(adaptor.getTarget());
    args.append({toI64(meta.getSizes()[0]), toI64(meta.getSizes()[1])});
    b.call(IDTRFunction::CopyRows, args);
    rewriter.eraseOp(op);
    return success();
  }
};

struct ParamLowering : public TablePattern<ParamOp> {
  using TablePattern::TablePattern;
  LogicalResult
  matchAndRewrite(ParamOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    Location loc = op.getLoc();
    Type type = op.getResult().getType();
    bool isFloat = isa<FloatType>(type);
    Value value =
        b.call(isFloat ? IDTRFunction::ParamF64 : IDTRFunction::ParamI64,
               {string(b, table), string(b, op.getName())})
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
};

struct WtimeLowering : public OpConversionPattern<WtimeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WtimeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    rewriter.replaceOp(op, b.call(IDTRFunction::Wtime, {}).getResults());
    return success();
  }
};

struct CheckLowering : public OpConversionPattern<CheckOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CheckOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    IDTRCallBuilder b(rewriter, op);
    std::optional<std::string> position = runtimePosition(loc);
    std::string text = (position ? *position + ": " : std::string()) +
                       "error: " + op.getMessage().str();
    // The operands of the call are built before the scf.if (see
    // PrintLowering); they cost nothing on the path where the check holds
    // once LLVM sinks them.
    SmallVector<Value> operands{
        getOrCreateStringConstant(rewriter, loc, op->getParentOfType<ModuleOp>(),
                                  "__distc_check_", text),
        b.i32Constant(static_cast<int32_t>(adaptor.getValues().size()))};
    for (unsigned i = 0; i < 2; ++i) {
      if (i >= adaptor.getValues().size()) {
        operands.push_back(b.i64Constant(0));
        continue;
      }
      Value value = adaptor.getValues()[i];
      Type i64 = rewriter.getI64Type();
      if (value.getType().isIndex())
        value = arith::IndexCastOp::create(rewriter, loc, i64, value);
      else if (value.getType().getIntOrFloatBitWidth() < 64)
        value = arith::ExtSIOp::create(rewriter, loc, i64, value);
      operands.push_back(value);
    }
    Value failed = arith::XOrIOp::create(
        rewriter, loc, adaptor.getCondition(),
        arith::ConstantIntOp::create(rewriter, loc, 1, 1));
    auto onFailure = scf::IfOp::create(rewriter, loc, failed);
    rewriter.setInsertionPointToStart(onFailure.thenBlock());
    b.call(IDTRFunction::CheckFailed, operands);
    rewriter.eraseOp(op);
    return success();
  }
};

struct GridFactorLowering : public OpConversionPattern<GridFactorOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(GridFactorOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    IDTRCallBuilder b(rewriter, op);
    Value ranks = arith::IndexCastOp::create(
        rewriter, loc, rewriter.getI64Type(), adaptor.getRanks());
    Value extent = b.call(IDTRFunction::GridFactor,
                          {ranks, b.i64Constant(op.getAxes()),
                           b.i64Constant(op.getAxis())})
                       .getResult(0);
    rewriter.replaceOpWithNewOp<arith::IndexCastOp>(
        op, rewriter.getIndexType(), extent);
    return success();
  }
};

} // namespace

void mlir::distc::populateDistRuntimeServicePatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns,
    StringRef parameterTable) {
  MLIRContext *context = patterns.getContext();
  patterns.add<PrintLowering, NpySaveLowering, NpyReadHeaderLowering,
               NpyLoadLowering, ParamLowering>(typeConverter, context,
                                               parameterTable);
  patterns.add<WtimeLowering, CheckLowering, GridFactorLowering,
               CopyRowsLowering>(typeConverter, context);
}
