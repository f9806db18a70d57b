//===- LowerDistRuntimeToIDTR.cpp - distruntime -> IDTR runtime calls -----===//
//
// One conversion pattern per distruntime op. Every pattern builds the
// runtime call through IDTRCallBuilder, which owns the conventions of the
// ABI: unranked memref descriptors for tensors and index lists, output
// buffers allocated here and handed back as tensors.
//
// Source locations: before every call that starts an operation, the
// lowering emits `_idtr_set_location("prog.mlir:10:8: dist.gather")`, a
// pointer store in the runtime, so that run-time errors and statistics name
// the user's op (docs/runtime.md, "Locations").
//
// Buffer lifetime: outputs are memref.alloc'ed here and wrapped with
// `bufferization.to_tensor restrict writable`; buffer deallocation frees an
// owned buffer at the end of the block that defines it, after the wait that
// the contract requires in that block (see docs/distruntime-notes.md).
//
//===----------------------------------------------------------------------===//

#include "passes/IDTRRuntimeAPI.h"
#include "passes/Passes.h"
#include "passes/TensorSizes.h"

#include "dialect/DistRuntime/DistRuntime.h"
#include "runtime/include/idtr/idtr.h"

#include "passes/Conversion/StructuralTypeConversion.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/xxhash.h"

namespace mlir::distc {
#define GEN_PASS_DEF_LOWERDISTRUNTIMETOIDTR
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::distruntime;

namespace {

/// The distruntime.wait of `op`'s handle (its result 0) if it is the
/// handle's only user and follows `op` in its block; otherwise null.
Operation *waitLaterInBlock(Operation *op) {
  if (op->getNumResults() == 0 ||
      !isa<AsyncHandleType>(op->getResult(0).getType()) ||
      !op->getResult(0).hasOneUse())
    return nullptr;
  Operation *wait = *op->getResult(0).getUsers().begin();
  if (!isa<WaitOp>(wait) || wait->getBlock() != op->getBlock() ||
      !op->isBeforeInBlock(wait))
    return nullptr;
  return wait;
}

// The reduction kinds have the values of the runtime's reduction codes
// (dialect/DistRuntime/ReduceKind.td): the code is the kind's value.
static_assert(static_cast<int32_t>(ReduceKind::max) == IDTR_MAX &&
                  static_cast<int32_t>(ReduceKind::mean) == IDTR_MEAN &&
                  static_cast<int32_t>(ReduceKind::min) == IDTR_MIN &&
                  static_cast<int32_t>(ReduceKind::prod) == IDTR_PROD &&
                  static_cast<int32_t>(ReduceKind::sum) == IDTR_SUM &&
                  static_cast<int32_t>(ReduceKind::band) == IDTR_BAND &&
                  static_cast<int32_t>(ReduceKind::bor) == IDTR_BOR &&
                  static_cast<int32_t>(ReduceKind::bxor) == IDTR_BXOR,
              "ReduceKind.td and idtr.h number the reductions differently");

int32_t reductionCode(ReduceKind kind) { return static_cast<int32_t>(kind); }

/// Whether `op` redistributes blocks that are not functions of the global
/// shapes (the `irregular` attribute of the copies and the 1-D halo).
bool hasIrregularBlocks(Operation *op) {
  if (auto copy = dyn_cast<CopyReshapeOp>(op))
    return copy.getIrregular();
  if (auto permute = dyn_cast<CopyPermuteOp>(op))
    return permute.getIrregular();
  if (auto halo = dyn_cast<UpdateHaloOp>(op))
    return halo.getIrregular();
  return false;
}

/// The location string of `op` for the runtime, "file:line:col: name", or
/// std::nullopt if its location has no file position. The position is the
/// first FileLineColLoc of the location tree - the user's op: the dist
/// lowering keeps it, inlining puts it first in a CallSiteLoc (the callee
/// position), and a FusedLoc of merged ops starts with the first of them.
/// The name is that of the user's op, which the dist lowering records as a
/// NameLoc ("dist.gather") around the location of every op it lowers; an op
/// written at the distruntime level is named itself.
std::optional<std::string> runtimeLocation(Operation *op) {
  std::optional<std::string> position;
  std::string name;
  op->getLoc()->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      if (!position)
        position = (file.getFilename().getValue() + ":" +
                    Twine(file.getLine()) + ":" + Twine(file.getColumn()))
                       .str();
    } else if (auto named = dyn_cast<NameLoc>(inner)) {
      // Only op names ("dialect.op"), not names a user gave a location.
      StringRef text = named.getName().getValue();
      if (name.empty() && text.contains('.') && !text.contains(' '))
        name = text.str();
    }
    return position && !name.empty() ? WalkResult::interrupt()
                                     : WalkResult::advance();
  });
  if (!position)
    return std::nullopt;
  if (name.empty())
    name = op->getName().getStringRef().str();
  return *position + ": " + name;
}

/// Builds the operands of one IDTR call at the position of the op being
/// lowered, and the call itself.
class IDTRCallBuilder {
public:
  IDTRCallBuilder(ConversionPatternRewriter &rewriter, Operation *op)
      : rewriter(rewriter), op(op), loc(op->getLoc()) {}

  Value i64Constant(int64_t value) {
    return arith::ConstantIntOp::create(rewriter, loc, value, 64);
  }
  Value i32Constant(int32_t value) {
    return arith::ConstantIntOp::create(rewriter, loc, value, 32);
  }
  Value indexConstant(int64_t value) {
    return arith::ConstantIndexOp::create(rewriter, loc, value);
  }

  /// A memref<*xindex> holding `values`. The buffer is a memref.alloca in the
  /// entry block of the enclosing function, so it is allocated once per call
  /// of the function, not once per iteration of a loop around the op (which
  /// distc-loop-stack-scopes would then have to give back every iteration).
  /// The runtime copies the values during the call.
  Value indexList(ValueRange values) {
    auto type = MemRefType::get({static_cast<int64_t>(values.size())},
                                rewriter.getIndexType());
    Value buffer;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      Operation *scope = op->getParentOfType<FunctionOpInterface>();
      if (!scope)
        scope = op->getParentWithTrait<OpTrait::AutomaticAllocationScope>();
      if (scope && !scope->getRegion(0).empty())
        rewriter.setInsertionPointToStart(&scope->getRegion(0).front());
      buffer = memref::AllocaOp::create(rewriter, loc, type);
    }
    for (auto [i, value] : llvm::enumerate(values))
      memref::StoreOp::create(rewriter, loc, value, buffer,
                              ValueRange{indexConstant(i)});
    return unranked(buffer);
  }

  Value indexList(ArrayRef<int64_t> constants) {
    SmallVector<Value> values = llvm::map_to_vector(
        constants, [&](int64_t c) { return indexConstant(c); });
    return indexList(values);
  }

  /// The buffer behind tensor `value`, read-only. The fully dynamic layout
  /// accepts whatever buffer bufferization assigns.
  Value readOnlyBuffer(Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    int64_t rank = type.getRank();
    auto layout = StridedLayoutAttr::get(
        rewriter.getContext(), ShapedType::kDynamic,
        SmallVector<int64_t>(rank, ShapedType::kDynamic));
    auto memrefType =
        MemRefType::get(type.getShape(), type.getElementType(), layout);
    return bufferization::ToBufferOp::create(rewriter, loc, memrefType, value,
                                             /*read_only=*/true);
  }

  /// readOnlyBuffer as memref<*xT>, the runtime's input argument.
  Value inputArray(Value value) { return unranked(readOnlyBuffer(value)); }

  /// The buffer behind tensor `value` that the runtime will write (the
  /// accumulator of an accumulating copy), in the identity layout of the
  /// buffers `allocate` makes. Without `read_only`, bufferization counts the
  /// op as a write of `value`: it hands over `value`'s own buffer when
  /// nothing reads `value` (or a tensor sharing its buffer) later, and a
  /// copy otherwise.
  Value destinationBuffer(Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
    return bufferization::ToBufferOp::create(rewriter, loc, memrefType, value,
                                             /*read_only=*/false);
  }

  /// A new buffer of tensor type `type`; `sizes` gives every dimension (the
  /// dynamic ones are used).
  Value allocate(RankedTensorType type, ValueRange sizes) {
    SmallVector<Value> dynamicSizes;
    for (auto [dim, size] : llvm::zip(type.getShape(), sizes))
      if (ShapedType::isDynamic(dim))
        dynamicSizes.push_back(size);
    auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
    return memref::AllocOp::create(rewriter, loc, memrefType, dynamicSizes);
  }

  /// The tensor view of an output buffer that the runtime fills, defined
  /// where the buffer holds its final contents: right after the op's wait
  /// when that is known (waitOfOutputs), else right after the call.
  ///
  /// A tensor is a value: a tensor-level rewrite may move a pure user of it
  /// up to its definition. Defined after the call, the view let upstream's
  /// eliminate-empty-tensors move a tensor.insert_slice of a copy's output
  /// above the wait (to build the destination of a later linalg.fill
  /// earlier), so the slice was copied before the runtime had received it.
  Value outputTensor(Value buffer, Type tensorType) {
    OpBuilder::InsertionGuard guard(rewriter);
    Operation *wait = waitOfOutputs();
    if (wait)
      // After the outputs placed there before (in the op's result order).
      rewriter.setInsertionPointAfter(lastAfterWait ? lastAfterWait : wait);
    auto view = bufferization::ToTensorOp::create(rewriter, loc, tensorType,
                                                  buffer, /*restrict=*/true,
                                                  /*writable=*/true);
    if (wait)
      lastAfterWait = view;
    return view;
  }

  /// The distruntime.wait of the op's handle if it is the handle's only
  /// user, follows the op in its block and precedes (in that block) every
  /// user of the op's other results; otherwise null (a handle that leaves
  /// the block, or a loop that carries it: the outputs are then defined at
  /// the call, as the values that flow with the handle).
  Operation *waitOfOutputs() const {
    Operation *wait = waitLaterInBlock(op);
    if (!wait)
      return nullptr;
    Block *block = op->getBlock();
    for (Value result : op->getResults().drop_front())
      for (Operation *user : result.getUsers()) {
        Operation *inBlock = block->findAncestorOpInBlock(*user);
        if (!inBlock || !wait->isBeforeInBlock(inBlock))
          return nullptr;
      }
    return wait;
  }

  Value unranked(Value memref) {
    auto type = cast<MemRefType>(memref.getType());
    return memref::CastOp::create(
        rewriter, loc, UnrankedMemRefType::get(type.getElementType(), 0),
        memref);
  }

  /// The location string `text` of this call, in a private constant of
  /// its own: every runtime call that starts an operation is its own site,
  /// also when one op makes several (a dist.add that moves both operands)
  /// or one op is inlined twice. The runtime reuses a plan without asking
  /// the other ranks only at the site that built it (CallSite.h, siteKey),
  /// which is sound only if a site gives every rank the same boxes each
  /// time; two calls sharing a site did not (the second, from irregular
  /// blocks, found the first's balanced plan on the ranks whose block
  /// happened to be the balanced one, and skipped the agreement the other
  /// ranks waited in).
  Value siteString(StringRef text) {
    return createDistinctStringConstant(rewriter, loc,
                                        op->getParentOfType<ModuleOp>(),
                                        "__distc_loc_", text);
  }

  /// Calls `function` (typed by `elementType` if it is a typed entry point).
  /// A call that starts an operation is preceded by `_idtr_set_location`
  /// (cheaper than an extra argument of every entry point: one store, and
  /// the typed ABI stays as it is).
  func::CallOp call(IDTRFunction function, ValueRange operands,
                    Type elementType = {}) {
    if (getIDTREffect(function) == IDTREffect::Starts) {
      if (std::optional<std::string> text = runtimeLocation(op)) {
        IDTRDeclaration setLocation =
            getIDTRDeclaration(rewriter.getContext(), IDTRFunction::SetLocation);
        func::CallOp::create(rewriter, loc, setLocation.name, TypeRange{},
                             ValueRange{siteString(*text)});
      }
      // Blocks the program chose at run time: no plan reuse without the
      // team's agreement (idtr.h, IDTR_CALL_IRREGULAR).
      if (hasIrregularBlocks(op)) {
        IDTRDeclaration setFlags = getIDTRDeclaration(
            rewriter.getContext(), IDTRFunction::SetCallFlags);
        func::CallOp::create(rewriter, loc, setFlags.name, TypeRange{},
                             ValueRange{i64Constant(IDTR_CALL_IRREGULAR)});
      }
    }
    IDTRDeclaration decl =
        getIDTRDeclaration(rewriter.getContext(), function, elementType);
    return func::CallOp::create(rewriter, loc, decl.name,
                                decl.type.getResults(), operands);
  }

  /// Replaces the op, which starts an operation with one output, by the
  /// handle that `function` returns and the tensor of `out` (the buffer of
  /// `outType` that the runtime fills; see outputTensor).
  LogicalResult replaceByStart(IDTRFunction function, ValueRange operands,
                               Value out, RankedTensorType outType) {
    Value handle =
        call(function, operands, outType.getElementType()).getResult(0);
    rewriter.replaceOp(op, {handle, outputTensor(out, outType)});
    return success();
  }

  ConversionPatternRewriter &rewriter;
  Operation *op;
  /// The last output tensor that outputTensor defined after the wait.
  Operation *lastAfterWait = nullptr;
  Location loc;
};

struct CopyReshapeLowering : public OpConversionPattern<CopyReshapeOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CopyReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    RankedTensorType outType = op.getNlArray().getType();
    Value out = b.allocate(outType, adaptor.getNlShape());
    return b.replaceByStart(
        IDTRFunction::CopyReshape,
        {b.i64Constant(op.getTeam()), b.indexList(adaptor.getGShape()),
         b.indexList(adaptor.getLOffsets()), b.inputArray(adaptor.getLArray()),
         b.indexList(adaptor.getNgShape()), b.indexList(adaptor.getNlOffsets()),
         b.unranked(out)},
        out, outType);
  }
};

/// Whether `value` has a use that may run after `op` (anything but `op`
/// itself and ops before it in its block).
bool usedAfter(Value value, Operation *op) {
  return llvm::any_of(value.getUses(), [&](OpOperand &use) {
    if (use.getOwner() == op)
      return false;
    Operation *inBlock = op->getBlock()->findAncestorOpInBlock(*use.getOwner());
    return !inBlock || !inBlock->isBeforeInBlock(op);
  });
}

/// copy_permute fills a new buffer. With `add_into %acc` the runtime adds
/// into an existing one (`_idtr_copy_permute_add_T`):
///
/// - %acc used after the op: into a copy of %acc made here, a fresh buffer
///   the result alone views (what bufferization would otherwise make, once
///   for the runtime's write and once for the result);
/// - otherwise into %acc's own buffer (destinationBuffer): bufferization
///   still copies it first if a tensor sharing it is read later. The result
///   is that buffer after the wait, materialized in %acc by a linalg.copy
///   into %acc: a copy of the buffer onto itself, which canonicalization
///   erases, but which tells bufferization that the result lives in %acc's
///   buffer. A bare `to_tensor restrict` would claim a buffer of its own,
///   and a later in-place write into a tensor that shares %acc's buffer
///   (a linalg.fill of the value %acc was computed in place from) would
///   overwrite the result unseen.
struct CopyPermuteLowering : public OpConversionPattern<CopyPermuteOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(CopyPermuteOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    Location loc = op.getLoc();
    RankedTensorType outType = op.getNlArray().getType();
    Value acc = adaptor.getAcc();
    bool inPlace = acc && !usedAfter(op.getAcc(), op);
    Value input, out;
    if (acc) {
      // The input's buffer first: when the accumulator is the same tensor,
      // the read precedes the write in place (the runtime copies an input
      // that shares memory with its output).
      input = b.inputArray(adaptor.getLArray());
      if (inPlace) {
        out = b.destinationBuffer(acc);
      } else {
        out = b.allocate(outType, adaptor.getNlShape());
        memref::CopyOp::create(rewriter, loc, b.readOnlyBuffer(acc), out);
      }
    } else {
      out = b.allocate(outType, adaptor.getNlShape());
      input = b.inputArray(adaptor.getLArray());
    }
    Value handle =
        b.call(acc ? IDTRFunction::CopyPermuteAdd : IDTRFunction::CopyPermute,
               {b.i64Constant(op.getTeam()), b.indexList(adaptor.getGShape()),
                b.indexList(adaptor.getLOffsets()), input,
                b.indexList(adaptor.getNlOffsets()), b.unranked(out),
                b.indexList(op.getAxes())},
               outType.getElementType())
            .getResult(0);
    Value result = b.outputTensor(out, outType);
    if (inPlace) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointAfterValue(result);
      result = linalg::CopyOp::create(rewriter, loc, result, acc).getResult(0);
    }
    rewriter.replaceOp(op, {handle, result});
    return success();
  }
};

/// The team member number `value` (an index) as the ABI's int64_t.
static Value memberNumber(ConversionPatternRewriter &rewriter, Location loc,
                          Value value) {
  return arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(),
                                    value);
}

/// allreduce and reduce: `function` fills a new buffer of the input's
/// shape; `root` is reduce's (null for allreduce).
template <typename ReductionOp>
LogicalResult lowerReduction(ReductionOp op, Value input, Value root,
                             IDTRFunction function,
                             ConversionPatternRewriter &rewriter) {
  IDTRCallBuilder b(rewriter, op);
  RankedTensorType outType = op.getResult().getType();
  Value out = b.allocate(outType, tensorSizes(rewriter, op.getLoc(), input));
  SmallVector<Value> operands{b.i64Constant(op.getTeam())};
  if (root)
    operands.push_back(memberNumber(rewriter, op.getLoc(), root));
  operands.append({b.inputArray(input), b.unranked(out),
                   b.i32Constant(reductionCode(op.getKind()))});
  return b.replaceByStart(function, operands, out, outType);
}

struct AllReduceLowering : public OpConversionPattern<AllReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(AllReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerReduction(op, adaptor.getInput(), Value(),
                          IDTRFunction::AllReduce, rewriter);
  }
};

struct SendLowering : public OpConversionPattern<SendOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SendOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    Value handle =
        b.call(IDTRFunction::Send,
               {b.i64Constant(op.getTeam()),
                memberNumber(rewriter, op.getLoc(), adaptor.getPeer()),
                b.inputArray(adaptor.getInput())},
               op.getInput().getType().getElementType())
            .getResult(0);
    rewriter.replaceOp(op, handle);
    return success();
  }
};

struct RecvLowering : public OpConversionPattern<RecvOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(RecvOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    RankedTensorType outType = op.getResult().getType();
    Value out = b.allocate(
        outType, tensorSizes(rewriter, op.getLoc(), adaptor.getLike()));
    return b.replaceByStart(
        IDTRFunction::Recv,
        {b.i64Constant(op.getTeam()),
         memberNumber(rewriter, op.getLoc(), adaptor.getPeer()),
         b.unranked(out)},
        out, outType);
  }
};

struct ReduceLowering : public OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return lowerReduction(op, adaptor.getInput(), adaptor.getRoot(),
                          IDTRFunction::Reduce, rewriter);
  }
};

struct BcastPanelLowering : public OpConversionPattern<BcastPanelOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(BcastPanelOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    Location loc = op.getLoc();
    RankedTensorType panelType = op.getPanel().getType();
    Value out = b.allocate(panelType, adaptor.getSizes());
    auto i64 = [&](Value v) {
      return arith::IndexCastOp::create(rewriter, loc, rewriter.getI64Type(), v)
          .getResult();
    };
    return b.replaceByStart(
        IDTRFunction::BcastPanel,
        {b.i64Constant(op.getTeam()), i64(adaptor.getExtent()),
         b.i64Constant(op.getDim()), b.inputArray(adaptor.getLocal()),
         i64(adaptor.getStart()), b.unranked(out)},
        out, panelType);
  }
};

/// `v` as `base + offset` through arith.addi / arith.subi of constants
/// (std::nullopt if the offsets overflow).
std::optional<std::pair<Value, int64_t>> splitOffset(Value v) {
  int64_t offset = 0;
  while (true) {
    std::optional<int64_t> c;
    Value base;
    if (auto add = v.getDefiningOp<arith::AddIOp>()) {
      if ((c = getConstantIntValue(add.getRhs())))
        base = add.getLhs();
      else if ((c = getConstantIntValue(add.getLhs())))
        base = add.getRhs();
    } else if (auto sub = v.getDefiningOp<arith::SubIOp>()) {
      if ((c = getConstantIntValue(sub.getRhs())) && *c != INT64_MIN) {
        base = sub.getLhs();
        c = -*c;
      }
    }
    if (!base)
      return std::make_pair(v, offset);
    if (llvm::AddOverflow(offset, *c, offset))
      return std::nullopt;
    v = base;
  }
}

/// `v` without an outer clamp `Clamp(v, bound)` (either operand order),
/// where `isBound` recognises the bound.
template <typename Clamp>
Value stripClamp(Value v, llvm::function_ref<bool(Value)> isBound) {
  if (auto clamp = v.getDefiningOp<Clamp>()) {
    if (isBound(clamp.getRhs()))
      return clamp.getLhs();
    if (isBound(clamp.getLhs()))
      return clamp.getRhs();
  }
  return v;
}

/// The halo widths of `op` when they are compile-time constants: when its
/// bounding box along dimension 0 is, as IR, the rows
/// [own - low, own + rows + high) clipped (or not) to [0, gShape[0]), with
/// `own` = l_offs[0], `rows` the local part's extent (tensor.dim, the size
/// of the slice it is, or static)
/// and constant `low`, `high` >= 0 -- the form that the dist and shard
/// lowerings emit (idtr/detail/HaloRows.h, haloBox). The same op runs on
/// every rank of the team with the same constants, so the widths are equal
/// on all ranks and at every call: what the runtime's key promises.
std::optional<std::pair<int64_t, int64_t>> staticHaloWidths(UpdateHaloOp op) {
  if (op.getBbOffsets().empty() || op.getLOffsets().empty() ||
      op.getGShape().empty())
    return std::nullopt;
  Value own = op.getLOffsets()[0], rows0 = op.getGShape()[0];
  auto isZero = [](Value v) { return isConstantIntValue(v, 0); };
  auto isRows0 = [&](Value v) {
    std::optional<int64_t> c = getConstantIntValue(v);
    return v == rows0 || (c && c == getConstantIntValue(rows0));
  };
  Value begin = op.getBbOffsets()[0];
  std::optional<std::pair<Value, int64_t>> lo =
      splitOffset(stripClamp<arith::MaxSIOp>(begin, isZero));
  if (!lo || lo->first != own || lo->second > 0)
    return std::nullopt;
  // bb_sizes[0] = max(end - begin, 0) with end = min(own + rows + high, n).
  auto size =
      stripClamp<arith::MaxSIOp>(op.getBbSizes()[0], isZero).getDefiningOp<arith::SubIOp>();
  if (!size || size.getRhs() != begin)
    return std::nullopt;
  std::optional<std::pair<Value, int64_t>> hi =
      splitOffset(stripClamp<arith::MinSIOp>(size.getLhs(), isRows0));
  if (!hi)
    return std::nullopt;
  // The local part's rows: its tensor.dim, or the size of the slice that
  // made it (what the shard lowering passes).
  auto isLocalRows = [&](Value v) {
    if (auto dim = v.getDefiningOp<tensor::DimOp>())
      return dim.getSource() == op.getLArray() &&
             isConstantIntValue(dim.getIndex(), 0);
    auto slice = op.getLArray().getDefiningOp<tensor::ExtractSliceOp>();
    return slice && slice.getSourceType().getRank() == slice.getType().getRank() &&
           llvm::dyn_cast_if_present<Value>(slice.getMixedSizes()[0]) == v;
  };
  int64_t high = hi->second;
  auto type = cast<RankedTensorType>(op.getLArray().getType());
  if (auto sum = hi->first.getDefiningOp<arith::AddIOp>()) {
    if (!((sum.getLhs() == own && isLocalRows(sum.getRhs())) ||
          (sum.getRhs() == own && isLocalRows(sum.getLhs()))))
      return std::nullopt;
  } else if (hi->first != own || type.isDynamicDim(0) ||
             llvm::SubOverflow(high, type.getDimSize(0), high)) {
    return std::nullopt;
  }
  if (high < 0)
    return std::nullopt;
  return std::make_pair(-lo->second, high);
}

/// The runtime's key for `op` (idtr.h, idtr_halo_key): its own `key`
/// attribute if it has one, else the static widths with the call site
/// (a hash of its location), else -1 (the runtime then agrees with the team
/// on every call).
int64_t haloKey(UpdateHaloOp op) {
  if (std::optional<int64_t> key = op.getKey())
    return *key;
  std::optional<std::pair<int64_t, int64_t>> widths = staticHaloWidths(op);
  if (!widths)
    return -1;
  std::string site = runtimeLocation(op).value_or("");
  return idtr_halo_key(static_cast<uint32_t>(llvm::xxh3_64bits(site)),
                       widths->first, widths->second);
}

struct UpdateHaloLowering : public OpConversionPattern<UpdateHaloOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(UpdateHaloOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    Location loc = op.getLoc();
    ValueRange bbOffsets = adaptor.getBbOffsets(), bbSizes = adaptor.getBbSizes();
    // Rows of the box [bbBegin, bbEnd) before this rank's rows [own, ownEnd)
    // go to the left halo, rows after them to the right halo.
    Value zero = b.indexConstant(0);
    Value bbBegin = bbOffsets[0];
    Value bbEnd = arith::AddIOp::create(rewriter, loc, bbBegin, bbSizes[0]);
    Value own = adaptor.getLOffsets()[0];
    Value ownEnd =
        arith::AddIOp::create(rewriter, loc, own, tensorSizes(rewriter, loc, adaptor.getLArray())[0]);
    Value leftEnd = arith::MinSIOp::create(rewriter, loc, own, bbEnd);
    Value leftRows = arith::MaxSIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, leftEnd, bbBegin),
        zero);
    Value rightBegin = arith::MaxSIOp::create(rewriter, loc, ownEnd, bbBegin);
    Value rightRows = arith::MaxSIOp::create(
        rewriter, loc, arith::SubIOp::create(rewriter, loc, bbEnd, rightBegin),
        zero);

    SmallVector<Value> leftSizes(bbSizes), rightSizes(bbSizes);
    leftSizes[0] = leftRows;
    rightSizes[0] = rightRows;
    RankedTensorType leftType = op.getLHalo().getType();
    RankedTensorType rightType = op.getRHalo().getType();
    Value left = b.allocate(leftType, leftSizes);
    Value right = b.allocate(rightType, rightSizes);
    Value handle =
        b.call(IDTRFunction::UpdateHalo,
               {b.i64Constant(op.getTeam()), b.indexList(adaptor.getGShape()),
                b.indexList(adaptor.getLOffsets()),
                b.inputArray(adaptor.getLArray()), b.indexList(bbOffsets),
                b.indexList(bbSizes), b.unranked(left), b.unranked(right),
                b.i64Constant(haloKey(op))},
               leftType.getElementType())
            .getResult(0);
    rewriter.replaceOp(op, {handle, b.outputTensor(left, leftType),
                            b.outputTensor(right, rightType)});
    return success();
  }
};

/// update_grid_halo: one call; the widths are operands of the call, so the
/// key needs only the call site (idtr_grid_halo_key).
struct UpdateGridHaloLowering : public OpConversionPattern<UpdateGridHaloOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(UpdateGridHaloOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    SmallVector<int64_t> widths;
    for (auto [lo, hi] : llvm::zip(op.getLow(), op.getHigh()))
      llvm::append_range(widths, ArrayRef<int64_t>{lo, hi});
    int64_t key = op.getKey().value_or(idtr_grid_halo_key(static_cast<uint32_t>(
        llvm::xxh3_64bits(runtimeLocation(op).value_or("")))));
    RankedTensorType haloType = op.getHalo().getType();
    Value halo = b.allocate(haloType, {adaptor.getHaloSize()});
    Value handle =
        b.call(IDTRFunction::UpdateGridHalo,
               {b.i64Constant(op.getTeam()), b.indexList(adaptor.getGShape()),
                b.indexList(adaptor.getLOffsets()),
                b.inputArray(adaptor.getLArray()), b.indexList(adaptor.getGrid()),
                b.indexList(op.getSplit()), b.indexList(widths),
                b.unranked(halo), b.i64Constant(op.getPeriodic()),
                b.i64Constant(op.getCorners() ? 1 : 0), b.i64Constant(key)},
               haloType.getElementType())
            .getResult(0);
    rewriter.replaceOp(op, {handle, b.outputTensor(halo, haloType)});
    return success();
  }
};

struct WaitLowering : public OpConversionPattern<WaitOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(WaitOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    b.call(IDTRFunction::Wait, {adaptor.getHandle()});
    rewriter.eraseOp(op);
    return success();
  }
};

template <typename QueryOp, IDTRFunction function>
struct TeamQueryLowering : public OpConversionPattern<QueryOp> {
  using OpConversionPattern<QueryOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(QueryOp op, typename QueryOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    Value result = b.call(function, {b.i64Constant(op.getTeam())}).getResult(0);
    rewriter.replaceOpWithNewOp<arith::IndexCastOp>(
        op, rewriter.getIndexType(), result);
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Sub-grid teams (shard front end)
//===----------------------------------------------------------------------===//

struct DefineSubgridTeamLowering
    : public OpConversionPattern<DefineSubgridTeamOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(DefineSubgridTeamOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    IDTRCallBuilder b(rewriter, op);
    b.call(IDTRFunction::DefineSubgridTeam,
           {b.i64Constant(op.getTeam()), b.indexList(op.getGridShape()),
            b.indexList(op.getAxes())});
    rewriter.eraseOp(op);
    return success();
  }
};

/// Reports every distruntime op whose element type has no runtime entry
/// point. Checked before conversion so the user gets one clear message per
/// op instead of a failed legalization.
LogicalResult checkElementTypes(ModuleOp module) {
  bool ok = true;
  module.walk([&](Operation *op) {
    if (!isa<DistRuntimeDialect>(op->getDialect()))
      return;
    for (Value v : op->getOperands()) {
      auto type = dyn_cast<RankedTensorType>(v.getType());
      if (!type || getIDTRTypeSuffix(type.getElementType()))
        continue;
      op->emitError() << "element type " << type.getElementType()
                      << " has no IDTR runtime entry point (supported: "
                      << getIDTRSupportedTypesList() << ")";
      ok = false;
      return;
    }
  });
  return success(ok);
}

/// Moves the pure ops that use an operation's outputs between the operation
/// and its wait (a tensor.cast the dist lowering made before the overlap
/// pass moved the wait down) to just after the wait, in their order, so
/// that outputTensor can define the output tensors there. With such a user
/// in between, the outputs were defined at the call, and bufferization
/// placed a copy of an output (the initial value of a loop that also reads
/// it afterwards) at that definition, before the wait: the copy read the
/// buffer before the runtime had filled it. Leaves the block as it is when
/// a user in between has effects or regions (the contract forbids reading
/// an output before its wait; check-waits reports it).
void sinkOutputUsersBelowWait(Operation *op) {
  Operation *wait = waitLaterInBlock(op);
  if (!wait || op->getNumResults() < 2)
    return;
  llvm::SmallPtrSet<Operation *, 8> users = {op};
  SmallVector<Operation *> sink;
  for (Operation *it = op->getNextNode(); it != wait;
       it = it->getNextNode()) {
    bool usesOutputs = false;
    it->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (Operation *def = operand.getDefiningOp();
            def && users.contains(def) && operand != op->getResult(0))
          usesOutputs = true;
    });
    if (!usesOutputs)
      continue;
    if (it->getNumRegions() != 0 || !isMemoryEffectFree(it))
      return;
    users.insert(it);
    sink.push_back(it);
  }
  Operation *after = wait;
  for (Operation *user : sink) {
    user->moveAfter(after);
    after = user;
  }
}

struct LowerDistRuntimeToIDTRPass
    : public distc::impl::LowerDistRuntimeToIDTRBase<LowerDistRuntimeToIDTRPass> {
  using Base::Base;

  /// The location strings are llvm.mlir.global constants.
  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    registry.insert<LLVM::LLVMDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    // Calls resolve in the nearest symbol table: declare the ABI in the
    // module and in every nested module that holds distruntime ops.
    llvm::SetVector<ModuleOp> scopes;
    scopes.insert(module);
    module.walk([&](Operation *op) {
      if (isa<DistRuntimeDialect>(op->getDialect()))
        scopes.insert(op->getParentOfType<ModuleOp>());
    });
    for (ModuleOp scope : scopes)
      for (const IDTRDeclaration &decl :
           getIDTRDeclarations(context, IDTRDeclarer::LowerDistRuntimeToIDTR))
        if (failed(lookupOrDeclareIDTRFunction(scope, decl)))
          return signalPassFailure();
    // Shard front end: the sub-grid team entry point, only where it is used
    // (IDTRDeclarer::LowerDistRuntimeToIDTRWhereUsed in the ABI table): the
    // ABI every dist program declares stays the same.
    bool failedDecl = false;
    module.walk([&](DefineSubgridTeamOp op) {
      if (failed(lookupOrDeclareIDTRFunction(
              op->getParentOfType<ModuleOp>(),
              getIDTRDeclaration(context, IDTRFunction::DefineSubgridTeam))))
        failedDecl = true;
    });
    // The call flags, likewise only where a call has irregular blocks.
    module.walk([&](Operation *op) {
      if (hasIrregularBlocks(op) &&
          failed(lookupOrDeclareIDTRFunction(
              op->getParentOfType<ModuleOp>(),
              getIDTRDeclaration(context, IDTRFunction::SetCallFlags))))
        failedDecl = true;
    });
    // Accumulating permutes (dist.add of a dist.permute), likewise.
    module.walk([&](CopyPermuteOp op) {
      Type element = op.getNlArray().getType().getElementType();
      // (Unsupported element types are reported by checkElementTypes.)
      if (op.accumulates() && getIDTRTypeSuffix(element) &&
          failed(lookupOrDeclareIDTRFunction(
              op->getParentOfType<ModuleOp>(),
              getIDTRDeclaration(context, IDTRFunction::CopyPermuteAdd, element))))
        failedDecl = true;
    });
    // SUMMA's panel broadcasts, likewise only where dist.matmul uses them.
    module.walk([&](BcastPanelOp op) {
      if (failed(lookupOrDeclareIDTRFunction(
              op->getParentOfType<ModuleOp>(),
              getIDTRDeclaration(context, IDTRFunction::BcastPanel,
                                 op.getPanel().getType().getElementType()))))
        failedDecl = true;
    });
    // Point-to-point and reduce-to-root (shard front end), likewise.
    module.walk([&](Operation *op) {
      std::optional<IDTRFunction> function;
      Type element;
      if (auto send = dyn_cast<SendOp>(op)) {
        function = IDTRFunction::Send;
        element = send.getInput().getType().getElementType();
      } else if (auto recv = dyn_cast<RecvOp>(op)) {
        function = IDTRFunction::Recv;
        element = recv.getResult().getType().getElementType();
      } else if (auto reduce = dyn_cast<ReduceOp>(op)) {
        function = IDTRFunction::Reduce;
        element = reduce.getResult().getType().getElementType();
      }
      // (Unsupported element types are reported by checkElementTypes.)
      if (function && getIDTRTypeSuffix(element) &&
          failed(lookupOrDeclareIDTRFunction(
              op->getParentOfType<ModuleOp>(),
              getIDTRDeclaration(context, *function, element))))
        failedDecl = true;
    });
    if (failedDecl)
      return signalPassFailure();
    if (failed(checkElementTypes(module)))
      return signalPassFailure();
    module.walk([](Operation *op) {
      if (isa<DistRuntimeDialect>(op->getDialect()))
        sinkOutputUsersBelowWait(op);
    });

    TypeConverter converter;
    converter.addConversion([](Type type) { return type; });
    converter.addConversion([](AsyncHandleType type) -> Type {
      return IntegerType::get(type.getContext(), 64);
    });

    ConversionTarget target(*context);
    RewritePatternSet patterns(context);
    populateStructuralTypeConversions(converter, patterns, target);
    target.addIllegalDialect<DistRuntimeDialect>();
    populateDistRuntimeToIDTRPatterns(converter, patterns);
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void mlir::distc::populateDistRuntimeToIDTRPatterns(
    TypeConverter &typeConverter, RewritePatternSet &patterns) {
  patterns.add<BcastPanelLowering>(typeConverter, patterns.getContext());
  patterns.add<CopyReshapeLowering, CopyPermuteLowering, AllReduceLowering,
               UpdateHaloLowering, UpdateGridHaloLowering, WaitLowering,
               TeamQueryLowering<TeamSizeOp, IDTRFunction::NProcs>,
               TeamQueryLowering<TeamMemberOp, IDTRFunction::PRank>>(
      typeConverter, patterns.getContext());
  // Shard front end: sub-grid teams.
  patterns.add<DefineSubgridTeamLowering>(typeConverter, patterns.getContext());
  // Shard front end: point-to-point and reduce-to-root.
  patterns.add<SendLowering, RecvLowering, ReduceLowering>(
      typeConverter, patterns.getContext());
}
