//===- ShardCollectives.cpp - reductions, gathers, slices, rooted collectives ---===//
//
// Member functions of convert-shard-to-distruntime's Lowering
// (ShardLowering.h).
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/ShardToDistRuntime/ShardLowering.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <type_traits>

using namespace mlir;

namespace mlir::distc::shard_lowering {

static FailureOr<distruntime::ReduceKind> reduceKind(Operation *op,
                                                     shard::ReductionKind kind,
                                                     Type elementType) {
  switch (kind) {
  case shard::ReductionKind::Sum:
    return distruntime::ReduceKind::sum;
  case shard::ReductionKind::Average:
    if (!isa<FloatType>(elementType))
      break;
    return distruntime::ReduceKind::sum;
  case shard::ReductionKind::Max:
    return distruntime::ReduceKind::max;
  case shard::ReductionKind::Min:
    return distruntime::ReduceKind::min;
  case shard::ReductionKind::Product:
    return distruntime::ReduceKind::prod;
  // MPI's bitwise operators; on i1 the logical ones.
  case shard::ReductionKind::BitwiseAnd:
  case shard::ReductionKind::BitwiseOr:
  case shard::ReductionKind::BitwiseXor:
    if (!isa<IntegerType, IndexType>(elementType))
      break;
    return kind == shard::ReductionKind::BitwiseAnd  ? distruntime::ReduceKind::band
           : kind == shard::ReductionKind::BitwiseOr ? distruntime::ReduceKind::bor
                                                     : distruntime::ReduceKind::bxor;
  default:
    break;
  }
  return op->emitError("distc: reduction <")
         << shard::stringifyReductionKind(kind) << "> of " << elementType
         << " is not supported yet (sum, max, min, product are; average on "
            "floats; bitwise_and, bitwise_or, bitwise_xor on integers)";
}

FailureOr<Value> Lowering::reduce(Operation *op, Value input,
                                  shard::ReductionKind reduction, Group g,
                                  Value root) {
  auto type = cast<RankedTensorType>(input.getType());
  FailureOr<distruntime::ReduceKind> kind =
      reduceKind(op, reduction, type.getElementType());
  if (failed(kind))
    return failure();
  Location loc = op->getLoc();
  SmallVector<Type, 2> types{distruntime::AsyncHandleType::get(op->getContext()),
                             type};
  Value result;
  if (root) {
    // To the root only; the others' result is their input.
    auto start = distruntime::ReduceOp::create(rewriter, loc, types, *kind,
                                               input, root, g.team);
    mlir::distc::lowering::createAndWait(rewriter, start);
    result = start.getResult();
  } else {
    auto start = distruntime::AllReduceOp::create(rewriter, loc, types, *kind,
                                                  input, g.team);
    mlir::distc::lowering::createAndWait(rewriter, start);
    result = start.getResult();
  }
  if (reduction != shard::ReductionKind::Average)
    return result;
  // The mean of the group: the sum divided by its size, element-wise.
  Value count = arith::ConstantOp::create(
      rewriter, loc, FloatAttr::get(type.getElementType(), g.size));
  AffineMap id = rewriter.getMultiDimIdentityMap(type.getRank());
  SmallVector<utils::IteratorType> parallel(type.getRank(),
                                            utils::IteratorType::parallel);
  Value mean = linalg::GenericOp::create(
             rewriter, loc, type, ValueRange{}, ValueRange{result},
             ArrayRef<AffineMap>{id}, parallel,
             [&](OpBuilder &b, Location loc, ValueRange args) {
               linalg::YieldOp::create(
                   b, loc,
                   ValueRange{arith::DivFOp::create(b, loc, args[0], count)
                                  .getResult()});
             })
      .getResult(0);
  if (!root)
    return mean;
  Value isRoot = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                       g.index, root);
  return arith::SelectOp::create(rewriter, loc, isRoot, mean, result)
      .getResult();
}

// The input of a reduction in its accumulation type: upstream's result
// element type may differ from the input's (i8 -> i16, f32 -> f64), and the
// group then reduces in the result's type, so the elements are converted
// first (signed integers, as upstream's arith semantics).
static Value inAccumulationType(OpBuilder &b, Location loc, Value input,
                                RankedTensorType resultType) {
  auto inType = cast<RankedTensorType>(input.getType());
  Type to = resultType.getElementType();
  if (inType.getElementType() == to)
    return input;
  auto type = inType.clone(to);
  SmallVector<Value> dynamic;
  for (int64_t d = 0; d < inType.getRank(); ++d)
    if (inType.isDynamicDim(d))
      dynamic.push_back(tensor::DimOp::create(b, loc, input, d));
  Value init = tensor::EmptyOp::create(b, loc, type, dynamic);
  AffineMap id = b.getMultiDimIdentityMap(inType.getRank());
  SmallVector<utils::IteratorType> parallel(inType.getRank(),
                                            utils::IteratorType::parallel);
  return linalg::GenericOp::create(
             b, loc, type, ValueRange{input}, ValueRange{init},
             ArrayRef<AffineMap>{id, id}, parallel,
             [&](OpBuilder &nb, Location nloc, ValueRange args) {
               linalg::YieldOp::create(
                   nb, nloc,
                   ValueRange{convertScalarToDtype(nb, nloc, args[0], to,
                                                   /*isUnsignedCast=*/false)});
             })
      .getResult(0);
}

template <typename ReductionOp>
LogicalResult Lowering::beginReduction(ReductionOp op,
                                       std::optional<Group> &g) {
  StringRef name = op->getName().stripDialect();
  auto inType = dyn_cast<RankedTensorType>(op.getInput().getType());
  auto outType = dyn_cast<RankedTensorType>(op.getResult().getType());
  if (!inType || !outType)
    return op.emitError("distc: ")
           << name << " on memrefs is not supported; lower it before "
           << "bufferization";
  auto convertible = [](Type t) { return isa<IntegerType, FloatType>(t); };
  if (inType.getElementType() != outType.getElementType() &&
      !(convertible(inType.getElementType()) &&
        convertible(outType.getElementType())))
    return op.emitError("distc: ")
           << name << " from " << inType.getElementType() << " to "
           << outType.getElementType()
           << " is not supported (accumulation types convert between "
              "integers and floats only)";
  if (failed(reduceKind(op, op.getReduction(), outType.getElementType())))
    return failure();
  return beginCollective(op, g);
}

template <typename ReductionOp>
LogicalResult Lowering::lowerReduction(ReductionOp op) {
  std::optional<Group> g;
  if (failed(beginReduction(op, g)))
    return failure();
  if (!g)
    return success();
  Value root;
  if constexpr (std::is_same_v<ReductionOp, shard::ReduceOp>) {
    FailureOr<GridInfo> info = grid(op, op.getGridAttr());
    if (failed(info))
      return failure();
    root = rootIndex(op.getLoc(), *info, op.getGridAxes(), op.getRoot(),
                     op.getRootDynamic());
  }
  Value input = inAccumulationType(
      rewriter, op.getLoc(), op.getInput(),
      cast<RankedTensorType>(op.getResult().getType()));
  FailureOr<Value> result = reduce(op, input, op.getReduction(), *g, root);
  if (failed(result))
    return failure();
  rewriter.replaceOp(op, *result);
  return success();
}

LogicalResult Lowering::lower(shard::ReduceScatterOp op) {
  std::optional<Group> g;
  if (failed(beginReduction(op, g)))
    return failure();
  if (!g)
    return success();
  // The group's reduction, of which this process keeps its block along the
  // scatter axis.
  Value input = inAccumulationType(
      rewriter, op.getLoc(), op.getInput(),
      cast<RankedTensorType>(op.getResult().getType()));
  FailureOr<Value> sum = reduce(op, input, op.getReduction(), *g);
  if (failed(sum))
    return failure();
  return replaceBySlice(op, *sum, op.getScatterAxis().getSExtValue(), *g);
}

LogicalResult Lowering::lower(shard::AllGatherOp op) {
  return lowerGather(op);
}

template <typename GatherOp>
LogicalResult Lowering::lowerGather(GatherOp op) {
  auto resultType = dyn_cast<RankedTensorType>(op.getResult().getType());
  if (!resultType)
    return op.emitError("distc: ")
           << op->getName().stripDialect() << " needs a ranked tensor result";
  std::optional<Group> g;
  if (failed(beginCollective(op, g)))
    return failure();
  if (!g)
    return success();
  if constexpr (std::is_same_v<GatherOp, shard::GatherOp>)
    return gatherToRoot(op, *g);
  Location loc = op.getLoc();
  Value input = op.getInput();
  int64_t axis = op.getGatherAxis().getSExtValue();
  int64_t rank = resultType.getRank();
  // Blocks along the gather axis in group order, balanced as the shard
  // dialect defines them (equal when the size divides): the global array is
  // the result, this rank's box starts at its block's offset; every rank
  // receives the whole array (overlapping target boxes).
  FailureOr<Value> total = gatheredSize(op, input, resultType, axis, *g);
  if (failed(total))
    return failure();
  SmallVector<Value> global, offsets, zeros;
  for (int64_t d = 0; d < rank; ++d) {
    global.push_back(d == axis ? *total : dimSize(loc, input, d));
    offsets.push_back(d == axis ? balancedBlock(loc, *total,
                                                constant(loc, g->size),
                                                g->index)
                                      .first
                                : constant(loc, 0));
    zeros.push_back(constant(loc, 0));
  }
  Value copy = mlir::distc::lowering::copyReshapeAndWait(
      rewriter, loc, resultType, input, global, offsets, global, zeros, global,
      g->team);
  rewriter.replaceOp(op, copy);
  return success();
}

LogicalResult Lowering::gatherToRoot(shard::GatherOp op, Group g) {
  Location loc = op.getLoc();
  Value input = op.getInput();
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  int64_t axis = op.getGatherAxis().getSExtValue();
  FailureOr<GridInfo> info = grid(op, op.getGridAttr());
  if (failed(info))
    return failure();
  Value root = rootIndex(loc, *info, op.getGridAxes(), op.getRoot(),
                         op.getRootDynamic());
  Value isRoot = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                       g.index, root);
  FailureOr<Value> total = gatheredSize(op, input, resultType, axis, g);
  if (failed(total))
    return failure();
  // Every member's block at its balanced offset in the global array, as
  // all_gather; only the root's target box is the whole array, the others'
  // is empty along the gather axis (no data is sent to them).
  SmallVector<Value> global, offsets, zeros, sizes;
  for (int64_t d = 0; d < resultType.getRank(); ++d) {
    Value zero = constant(loc, 0);
    global.push_back(d == axis ? *total : dimSize(loc, input, d));
    offsets.push_back(d == axis ? balancedBlock(loc, *total,
                                                constant(loc, g.size), g.index)
                                      .first
                                : zero);
    zeros.push_back(zero);
    sizes.push_back(d == axis ? arith::SelectOp::create(rewriter, loc, isRoot,
                                                        *total, zero)
                                    .getResult()
                              : global.back());
  }
  SmallVector<int64_t> boxShape(resultType.getShape());
  boxShape[axis] = ShapedType::kDynamic;
  auto boxType = RankedTensorType::get(boxShape, resultType.getElementType());
  Value copy = mlir::distc::lowering::copyReshapeAndWait(
      rewriter, loc, boxType, input, global, offsets, global, zeros, sizes,
      g.team);
  // The root's box is the result; the others get an uninitialized tensor
  // of the result's type (their result is unspecified).
  SmallVector<Value> dynamicSizes;
  for (int64_t d = 0; d < resultType.getRank(); ++d)
    if (resultType.isDynamicDim(d))
      dynamicSizes.push_back(global[d]);
  // (The builder takes the result types from the yields.)
  auto select = scf::IfOp::create(
      rewriter, loc, isRoot,
      [&](OpBuilder &b, Location loc) {
        scf::YieldOp::create(
            b, loc,
            ValueRange{
                tensor::CastOp::create(b, loc, resultType, copy).getResult()});
      },
      [&](OpBuilder &b, Location loc) {
        scf::YieldOp::create(
            b, loc,
            ValueRange{tensor::EmptyOp::create(b, loc, resultType.getShape(),
                                               resultType.getElementType(),
                                               dynamicSizes)
                           .getResult()});
      });
  rewriter.replaceOp(op, select.getResult(0));
  return success();
}

LogicalResult Lowering::lower(shard::ShiftOp op) {
  FailureOr<GridInfo> info = grid(op, op.getGridAttr());
  if (failed(info) || failed(checkAxes(op, *info, op.getGridAxes())))
    return failure();
  // (The verifier makes shift_axis one of the grid_axes.)
  int64_t axis = op.getShiftAxis().getSExtValue();
  auto type = dyn_cast<RankedTensorType>(op.getInput().getType());
  auto resultType = dyn_cast<RankedTensorType>(op.getResult().getType());
  if (!type || !resultType)
    return op.emitError("distc: shift on memrefs is not supported; lower it "
                        "before bufferization");
  if (type.isDynamicDim(0))
    return op.emitError("distc: shift of a tensor whose dimension 0 is "
                        "dynamic is not supported yet");
  rewriter.setInsertionPoint(op);
  // Data moves along the shift axis only: the group is the processes that
  // share this one's indices along every other axis, whatever the other
  // grid_axes are.
  int16_t shiftAxis = static_cast<int16_t>(axis);
  Group g = group(op, *info, ArrayRef<int16_t>(shiftAxis));
  if (g.size == 1) {
    rewriter.replaceOpWithNewOp<tensor::CastOp>(op, resultType, op.getInput());
    return success();
  }
  Location loc = op.getLoc();
  // Member j receives the input of member j - offset (modulo the group size
  // with rotate). Without rotate, a member without a source keeps its own
  // input (upstream leaves its result unspecified).
  int64_t offset = op.getOffset();
  Value p = constant(loc, g.size);
  Value source;
  if (op.getRotate()) {
    int64_t back = ((-offset) % g.size + g.size) % g.size;
    source = arith::RemUIOp::create(
        rewriter, loc,
        arith::AddIOp::create(rewriter, loc, g.index, constant(loc, back)),
        p);
  } else {
    Value raw = arith::SubIOp::create(rewriter, loc, g.index,
                                      constant(loc, offset));
    Value valid = arith::AndIOp::create(
        rewriter, loc,
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::sge, raw,
                              constant(loc, 0)),
        arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::slt, raw,
                              p));
    source = arith::SelectOp::create(rewriter, loc, valid, raw, g.index);
  }
  // One global array: the members' inputs stacked along dimension 0 in
  // group order; this member's target box is its source's block.
  Value rows = constant(loc, type.getDimSize(0));
  SmallVector<Value> global, offsets, newOffsets, shape;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    Value size = dimSize(loc, op.getInput(), d);
    global.push_back(d == 0 ? arith::MulIOp::create(rewriter, loc, rows, p)
                                  .getResult()
                            : size);
    offsets.push_back(d == 0 ? arith::MulIOp::create(rewriter, loc, rows,
                                                     g.index)
                                   .getResult()
                             : constant(loc, 0));
    newOffsets.push_back(d == 0 ? arith::MulIOp::create(rewriter, loc, rows,
                                                        source)
                                      .getResult()
                                : constant(loc, 0));
    shape.push_back(size);
  }
  Value copy = mlir::distc::lowering::copyReshapeAndWait(
      rewriter, loc, type, op.getInput(), global, offsets, global, newOffsets,
      shape, g.team);
  rewriter.replaceOpWithNewOp<tensor::CastOp>(op, resultType, copy);
  return success();
}

LogicalResult Lowering::replaceBySlice(Operation *op, Value input, int64_t axis,
                                       Group g) {
  Location loc = op->getLoc();
  auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
  SmallVector<OpFoldResult> offsets, sizes, strides;
  for (int64_t d = 0; d < resultType.getRank(); ++d) {
    strides.push_back(rewriter.getIndexAttr(1));
    if (d != axis) {
      offsets.push_back(rewriter.getIndexAttr(0));
      sizes.push_back(
          resultType.isDynamicDim(d)
              ? OpFoldResult(dimSize(loc, input, d))
              : OpFoldResult(rewriter.getIndexAttr(resultType.getDimSize(d))));
      continue;
    }
    // Balanced blocks as the shard dialect defines them (equal when the
    // size divides; upstream's verifier rejects uneven static blocks).
    auto [offset, block] = balancedBlock(loc, dimSize(loc, input, d),
                                         constant(loc, g.size), g.index);
    offsets.push_back(offset);
    sizes.push_back(resultType.isDynamicDim(d)
                        ? OpFoldResult(block)
                        : OpFoldResult(
                              rewriter.getIndexAttr(resultType.getDimSize(d))));
  }
  rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(op, resultType, input,
                                                      offsets, sizes, strides);
  return success();
}

LogicalResult Lowering::lower(shard::AllSliceOp op) {
  std::optional<Group> g;
  if (failed(beginCollective(op, g)))
    return failure();
  if (!g)
    return success();
  // No communication: this process keeps block `index` of the slice axis.
  return replaceBySlice(op, op.getInput(), op.getSliceAxis().getSExtValue(),
                        *g);
}

LogicalResult Lowering::lower(shard::AllToAllOp op) {
  std::optional<Group> g;
  if (failed(beginCollective(op, g)))
    return failure();
  if (!g)
    return success();
  Location loc = op.getLoc();
  Value input = op.getInput();
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  int64_t split = op.getSplitAxis().getSExtValue();
  int64_t concat = op.getConcatAxis().getSExtValue();
  if (split == concat)
    return lowerBlockExchange(op, *g);
  // The inputs are the blocks of one global array split along concat_axis
  // (in group order); the results are the blocks of the same array split
  // along split_axis. That is a redistribution of one global array. Blocks
  // are balanced as the shard dialect defines them.
  Value r = g->index;
  Value p = constant(loc, g->size);
  FailureOr<Value> total = gatheredSize(op, input, resultType, concat, *g);
  if (failed(total))
    return failure();
  SmallVector<Value> global, offsets, newOffsets, newShape;
  for (int64_t d = 0; d < resultType.getRank(); ++d) {
    Value size = dimSize(loc, input, d);
    Value zero = constant(loc, 0);
    if (d == concat) {
      global.push_back(*total);
      offsets.push_back(balancedBlock(loc, *total, p, r).first);
      newOffsets.push_back(zero);
      newShape.push_back(*total);
    } else if (d == split) {
      auto [offset, block] = balancedBlock(loc, size, p, r);
      global.push_back(size);
      offsets.push_back(zero);
      newOffsets.push_back(offset);
      newShape.push_back(block);
    } else {
      global.push_back(size);
      offsets.push_back(zero);
      newOffsets.push_back(zero);
      newShape.push_back(size);
    }
  }
  Value copy = mlir::distc::lowering::copyReshapeAndWait(
      rewriter, loc, resultType, input, global, offsets, global, newOffsets,
      newShape, g->team);
  rewriter.replaceOp(op, copy);
  return success();
}

LogicalResult Lowering::lowerBlockExchange(shard::AllToAllOp op, Group g) {
  // Along one axis a: member i receives block i of every member's input,
  // in member order: result_i = [X_0[i], X_1[i], ...]. With the axis as
  // (P, b) (P blocks of b), the inputs are the slices J = j of one global
  // array (.., J, S, b, ..) and the results its slices S = i: one
  // redistribution, reshaped back.
  Location loc = op.getLoc();
  Value input = op.getInput();
  auto type = cast<RankedTensorType>(input.getType());
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  int64_t a = op.getSplitAxis().getSExtValue();
  int64_t procs = g.size;
  if (type.isDynamicDim(a) || type.getDimSize(a) % procs != 0)
    return op.emitError("distc: all_to_all with split_axis == concat_axis "
                        "needs a static size along it that the group's ")
           << procs << " processes divide (" << type.getDimSize(a) << ")";
  int64_t block = type.getDimSize(a) / procs;
  SmallVector<ReassociationIndices> groups;
  SmallVector<int64_t> inShape, outShape;
  SmallVector<Value> global, offsets, newOffsets, newSizes;
  Value zero = constant(loc, 0);
  for (int64_t d = 0; d < type.getRank(); ++d) {
    int64_t first = inShape.size();
    if (d != a) {
      groups.push_back({first});
      inShape.push_back(type.getDimSize(d));
      outShape.push_back(type.getDimSize(d));
      Value size = dimSize(loc, input, d);
      global.push_back(size);
      offsets.push_back(zero);
      newOffsets.push_back(zero);
      newSizes.push_back(size);
      continue;
    }
    groups.push_back({first, first + 1, first + 2});
    inShape.append({1, procs, block});
    outShape.append({procs, 1, block});
    global.append({constant(loc, procs), constant(loc, procs),
                   constant(loc, block)});
    offsets.append({g.index, zero, zero});
    newOffsets.append({zero, g.index, zero});
    newSizes.append({constant(loc, procs), constant(loc, 1),
                     constant(loc, block)});
  }
  auto expanded = RankedTensorType::get(inShape, type.getElementType());
  SmallVector<OpFoldResult> inSizes;
  for (auto [d, size] : llvm::enumerate(inShape))
    inSizes.push_back(ShapedType::isDynamic(size)
                          ? OpFoldResult(global[d])
                          : OpFoldResult(rewriter.getIndexAttr(size)));
  Value in = tensor::ExpandShapeOp::create(rewriter, loc, expanded, input,
                                           groups, inSizes);
  Value copy = mlir::distc::lowering::copyReshapeAndWait(
      rewriter, loc, RankedTensorType::get(outShape, type.getElementType()),
      in, global, offsets, global, newOffsets, newSizes, g.team);
  Value result = tensor::CollapseShapeOp::create(rewriter, loc, copy, groups);
  if (result.getType() != resultType)
    result = tensor::CastOp::create(rewriter, loc, resultType, result);
  rewriter.replaceOp(op, result);
  return success();
}

Value Lowering::rootIndex(Location loc, GridInfo info, ArrayRef<int16_t> axes,
                          ArrayRef<int64_t> root, ValueRange rootDynamic) {
  SmallVector<OpFoldResult> indices =
      getMixedValues(root, rootDynamic, rewriter);
  Value index = constant(loc, 0);
  for (auto [axis, at] : llvm::zip(axes, indices))
    index = arith::AddIOp::create(
        rewriter, loc,
        arith::MulIOp::create(rewriter, loc, index,
                              constant(loc, info.op.getShape()[axis])),
        getValueOrCreateConstantIndexOp(rewriter, loc, at));
  return index;
}

FailureOr<Value> Lowering::rootBox(Operation *op, Value input, Value isRoot) {
  auto type = cast<RankedTensorType>(input.getType());
  if (type.getRank() == 0)
    return op->emitError("distc: ")
           << op->getName().stripDialect()
           << " of a rank-0 tensor is not supported yet";
  Location loc = op->getLoc();
  SmallVector<OpFoldResult> offsets, sizes, strides;
  SmallVector<int64_t> shape(type.getShape());
  shape[0] = ShapedType::kDynamic;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    offsets.push_back(rewriter.getIndexAttr(0));
    strides.push_back(rewriter.getIndexAttr(1));
    Value size = dimSize(loc, input, d);
    sizes.push_back(d == 0 ? OpFoldResult(arith::SelectOp::create(
                                 rewriter, loc, isRoot, size, constant(loc, 0))
                                                  .getResult())
                           : OpFoldResult(type.isDynamicDim(d)
                                              ? OpFoldResult(size)
                                              : rewriter.getIndexAttr(
                                                    type.getDimSize(d))));
  }
  return tensor::ExtractSliceOp::create(
             rewriter, loc, RankedTensorType::get(shape, type.getElementType()),
             input, offsets, sizes, strides)
      .getResult();
}

template <typename RootedOp>
LogicalResult Lowering::copyFromRoot(RootedOp op,
                                     std::optional<int64_t> splitAxis) {
  std::optional<Group> g;
  if (failed(beginCollective(op, g)))
    return failure();
  if (!g)
    return success();
  Location loc = op.getLoc();
  FailureOr<Value> box = rootBox(op, *g);
  if (failed(box))
    return failure();
  auto resultType = cast<RankedTensorType>(op.getResult().getType());
  SmallVector<Value> global, zeros, offsets, sizes;
  for (int64_t d = 0; d < resultType.getRank(); ++d) {
    Value size = dimSize(loc, op.getInput(), d);
    global.push_back(size);
    zeros.push_back(constant(loc, 0));
    if (d != splitAxis) {
      offsets.push_back(constant(loc, 0));
      sizes.push_back(size);
      continue;
    }
    auto [offset, block] =
        balancedBlock(loc, size, constant(loc, g->size), g->index);
    offsets.push_back(offset);
    sizes.push_back(block);
  }
  Value copy = mlir::distc::lowering::copyReshapeAndWait(
      rewriter, loc, resultType, *box, global, zeros, global, offsets, sizes,
      g->team);
  rewriter.replaceOp(op, copy);
  return success();
}

LogicalResult Lowering::lower(shard::BroadcastOp op) {
  // One global array that only the root holds (the others contribute an
  // empty box); every member receives all of it: a redistribution.
  return copyFromRoot(op, std::nullopt);
}

LogicalResult Lowering::lower(shard::ScatterOp op) {
  // The root's input is the global array (the others contribute an empty
  // box); each member receives its balanced block along scatter_axis.
  return copyFromRoot(op, op.getScatterAxis().getSExtValue());
}


// The lower() overloads in ShardLowering.h call these for each op kind.
template LogicalResult Lowering::lowerReduction(shard::AllReduceOp);
template LogicalResult Lowering::lowerReduction(shard::ReduceOp);
template LogicalResult Lowering::lowerGather(shard::GatherOp);

} // namespace mlir::distc::shard_lowering
