//===- IOLowering.cpp - dist.save, dist.load, formatted dist.print --------===//
//
// The ops whose data leaves or enters the program through the runtime:
//
// - dist.save: one call of _idtr_npy_save_<T> with the tensor's parts (the
//   runtime writes the header on rank 0 and every block with MPI-IO; a
//   block is a box offset in every dimension, so grids need nothing else);
// - dist.load: _idtr_npy_read_header (rank 0 checks the file against the
//   result type, every rank gets the global shape), the balanced box of the
//   result (1-D or grid) computed here as for any creation op, then
//   _idtr_npy_load_<T> into a new buffer;
// - dist.print with numpy/precision/format: _idtr_print_<T>, which prints
//   a distributed tensor's row blocks as rank 0 receives them (no gather;
//   other splits and process grids are repartitioned to row blocks first).
//   dist.print without options is PrintLowering (vector.print on rank 0).
//
// The paths are constants of the program, or the value of a path parameter
// (`param "name"`) read with _idtr_param_path from the module's table.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"
#include "passes/IDTRRuntimeAPI.h"

#include "dialect/Dist/DistIO.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::lowering;
using namespace mlir::dist;

namespace {

/// Builds the operands of the runtime calls of one op.
struct IOCallBuilder {
  OpBuilder &b;
  Location loc;

  Value i64(int64_t value) {
    return arith::ConstantIntOp::create(b, loc, value, 64);
  }
  Value i32(int64_t value) {
    return arith::ConstantIntOp::create(b, loc, value, 32);
  }

  Value unranked(Value memref) {
    auto type = cast<MemRefType>(memref.getType());
    return memref::CastOp::create(
        b, loc, UnrankedMemRefType::get(type.getElementType(), 0), memref);
  }

  /// A memref<*xindex> holding `values` (the runtime copies them).
  Value indexList(ArrayRef<Value> values) {
    Value buffer = memref::AllocaOp::create(
        b, loc,
        MemRefType::get({static_cast<int64_t>(values.size())},
                        b.getIndexType()));
    for (auto [i, value] : llvm::enumerate(values))
      memref::StoreOp::create(b, loc, value, buffer,
                              ValueRange{indexConst(b, loc, i)});
    return buffer;
  }

  /// The buffer behind `tensor`, read-only, as memref<*xT> (any layout).
  Value readOnly(Value tensor) {
    auto type = cast<RankedTensorType>(tensor.getType());
    auto layout = StridedLayoutAttr::get(
        b.getContext(), ShapedType::kDynamic,
        SmallVector<int64_t>(type.getRank(), ShapedType::kDynamic));
    Value buffer = bufferization::ToBufferOp::create(
        b, loc, MemRefType::get(type.getShape(), type.getElementType(), layout),
        tensor, /*read_only=*/true);
    return unranked(buffer);
  }

  /// "file:line:col: <opName>" for the runtime's errors.
  Value site(StringRef opName) {
    return globalCString(b, loc, locationPrefix(loc) + opName.str());
  }

  /// The file's path: the constant, or the path parameter `param`.
  Value path(StringRef path, std::optional<StringRef> param,
             StringRef paramTable) {
    if (!param)
      return globalCString(b, loc, path);
    IDTRDeclaration decl =
        getIDTRDeclaration(b.getContext(), IDTRFunction::ParamPath);
    return func::CallOp::create(
               b, loc, decl.name, decl.type.getResults(),
               ValueRange{globalCString(b, loc, paramTable),
                          globalCString(b, loc, *param)})
        .getResult(0);
  }

  func::CallOp call(IDTRFunction function, ValueRange operands,
                    Type elementType = {}) {
    IDTRDeclaration decl =
        getIDTRDeclaration(b.getContext(), function, elementType);
    return func::CallOp::create(b, loc, decl.name, decl.type.getResults(),
                                operands);
  }
};

/// The runtime has typed entry points for some element types only: the
/// others are a located error here.
LogicalResult checkRuntimeType(Operation *op, Type elementType) {
  if (getIDTRTypeSuffix(elementType))
    return success();
  return op->emitOpError() << "the runtime has no entry points for "
                           << elementType << " (it supports "
                           << getIDTRSupportedTypesList() << ")";
}

/// A pattern for an op with a path, which may be a path parameter of the
/// module's parameter table `table`.
template <typename OpTy> struct FilePattern : public DistPattern<OpTy> {
  FilePattern(TypeConverter &converter, MLIRContext *context, StringRef table)
      : DistPattern<OpTy>(converter, context), table(table.str()) {}
  std::string table;
};

struct SaveLowering : public FilePattern<SaveOp> {
  using FilePattern::FilePattern;

  LogicalResult
  matchAndRewrite(SaveOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<DistTensorType>(op.getSource().getType());
    Type element = type.getElementType();
    if (failed(checkRuntimeType(op, element)))
      return failure();
    DistParts source = parts(adaptor.getSource());
    IOCallBuilder c{rewriter, op.getLoc()};
    c.call(IDTRFunction::NpySave,
           {c.site("dist.save"), c.path(op.getPath(), op.getParam(), table),
            globalCString(rewriter, op.getLoc(),
                          *npyDescr(type.getElementType())),
            c.i64(type.getTeam()), c.unranked(c.indexList(source.globalShape)),
            c.unranked(c.indexList(source.offsets)), c.readOnly(source.local)},
           element);
    rewriter.eraseOp(op);
    return success();
  }
};

struct LoadLowering : public FilePattern<LoadOp> {
  using FilePattern::FilePattern;

  LogicalResult
  matchAndRewrite(LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<DistTensorType>(op.getResult().getType());
    Type element = type.getElementType();
    if (failed(checkRuntimeType(op, element)))
      return failure();
    IOCallBuilder c{rewriter, loc};
    Value site = c.site("dist.load");
    Value path = c.path(op.getPath(), op.getParam(), table);
    // The expected sizes in, the file's sizes out (-1: any size).
    SmallVector<Value> expected;
    for (int64_t size : type.getShape())
      expected.push_back(
          indexConst(rewriter, loc, ShapedType::isDynamic(size) ? -1 : size));
    Value shapeBuffer = c.indexList(expected);
    Value dataOffset =
        c.call(IDTRFunction::NpyReadHeader,
               {site, path,
                globalCString(rewriter, loc, *npyDescr(type.getElementType())),
                c.i64(type.getTeam()), c.unranked(shapeBuffer)})
            .getResult(0);
    // Static sizes were checked by the runtime: constants fold further.
    SmallVector<Value> globalShape;
    for (auto [d, size] : llvm::enumerate(type.getShape()))
      globalShape.push_back(
          ShapedType::isDynamic(size)
              ? memref::LoadOp::create(rewriter, loc, shapeBuffer,
                                       ValueRange{indexConst(rewriter, loc, d)})
                    .getResult()
              : indexConst(rewriter, loc, size));
    auto [offsets, sizes] = balancedBox(rewriter, loc, type, globalShape);
    RankedTensorType localType = type.getLocalType();
    SmallVector<Value> dynamicSizes;
    for (auto [dim, size] : llvm::zip(localType.getShape(), sizes))
      if (ShapedType::isDynamic(dim))
        dynamicSizes.push_back(size);
    Value buffer = memref::AllocOp::create(
        rewriter, loc,
        MemRefType::get(localType.getShape(), localType.getElementType()),
        dynamicSizes);
    c.call(IDTRFunction::NpyLoad,
           {site, path, c.i64(type.getTeam()), dataOffset,
            c.unranked(c.indexList(globalShape)),
            c.unranked(c.indexList(offsets)), c.unranked(buffer)},
           element);
    Value local = bufferization::ToTensorOp::create(
        rewriter, loc, localType, buffer, /*restrict=*/true,
        /*writable=*/true);
    replace(rewriter, op, DistParts{local, globalShape, offsets});
    return success();
  }
};

/// dist.print with numpy, precision or format.
struct FormattedPrintLowering : public DistPattern<PrintOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(PrintOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!printsThroughRuntime(op.getValue().getType(), op.isFormatted()))
      return failure();
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    IOCallBuilder c{b, loc};
    Type type = op.getValue().getType();
    auto distTensor = dyn_cast<DistTensorType>(type);
    int64_t team = distTensor ? distTensor.getTeam() : op.getTeam();
    Value value;
    if (distTensor) {
      // Row blocks in rank order are the array in C order. Other splits
      // and process grids are repartitioned to balanced row blocks first
      // (one copy_reshape; a rank then holds ceil(rows / P) rows) rather
      // than streamed block by block: a grid block is not contiguous in C
      // order, so rank 0 would have to take every row piecewise from each
      // rank of a grid row, one message per row segment instead of one
      // per rank. Irregular row blocks print as they are.
      DistParts source = parts(adaptor.getValue());
      if (distTensor.isGrid() || distTensor.getSplit() != 0)
        source = toPartitionOf(b, loc, source, distTensor,
                               distTensor.withPartition(0, true));
      value = source.local;
    } else {
      value = adaptor.getValue().front();
      if (!isa<RankedTensorType>(type))
        value = tensor::FromElementsOp::create(
            b, loc, RankedTensorType::get({}, type), value);
    }
    auto tensorType = cast<RankedTensorType>(value.getType());
    Type element = tensorType.getElementType();
    if (element.isIndex()) {
      element = b.getI64Type();
      value = arith::IndexCastOp::create(b, loc, tensorType.clone(element),
                                         value);
    }
    if (failed(checkRuntimeType(op, element)))
      return failure();
    std::string error;
    std::optional<std::string> format = elementPrintFormat(
        element, op.getFormat().value_or(""), op.getPrecision().value_or(-1),
        error);
    if (!format)
      return op.emitOpError() << error; // the verifier accepted it
    // The numpy layout of a float array without a precision or format
    // uses numpy's own float format (shortest digits, aligned points),
    // which the runtime selects with the empty format.
    if (op.getNumpy() && !op.getFormat() && !op.getPrecision() &&
        isa<FloatType>(element) && tensorType.getRank() > 0)
      format = "";
    // The operands are built before the scf.if: its block is not in the
    // module yet while its body is built (globalCString looks the module up).
    SmallVector<Value> operands{globalCString(b, loc, *format),
                                c.i32(op.getNumpy()), c.i64(team),
                                c.i32(distTensor ? 1 : 0), c.readOnly(value)};
    if (distTensor) {
      c.call(IDTRFunction::Print, operands, element); // collective
    } else {
      Value isRoot = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                           teamMember(b, loc, team),
                                           indexConst(b, loc, 0));
      scf::IfOp::create(b, loc, isRoot, [&](OpBuilder &then, Location) {
        IOCallBuilder{then, loc}.call(IDTRFunction::Print, operands, element);
        scf::YieldOp::create(then, loc);
      });
    }
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::distc::lowering::populateIOPatterns(TypeConverter &converter,
                                               RewritePatternSet &patterns,
                                               StringRef paramTable) {
  MLIRContext *context = patterns.getContext();
  // Before PrintLowering, which prints without options.
  patterns.add<FormattedPrintLowering>(converter, context, /*benefit=*/2);
  patterns.add<SaveLowering, LoadLowering>(converter, context, paramTable);
}
