//===- IDTRCallBuilder.cpp - one IDTR runtime call at an op ---------------===//
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

#include "passes/Conversion/DistRuntimeToIDTR/IDTRCallBuilder.h"

#include "dialect/DistRuntime/DistRuntime.h"
#include "runtime/include/idtr/idtr.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::distruntime;

namespace mlir::distc::idtr_lowering {

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

bool hasIrregularBlocks(Operation *op) {
  if (auto copy = dyn_cast<CopyReshapeOp>(op))
    return copy.getIrregular();
  if (auto permute = dyn_cast<CopyPermuteOp>(op))
    return permute.getIrregular();
  if (auto halo = dyn_cast<UpdateHaloOp>(op))
    return halo.getIrregular();
  return false;
}

std::optional<std::string> runtimePosition(Location loc) {
  std::optional<std::string> position;
  loc->walk([&](Location inner) {
    auto file = dyn_cast<FileLineColLoc>(inner);
    if (!file)
      return WalkResult::advance();
    position = (file.getFilename().getValue() + ":" + Twine(file.getLine()) +
                ":" + Twine(file.getColumn()))
                   .str();
    return WalkResult::interrupt();
  });
  return position;
}

std::optional<std::string> runtimeLocation(Operation *op) {
  std::optional<std::string> position = runtimePosition(op->getLoc());
  if (!position)
    return std::nullopt;
  std::string name;
  op->getLoc()->walk([&](Location inner) {
    // Only op names ("dialect.op"), not names a user gave a location.
    if (auto named = dyn_cast<NameLoc>(inner)) {
      StringRef text = named.getName().getValue();
      if (text.contains('.') && !text.contains(' ')) {
        name = text.str();
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  if (name.empty())
    name = op->getName().getStringRef().str();
  return *position + ": " + name;
}

Value IDTRCallBuilder::indexList(ValueRange values) {
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
  // The ABI's Index argument: memref<*xindex> (not a data array).
  return memref::CastOp::create(
      rewriter, loc, UnrankedMemRefType::get(rewriter.getIndexType(), 0),
      buffer);
}

Value IDTRCallBuilder::indexList(ArrayRef<int64_t> constants) {
  SmallVector<Value> values = llvm::map_to_vector(
      constants, [&](int64_t c) { return indexConstant(c); });
  return indexList(values);
}

Value IDTRCallBuilder::castBuffer(Value buffer, Type type) {
  if (buffer.getType() == type)
    return buffer;
  return memref::CastOp::create(rewriter, loc, type, buffer);
}

Value IDTRCallBuilder::readOnlyBuffer(Value value) {
  auto type = cast<ShapedType>(value.getType());
  int64_t rank = type.getRank();
  auto layout = StridedLayoutAttr::get(
      rewriter.getContext(), ShapedType::kDynamic,
      SmallVector<int64_t>(rank, ShapedType::kDynamic));
  auto memrefType =
      MemRefType::get(type.getShape(), type.getElementType(), layout);
  // A bufferized op's array: the buffer itself, in the same layout.
  if (isa<BaseMemRefType>(type))
    return castBuffer(value, memrefType);
  return bufferization::ToBufferOp::create(rewriter, loc, memrefType, value,
                                           /*read_only=*/true);
}

Value IDTRCallBuilder::destinationBuffer(Value value) {
  // A bufferized op's accumulator is the buffer to write: bufferization
  // copied it first where the old contents are read later.
  if (isa<BaseMemRefType>(value.getType()))
    return value;
  auto type = cast<RankedTensorType>(value.getType());
  auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
  return bufferization::ToBufferOp::create(rewriter, loc, memrefType, value,
                                           /*read_only=*/false);
}

Value IDTRCallBuilder::allocate(ShapedType type, ValueRange sizes) {
  SmallVector<Value> dynamicSizes;
  for (auto [dim, size] : llvm::zip(type.getShape(), sizes))
    if (ShapedType::isDynamic(dim))
      dynamicSizes.push_back(size);
  auto memrefType = MemRefType::get(type.getShape(), type.getElementType());
  return memref::AllocOp::create(rewriter, loc, memrefType, dynamicSizes);
}

Value IDTRCallBuilder::outputTensor(Value buffer, Type tensorType) {
  // A bufferized op's result is the buffer (valid after the wait, as the
  // op's result was), cast to the result's layout.
  if (isa<BaseMemRefType>(tensorType))
    return castBuffer(buffer, tensorType);
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

Operation *IDTRCallBuilder::waitOfOutputs() const {
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

Value IDTRCallBuilder::unranked(Value memref) {
  auto type = cast<MemRefType>(memref.getType());
  Value cast = memref::CastOp::create(
      rewriter, loc, UnrankedMemRefType::get(type.getElementType(), 0), memref);
  if (!type.getElementType().isIndex())
    return cast;
  // An index array goes to the i64 entry point (getIDTRTypeSuffix): the
  // descriptors of memref<*xindex> and memref<*xi64> are the same once
  // lowered (index is 64 bits wide), and this cast between them folds
  // away with the lowering's own (reconcile-unrealized-casts).
  return UnrealizedConversionCastOp::create(
             rewriter, loc, UnrankedMemRefType::get(rewriter.getI64Type(), 0),
             cast)
      .getResult(0);
}

/// Every runtime call that starts an operation is its own site, also when
/// one op makes several (a dist.add that moves both operands) or one op is
/// inlined twice. The runtime reuses a plan without asking the other ranks
/// only at the site that built it (CallSite.h, siteKey), which is sound
/// only if a site gives every rank the same boxes each time; two calls
/// sharing a site did not (the second, from irregular blocks, found the
/// first's balanced plan on the ranks whose block happened to be the
/// balanced one, and skipped the agreement the other ranks waited in).
Value IDTRCallBuilder::siteString(StringRef text) {
  return createDistinctStringConstant(rewriter, loc,
                                      op->getParentOfType<ModuleOp>(),
                                      "__distc_loc_", text);
}

func::CallOp IDTRCallBuilder::call(IDTRFunction function, ValueRange operands,
                                   Type elementType) {
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

LogicalResult IDTRCallBuilder::replaceByStart(IDTRFunction function,
                                              ValueRange operands, Value out,
                                              ShapedType outType) {
  Value handle =
      call(function, operands, outType.getElementType()).getResult(0);
  rewriter.replaceOp(op, {handle, outputTensor(out, outType)});
  return success();
}

} // namespace mlir::distc::idtr_lowering
