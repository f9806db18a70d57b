//===- ConvertDistToDistRuntime.cpp - dist -> local code + distruntime ----===//
//
// Every !dist.tensor becomes its parts (DistLayout.h): this rank's local
// tensor, the global shape and the local offsets. Element-wise work and
// creation become local tensor/linalg code over the local tensor;
// communication becomes distruntime ops, each followed by its wait (the
// overlap pass later moves waits down to the first use). One pattern per
// op; shared arithmetic lives in DistLayout.cpp, shared helpers in
// LoweringCommon.h, creation and reductions in their own files.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"
#include "passes/Conversion/DistToDistRuntime/DistPrinting.h"
#include "passes/Conversion/DistToDistRuntime/EmptySlices.h"
#include "passes/Conversion/DistToDistRuntime/GroupShifts.h"
#include "passes/IDTRRuntimeAPI.h"
#include "passes/Passes.h"
#include "passes/Conversion/StructuralTypeConversion.h"
#include "passes/Conversion/DistToDistRuntime/Stencil.h"

#include "dialect/Dist/Dist.h"
#include "dialect/Dist/DistIO.h"
#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlir::distc {
#define GEN_PASS_DEF_CONVERTDISTTODISTRUNTIME
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distc::lowering;
using namespace mlir::dist;

namespace {

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

/// The operands of an element-wise op (`inputs`, the converted
/// `originals`) checked against each other and `resultType`'s static
/// sizes, in the partition of `resultType`.
SmallVector<DistParts> alignOperands(OpBuilder &b, Location loc,
                                     Operation *op, ArrayRef<DistParts> inputs,
                                     ArrayRef<DistTensorType> originalTypes,
                                     DistTensorType resultType) {
  // The verifier accepts `?` against any size: the operands must agree at
  // run time, or each rank would combine blocks of different arrays.
  SmallVector<SmallVector<Value>> shapes;
  for (auto [parts, type] : llvm::zip(inputs, originalTypes))
    shapes.push_back(knownShape(b, loc, type, parts.globalShape));
  checkSameShapes(b, loc, op->getName().getStringRef(), shapes,
                  resultType.getShape());
  SmallVector<DistParts> aligned;
  for (auto [parts, type] : llvm::zip(inputs, originalTypes))
    aligned.push_back(toPartitionOf(b, loc, parts, type, resultType));
  return aligned;
}

/// Element-wise computation over `inputs` (the converted `originals`) in
/// the partition of `resultType`.
DistParts elementwise(OpBuilder &b, Location loc, Operation *op,
                      ArrayRef<DistParts> inputs, ValueRange originals,
                      DistTensorType resultType, ElementBodyFn body) {
  SmallVector<DistTensorType> types =
      llvm::map_to_vector(originals, [](Value v) { return distType(v); });
  SmallVector<DistParts> aligned =
      alignOperands(b, loc, op, inputs, types, resultType);
  SmallVector<Value> locals =
      llvm::map_to_vector(aligned, [](const DistParts &p) { return p.local; });
  RankedTensorType localType = resultType.getLocalType();
  SmallVector<Value> sizes = tensorSizes(b, loc, locals[0]);
  DistParts result{Value(), aligned[0].globalShape, aligned[0].offsets};
  result.local =
      elementwiseGeneric(b, loc, locals, emptyTensor(b, loc, localType, sizes),
                         result.offsets, body);
  return result;
}

//===----------------------------------------------------------------------===//
// Queries
//===----------------------------------------------------------------------===//

struct LocalLowering : public DistPattern<LocalOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(LocalOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value local = parts(adaptor.getSource()).local;
    auto resultType = cast<RankedTensorType>(op.getResult().getType());
    checkStaticDims(rewriter, op.getLoc(), "dist.local", "local part",
                    tensorSizes(rewriter, op.getLoc(), local),
                    resultType.getShape(), resultType);
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), local, resultType));
    return success();
  }
};

struct GlobalDimLowering : public DistPattern<GlobalDimOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(GlobalDimOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, parts(adaptor.getSource()).globalShape[op.getDim()]);
    return success();
  }
};

struct LocalOffsetLowering : public DistPattern<LocalOffsetOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(LocalOffsetOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, parts(adaptor.getSource()).offsets[op.getDim()]);
    return success();
  }
};

struct WithLocalLowering : public DistPattern<WithLocalOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(WithLocalOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DistParts result = parts(adaptor.getLike());
    Value local = adaptor.getLocal().front();
    // The block replaces %like's part: any other size would silently give
    // the ranks an inconsistent array. The shifted views that
    // groupShiftsIntoExtends builds have the right sizes by construction.
    if (!matchShiftedSlice(op.getResult())) {
      SmallVector<Value> likeSizes = tensorSizes(rewriter, loc, result.local);
      for (auto [d, size] : llvm::enumerate(tensorSizes(rewriter, loc, local)))
        checkSameSize(
            rewriter, loc, size, likeSizes[d],
            ("dist.with_local: the block size along dimension " + Twine(d) +
             " differs from the part of the layout operand")
                .str());
    }
    result.local =
        castTo(rewriter, loc, local, distType(op.getResult()).getLocalType());
    replace(rewriter, op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Element-wise
//===----------------------------------------------------------------------===//

struct ElementwiseLowering : public DistPattern<ElementwiseOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(ElementwiseOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<DistParts> inputs;
    for (ValueRange values : adaptor.getInputs())
      inputs.push_back(parts(values));
    replace(rewriter, op,
            elementwise(rewriter, op.getLoc(), op, inputs, op.getInputs(),
                        distType(op.getResult()),
                        [&](OpBuilder &b, Location, ValueRange args,
                            GlobalIndexFn globalIndex) {
                          return inlineBody(b, op.getBody(), args,
                                            globalIndex);
                        }));
    return success();
  }
};

/// ComplexOp is void for the ops that complex numbers lack (max, min: the
/// verifier rejects them).
template <typename BinaryOp, typename FloatOp, typename IntOp,
          typename ComplexOp = void>
struct BinaryLowering : public DistPattern<BinaryOp> {
  using DistPattern<BinaryOp>::DistPattern;
  LogicalResult
  matchAndRewrite(BinaryOp op,
                  typename DistPattern<BinaryOp>::OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DistParts lhs = DistParts::unflatten(adaptor.getLhs());
    DistParts rhs = DistParts::unflatten(adaptor.getRhs());
    DistTensorType resultType = distType(op.getResult());
    bool isFloat = isa<FloatType>(resultType.getElementType());
    DistParts result = elementwise(
        rewriter, op.getLoc(), op, {lhs, rhs}, op->getOperands(), resultType,
        [&](OpBuilder &b, Location loc, ValueRange args, GlobalIndexFn) -> Value {
          if constexpr (!std::is_void_v<ComplexOp>)
            if (isa<ComplexType>(resultType.getElementType()))
              return ComplexOp::create(b, loc, args[0], args[1]);
          if (isFloat)
            return FloatOp::create(b, loc, args[0], args[1]);
          return IntOp::create(b, loc, args[0], args[1]);
        });
    rewriter.replaceOpWithMultiple(op, {result.flatten()});
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Redistribution
//===----------------------------------------------------------------------===//

struct ReshapeLowering : public DistPattern<ReshapeOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(ReshapeOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DistTensorType resultType = distType(op.getResult());
    SmallVector<Value> shape = globalShapeOf(
        rewriter, loc, resultType, flattenValues(adaptor.getDynamicSizes()));
    checkShapeFits(rewriter, loc, "dist.reshape", shape,
                   resultType.getElementType());
    checkSameSize(rewriter, loc,
                  elementCount(rewriter, loc,
                               knownShape(rewriter, loc,
                                          distType(op.getSource()),
                                          parts(adaptor.getSource()).globalShape)),
                  elementCount(rewriter, loc, shape),
                  "dist.reshape: the number of elements changes");
    replace(rewriter, op,
            redistribute(rewriter, op.getLoc(), parts(adaptor.getSource()),
                         distType(op.getSource()), resultType, shape));
    return success();
  }
};

struct PermuteLowering : public DistPattern<PermuteOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(PermuteOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DistTensorType resultType = distType(op.getResult());
    DistParts source = parts(adaptor.getSource());
    SmallVector<Value> shape;
    for (int64_t axis : op.getAxes())
      shape.push_back(source.globalShape[axis]);
    SmallVector<Value> known = knownShape(
        rewriter, loc, distType(op.getSource()), source.globalShape);
    checkStaticDims(rewriter, loc, "dist.permute", "permuted source",
                    llvm::map_to_vector(op.getAxes(),
                                        [&](int64_t axis) { return known[axis]; }),
                    resultType.getShape(), resultType);
    auto [offsets, sizes] = balancedBox(rewriter, loc, resultType, shape);
    auto copy = distruntime::CopyPermuteOp::create(
        rewriter, loc,
        TypeRange{distruntime::AsyncHandleType::get(getContext()),
                  resultType.getLocalType()},
        source.local, source.globalShape, source.offsets, offsets, sizes,
        op.getAxes(), distType(op.getSource()).getTeam());
    createAndWait(rewriter, copy);
    replace(rewriter, op, {copy.getNlArray(), shape, offsets});
    return success();
  }
};

struct RepartitionLowering : public DistPattern<RepartitionOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(RepartitionOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DistParts source = parts(adaptor.getSource());
    checkStaticDims(rewriter, op.getLoc(), "dist.repartition", "source",
                    knownShape(rewriter, op.getLoc(), distType(op.getSource()),
                               source.globalShape),
                    distType(op.getResult()).getShape(),
                    op.getResult().getType());
    DistParts result =
        toPartitionOf(rewriter, op.getLoc(), source, distType(op.getSource()),
                      distType(op.getResult()));
    result.local = castTo(rewriter, op.getLoc(), result.local,
                          distType(op.getResult()).getLocalType());
    replace(rewriter, op, result);
    return success();
  }
};

/// Copies the whole array to the ranks for which `wantsAll` is true (an
/// empty box for the others). The result has only dynamic dimensions.
Value gatherTo(OpBuilder &b, Location loc, const DistParts &source,
               DistTensorType type, Value wantsAll) {
  Value zero = indexConst(b, loc, 0);
  SmallVector<Value> offsets(source.rank(), zero), sizes;
  for (Value size : source.globalShape)
    sizes.push_back(wantsAll ? arith::SelectOp::create(b, loc, wantsAll, size,
                                                       zero)
                                   .getResult()
                             : size);
  return fetchBox(b, loc, source, type, offsets, sizes);
}

struct GatherLowering : public DistPattern<GatherOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(GatherOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    DistParts source = parts(adaptor.getSource());
    auto resultType = cast<RankedTensorType>(op.getResult().getType());
    checkStaticDims(rewriter, op.getLoc(), "dist.gather", "source",
                    knownShape(rewriter, op.getLoc(), distType(op.getSource()),
                               source.globalShape),
                    resultType.getShape(), resultType);
    Value all = gatherTo(rewriter, op.getLoc(), source,
                         distType(op.getSource()), Value());
    rewriter.replaceOp(op, castTo(rewriter, op.getLoc(), all,
                                  op.getResult().getType()));
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Stencils
//===----------------------------------------------------------------------===//

/// The extended tensor of `halos` (the local part grown by its widths) as
/// `resultType`, checked against its static sizes.
Value assembleExtended(OpBuilder &b, Location loc, const HaloedPart &halos,
                       RankedTensorType resultType, StringRef opName) {
  SmallVector<Value> begin, sizes;
  for (auto [d, size] : llvm::enumerate(tensorSizes(b, loc, halos.local))) {
    begin.push_back(indexConst(b, loc, 0));
    int64_t width = halos.low[d] + halos.high[d];
    std::optional<int64_t> constant = getConstantIntValue(size);
    sizes.push_back(constant ? indexConst(b, loc, *constant + width)
                             : arith::AddIOp::create(
                                   b, loc, size, indexConst(b, loc, width))
                                   .getResult());
  }
  // The verifier compares static result sizes with static source sizes
  // only; a `?` source must match the result's static size at run time.
  for (auto [d, dim] : llvm::enumerate(resultType.getShape()))
    if (!ShapedType::isDynamic(dim))
      checkSameSize(b, loc, sizes[d], indexConst(b, loc, dim),
                    (opName + ": the extended size along dimension " +
                     Twine(d) + " differs from the result type's")
                        .str());
  return castTo(b, loc,
                extendedWindow(b, loc, halos, begin, sizes, /*thin=*/false),
                resultType);
}

/// The local part grown by low/high in every dimension: rows of other ranks
/// through update_halo, `fill` outside the global array.
struct ExtendLowering : public DistPattern<ExtendOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(ExtendOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    HaloedPart halos = exchangeHalos(
        rewriter, loc, parts(adaptor.getSource()), distType(op.getSource()),
        op.getLow(), op.getHigh(), adaptor.getFill().front(),
        op.getPeriodic() ? (int64_t(1) << op.getLow().size()) - 1 : 0);
    rewriter.replaceOp(
        op, assembleExtended(rewriter, loc, halos,
                             cast<RankedTensorType>(op.getResult().getType()),
                             "dist.extend"));
    return success();
  }
};

/// A shift that distc-form-stencils did not group: the window of its own
/// extended tensor (one exchange for this shift alone).
struct ShiftLowering : public DistPattern<ShiftOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(ShiftOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getPeriodic())
      return failure(); // PeriodicLowering.cpp
    Location loc = op.getLoc();
    DistParts source = parts(adaptor.getSource());
    SmallVector<int64_t> low, high;
    SmallVector<Value> begin;
    for (int64_t offset : op.getOffsets()) {
      low.push_back(std::max<int64_t>(0, -offset));
      high.push_back(std::max<int64_t>(0, offset));
      // extended[x + low + offset] with low + offset = max(offset, 0).
      begin.push_back(indexConst(rewriter, loc, std::max<int64_t>(0, offset)));
    }
    // A shift along one split dimension reads no corner: the faces do.
    HaloedPart halos = exchangeHalos(
        rewriter, loc, source, distType(op.getSource()), low, high,
        adaptor.getFill().front(), /*periodic=*/0,
        shiftReadsCorner(distType(op.getSource()), 0, op.getOffsets()));
    Value window = extendedWindow(rewriter, loc, halos, begin,
                                  tensorSizes(rewriter, loc, source.local),
                                  /*thin=*/false);
    source.local = castTo(rewriter, loc, window,
                          distType(op.getResult()).getLocalType());
    replace(rewriter, op, source);
    return success();
  }
};

/// The halo exchange of a dist.halo; its value is the HaloedPart (the
/// source's parts, the fill and the halo rows, see convertHaloType).
struct HaloLowering : public DistPattern<HaloOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(HaloOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto type = cast<HaloType>(op.getResult().getType());
    DistParts source = parts(adaptor.getSource());
    HaloedPart halos =
        exchangeHalos(rewriter, op.getLoc(), source, type.getSourceType(),
                      type.getLow(), type.getHigh(), adaptor.getFill().front(),
                      type.getPeriodic(), type.getCorners());
    SmallVector<Value> values = source.flatten();
    values.push_back(halos.fill);
    if (halos.lowHalo)
      llvm::append_range(values, ValueRange{halos.lowHalo, halos.highHalo});
    llvm::append_range(values, halos.slabs);
    rewriter.replaceOpWithMultiple(op, {values});
    return success();
  }
};

/// The converted values of a !dist.halo: the source's parts
/// (DistParts::flatten), then the fill value, then the low and high halo
/// rows when the type has rows along dimension 0, or the slabs of a grid
/// halo (usesGridHalo; numGridSlabs of them).
void convertHaloType(HaloType type, SmallVectorImpl<Type> &results) {
  DistTensorType source = type.getSourceType();
  DistParts::convertType(source, results);
  results.push_back(source.getElementType());
  auto slab = RankedTensorType::get(
      SmallVector<int64_t>(type.getRank(), ShapedType::kDynamic),
      source.getElementType());
  if (type.hasHaloRows())
    results.append(2, slab);
  else if (usesGridHalo(source, type.getLow(), type.getHigh(),
                        type.getPeriodic()))
    results.append(numGridSlabs(type.getLow(), type.getHigh()), slab);
}

/// The source's parts and the HaloedPart of converted !dist.halo values.
std::pair<DistParts, HaloedPart> unflattenHalo(OpBuilder &b, Location loc,
                                               HaloType type,
                                               ValueRange values) {
  unsigned n = DistParts::numValues(type.getRank());
  DistParts source = DistParts::unflatten(values.take_front(n));
  HaloedPart halos;
  halos.local = source.local;
  halos.low.assign(type.getLow().begin(), type.getLow().end());
  halos.high.assign(type.getHigh().begin(), type.getHigh().end());
  halos.fill = values[n];
  halos.periodic = type.getPeriodic();
  halos.corners = type.getCorners();
  if (type.hasHaloRows()) {
    halos.lowHalo = values[n + 1];
    halos.highHalo = values[n + 2];
  } else if (usesGridHalo(type.getSourceType(), type.getLow(),
                          type.getHigh(), type.getPeriodic())) {
    llvm::append_range(halos.slabs, values.drop_front(n + 1));
    std::vector<SmallVector<Value>> sizes;
    gridSlabBoxes(b, loc, source, type.getLow(), type.getHigh(),
                  type.getPeriodic(), type.getCorners(), halos.slabOrigins,
                  sizes);
  }
  return {source, halos};
}

/// The interior of this rank's part, then the frame (Stencil.h).
struct StencilLowering : public DistPattern<StencilOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(StencilOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    DistTensorType resultType = distType(op.getResult());
    SmallVector<DistParts> inputs;
    SmallVector<DistTensorType> types;
    // One HaloedPart per halo value, at a stable address: the frame
    // builds one window per part and slab for all the shifts of it.
    SmallVector<HaloedPart, 4> halos;
    halos.reserve(op.getInputs().size());
    llvm::SmallDenseMap<Value, const HaloedPart *> partOf;
    SmallVector<StencilOperand> operands;
    for (auto [i, input, values] :
         llvm::enumerate(op.getInputs(), adaptor.getInputs())) {
      types.push_back(op.getInputTensorType(i));
      StencilOperand operand;
      if (auto halo = dyn_cast<HaloType>(input.getType())) {
        auto [source, part] = unflattenHalo(rewriter, loc, halo, values);
        inputs.push_back(source);
        const HaloedPart *&shared = partOf[input];
        if (!shared) {
          halos.push_back(std::move(part));
          shared = &halos.back();
        }
        operand.part = shared;
        operand.shift = SmallVector<int64_t>(op.getShift(i));
      } else {
        inputs.push_back(parts(values));
      }
      operands.push_back(operand);
    }
    // Every input has the result's partition (verifier): no copies.
    SmallVector<DistParts> aligned =
        alignOperands(rewriter, loc, op, inputs, types, resultType);
    for (auto [operand, parts] : llvm::zip(operands, aligned))
      if (!operand.part)
        operand.local = parts.local;
    DistParts result{Value(), aligned[0].globalShape, aligned[0].offsets};
    SmallVector<Value> sizes = tensorSizes(rewriter, loc, aligned[0].local);
    result.local = splitElementwise(
        rewriter, loc, operands, resultType.getLocalType(), sizes,
        result.offsets,
        [&](OpBuilder &b, Location, ValueRange args, GlobalIndexFn globalIndex) {
          return inlineBody(b, op.getBody(), args, globalIndex);
        });
    replace(rewriter, op, result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

struct PrintLowering : public DistPattern<PrintOp> {
  using DistPattern::DistPattern;
  LogicalResult
  matchAndRewrite(PrintOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (printsThroughRuntime(op.getValue().getType(), op.isFormatted()))
      return failure(); // FormattedPrintLowering (IOLowering.cpp)
    Location loc = op.getLoc();
    OpBuilder &b = rewriter;
    Value value = adaptor.getValue().front();
    int64_t team = op.getTeam();
    auto type = dyn_cast<DistTensorType>(op.getValue().getType());
    if (type)
      team = type.getTeam();
    Value isRoot =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                              teamMember(b, loc, team), indexConst(b, loc, 0));
    if (type)
      value = gatherTo(b, loc, parts(adaptor.getValue()), type, isRoot);
    scf::IfOp::create(b, loc, isRoot, [&](OpBuilder &then, Location thenLoc) {
      emitPrint(then, thenLoc, value);
      scf::YieldOp::create(then, thenLoc);
    });
    rewriter.eraseOp(op);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Whether `type` is a distributed tensor whose blocks the program chose
/// (`irregular`, dist.from_local).
bool isIrregular(Type type) {
  auto dist = dyn_cast<DistTensorType>(type);
  return dist && !dist.getBalanced();
}

/// The locations of the dist ops that read or produce irregular tensors.
/// The ops their patterns create keep the op's location (named after it,
/// nameLocationsAfterOps), so after the conversion these locations find the
/// redistributions that move irregular blocks.
DenseSet<Location> irregularOpLocations(Operation *root) {
  DenseSet<Location> locations;
  root->walk([&](Operation *op) {
    if (!isa_and_nonnull<DistDialect>(op->getDialect()))
      return;
    if (llvm::any_of(op->getOperandTypes(), isIrregular) ||
        llvm::any_of(op->getResultTypes(), isIrregular))
      locations.insert(op->getLoc());
  });
  return locations;
}

/// Marks the copies and 1-D halos at `locations` `irregular`: the runtime
/// must not reuse their plans without the team's agreement (a rank whose
/// run-time block equals its balanced one would skip the agreement that
/// the ranks whose blocks changed wait in). Two ops that share a location
/// (none, or one inlined twice) are both marked when one is irregular: the
/// cost is an agreement per call, never a wrong result.
void markIrregularRedistributions(Operation *root,
                                  const DenseSet<Location> &locations) {
  if (locations.empty())
    return;
  root->walk([&](Operation *op) {
    if (!locations.contains(op->getLoc()))
      return;
    if (auto copy = dyn_cast<distruntime::CopyReshapeOp>(op))
      copy.setIrregular(true);
    else if (auto permute = dyn_cast<distruntime::CopyPermuteOp>(op))
      permute.setIrregular(true);
    else if (auto halo = dyn_cast<distruntime::UpdateHaloOp>(op))
      halo.setIrregular(true);
  });
}

struct ConvertDistToDistRuntimePass
    : public distc::impl::ConvertDistToDistRuntimeBase<
          ConvertDistToDistRuntimePass> {
  using Base::Base;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    nameLocationsAfterOps(getOperation());
    DenseSet<Location> irregular = irregularOpLocations(getOperation());

    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion(
        [](DistTensorType type, SmallVectorImpl<Type> &results) {
          DistParts::convertType(type, results);
          return success();
        });
    converter.addConversion(
        [](HaloType type, SmallVectorImpl<Type> &results) {
          convertHaloType(type, results);
          return success();
        });

    ConversionTarget target(*context);
    RewritePatternSet patterns(context);
    populateStructuralTypeConversions(converter, patterns, target);
    target.addIllegalDialect<DistDialect>();
    populateDistToDistRuntimePatterns(converter, patterns);
    populateProgramPatterns(converter, patterns);
    populateIOPatterns(converter, patterns);
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      return signalPassFailure();
    // Boxes empty along a static dimension give slices that hold nothing
    // and that MLIR 22's slice verifier may reject (EmptySlices.h).
    dropEmptySlices(getOperation());
    markIrregularRedistributions(getOperation(), irregular);
  }
};

} // namespace

void mlir::distc::populateDistToDistRuntimePatterns(
    TypeConverter &converter, RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  populateCreationPatterns(converter, patterns);
  populateReductionPatterns(converter, patterns);
  populateScanPatterns(converter, patterns);
  populateSlicePatterns(converter, patterns);
  populatePeriodicPatterns(converter, patterns);
  populateMatmulPatterns(converter, patterns);
  populateAccumulatingPermutePatterns(converter, patterns);
  patterns.add<LocalLowering, GlobalDimLowering, LocalOffsetLowering,
               WithLocalLowering, ReshapeLowering, PermuteLowering,
               RepartitionLowering, GatherLowering, PrintLowering,
               ElementwiseLowering, ExtendLowering, ShiftLowering,
               HaloLowering, StencilLowering,
               BinaryLowering<AddOp, arith::AddFOp, arith::AddIOp, complex::AddOp>,
               BinaryLowering<SubOp, arith::SubFOp, arith::SubIOp, complex::SubOp>,
               BinaryLowering<MulOp, arith::MulFOp, arith::MulIOp, complex::MulOp>,
               BinaryLowering<DivOp, arith::DivFOp, arith::DivSIOp, complex::DivOp>,
               BinaryLowering<MaxOp, arith::MaximumFOp, arith::MaxSIOp>,
               BinaryLowering<MinOp, arith::MinimumFOp, arith::MinSIOp>>(
      converter, context);
}
