//===- IOLowering.cpp - dist.save, dist.load, formatted dist.print --------===//
//
// The ops whose data leaves or enters the program through the runtime:
//
// - dist.save: distruntime.npy_save of the tensor's parts (the runtime
//   writes the header on rank 0 and every block with MPI-IO; a block is a
//   box offset in every dimension, so grids need nothing else);
// - dist.load: distruntime.npy_read_header (rank 0 checks the file against
//   the result type, every rank gets the global shape), the balanced box of
//   the result (1-D or grid) computed here as for any creation op, then
//   distruntime.npy_load of that box;
// - dist.print with numpy/precision/format: distruntime.print, which prints
//   a distributed tensor's row blocks as rank 0 receives them (no gather;
//   other splits and process grids are repartitioned to row blocks first).
//   dist.print without options is PrintLowering (vector.print on rank 0).
//
// The paths are constants of the program, or the value of a path parameter
// (`param "name"`), which the distruntime ops carry as they are.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"
#include "passes/IDTRRuntimeAPI.h"

#include "dialect/DistRuntime/DistRuntime.h"

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

/// The runtime has typed entry points for some element types only: the
/// others are a located error here.
LogicalResult checkRuntimeType(Operation *op, Type elementType) {
  if (getIDTRTypeSuffix(elementType))
    return success();
  return op->emitOpError() << "the runtime has no entry points for "
                           << elementType << " (it supports "
                           << getIDTRSupportedTypesList() << ")";
}

struct SaveLowering : public DistPattern<SaveOp> {
  using DistPattern::DistPattern;

  LogicalResult
  matchAndRewrite(SaveOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<DistTensorType>(op.getSource().getType());
    if (failed(checkRuntimeType(op, type.getElementType())))
      return failure();
    DistParts source = parts(adaptor.getSource());
    distruntime::NpySaveOp::create(
        rewriter, op.getLoc(), source.local, op.getPathAttr(),
        op.getParamAttr(), source.globalShape, source.offsets,
        rewriter.getI64IntegerAttr(type.getTeam()));
    rewriter.eraseOp(op);
    return success();
  }
};

struct LoadLowering : public DistPattern<LoadOp> {
  using DistPattern::DistPattern;

  LogicalResult
  matchAndRewrite(LoadOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto type = cast<DistTensorType>(op.getResult().getType());
    if (failed(checkRuntimeType(op, type.getElementType())))
      return failure();
    SmallVector<Type> shapeTypes(type.getRank(), rewriter.getIndexType());
    auto header = distruntime::NpyReadHeaderOp::create(
        rewriter, loc, rewriter.getI64Type(), shapeTypes, op.getPathAttr(),
        op.getParamAttr(), TypeAttr::get(type.getGlobalTensorType()),
        rewriter.getI64IntegerAttr(type.getTeam()));
    SmallVector<Value> globalShape(header.getGlobalShape());
    auto [offsets, sizes] = balancedBox(rewriter, loc, type, globalShape);
    RankedTensorType localType = type.getLocalType();
    SmallVector<Value> dynamicSizes;
    for (auto [dim, size] : llvm::zip(localType.getShape(), sizes))
      if (ShapedType::isDynamic(dim))
        dynamicSizes.push_back(size);
    Value local = distruntime::NpyLoadOp::create(
        rewriter, loc, localType, op.getPathAttr(), op.getParamAttr(),
        header.getDataOffset(), globalShape, offsets, dynamicSizes,
        rewriter.getI64IntegerAttr(type.getTeam()));
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
    // Halves without options take the shortest digits that read back in
    // their own type too: %g of the widened value shows digits the half
    // does not have (0.1 : f16 would print 0.0999756).
    bool half = element.isF16() || element.isBF16();
    if ((op.getNumpy() && !op.getFormat() && !op.getPrecision() &&
         isa<FloatType>(element) && tensorType.getRank() > 0) ||
        (half && !op.isFormatted()))
      format = "";
    distruntime::PrintOp::create(rewriter, loc, value, *format,
                                 /*distributed=*/distTensor != nullptr,
                                 op.getNumpy(), team);
    rewriter.eraseOp(op);
    return success();
  }
};

} // namespace

void mlir::distc::lowering::populateIOPatterns(TypeConverter &converter,
                                               RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  // Before PrintLowering, which prints without options.
  patterns.add<FormattedPrintLowering>(converter, context, /*benefit=*/2);
  patterns.add<SaveLowering, LoadLowering>(converter, context);
}
