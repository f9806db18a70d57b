//===- LoweringCommon.cpp - shared pieces of the dist lowering ------------===//

#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::dist;

namespace mlir::distc::lowering {

SmallVector<Value> flattenValues(ArrayRef<ValueRange> ranges) {
  SmallVector<Value> values;
  for (ValueRange range : ranges)
    values.append(range.begin(), range.end());
  return values;
}

DistTensorType distType(Value value) {
  return cast<DistTensorType>(value.getType());
}

Value inlineBody(OpBuilder &b, Region &region, ValueRange args,
                 GlobalIndexFn globalIndex) {
  Block &body = region.front();
  IRMapping mapping;
  mapping.map(body.getArguments(), args);
  for (Operation &op : body.without_terminator()) {
    if (auto index = dyn_cast<IndexOp>(op))
      mapping.map(index.getResult(), globalIndex(b, index.getDim()));
    else
      b.clone(op, mapping);
  }
  return mapping.lookupOrDefault(
      cast<YieldOp>(body.getTerminator()).getValue());
}

Value copyReshapeAndWait(OpBuilder &b, Location loc,
                         RankedTensorType resultType, Value input,
                         ValueRange shape, ValueRange offsets,
                         ValueRange newShape, ValueRange newOffsets,
                         ValueRange newSizes, int64_t team) {
  auto copy = distruntime::CopyReshapeOp::create(
      b, loc,
      TypeRange{distruntime::AsyncHandleType::get(b.getContext()), resultType},
      input, shape, offsets, newShape, newOffsets, newSizes, team);
  return createAndWait(b, copy).getNlArray();
}

Value fetchBox(OpBuilder &b, Location loc, const DistParts &source,
               DistTensorType type, ArrayRef<Value> offsets,
               ArrayRef<Value> sizes) {
  auto outType = RankedTensorType::get(
      SmallVector<int64_t>(source.rank(), ShapedType::kDynamic),
      type.getElementType());
  return copyReshapeAndWait(b, loc, outType, source.local, source.globalShape,
                            source.offsets, source.globalShape, offsets, sizes,
                            type.getTeam());
}

Value allReduce(OpBuilder &b, Location loc, ReduceKind kind, Value value,
                int64_t team) {
  auto op = distruntime::AllReduceOp::create(
      b, loc,
      TypeRange{distruntime::AsyncHandleType::get(b.getContext()),
                value.getType()},
      kind, value, team);
  return createAndWait(b, op).getResult();
}

namespace {

Value toI64(OpBuilder &b, Location loc, Value value) {
  Type i64 = b.getI64Type();
  if (value.getType().isIndex())
    return arith::IndexCastOp::create(b, loc, i64, value);
  unsigned width = value.getType().getIntOrFloatBitWidth();
  if (width < 64)
    return arith::ExtSIOp::create(b, loc, i64, value);
  return value;
}

/// Moves `b` to just after the last definition, in its insertion block, of
/// the non-constant `values` (to the block start if none is defined there).
/// A size check placed there, as early as its operands allow, does not
/// separate a communication's start from its wait, as it would if it stayed
/// at its op: the call it contains is a barrier to the overlap pass.
/// Constants are rematerialized there (`rematerialized`). The check then
/// fails before anything between its sizes and its op runs, which in a
/// program that would fail anyway only changes which output precedes the
/// error.
SmallVector<Value> hoistAfterDefinitions(OpBuilder &b, Location loc,
                                         ArrayRef<Value> values) {
  Block *block = b.getInsertionBlock();
  Operation *latest = nullptr;
  for (Value value : values) {
    Operation *def = value.getDefiningOp();
    if (!def || matchPattern(value, m_Constant()))
      continue;
    Operation *ancestor = block->findAncestorOpInBlock(*def);
    if (ancestor && (!latest || latest->isBeforeInBlock(ancestor)))
      latest = ancestor;
  }
  if (latest)
    b.setInsertionPointAfter(latest);
  else
    b.setInsertionPointToStart(block);
  SmallVector<Value> rematerialized;
  for (Value value : values) {
    std::optional<int64_t> constant = getConstantIntValue(value);
    rematerialized.push_back(
        constant && value.getType().isIndex() ? indexConst(b, loc, *constant)
                                              : value);
  }
  return rematerialized;
}

} // namespace

void checkAtRunTime(OpBuilder &b, Location loc, Value ok, StringRef message,
                    ValueRange values) {
  if (matchPattern(ok, m_One()))
    return;
  // The runtime-service op: the IDTR conversion emits the branch to the
  // runtime's failure path, and until then nothing moves or merges it.
  distruntime::CheckOp::create(b, loc, ok, message, values);
}

void checkSameSize(OpBuilder &b, Location loc, Value actual, Value expected,
                   StringRef message) {
  if (actual == expected)
    return;
  std::optional<int64_t> a = getConstantIntValue(actual),
                         e = getConstantIntValue(expected);
  if (a && e && *a == *e)
    return;
  OpBuilder::InsertionGuard guard(b);
  SmallVector<Value> sizes = hoistAfterDefinitions(b, loc, {actual, expected});
  Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, sizes[0],
                                   sizes[1]);
  checkAtRunTime(b, loc, ok, message, sizes);
}

void checkShapeFits(OpBuilder &b, Location loc, StringRef opName,
                    ArrayRef<Value> shape, Type elementType) {
  OpBuilder::InsertionGuard guard(b);
  SmallVector<Value> sizes = hoistAfterDefinitions(b, loc, shape);
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 64);
  Value alwaysFails = arith::ConstantIntOp::create(b, loc, 0, 1);
  // Sizes may have become constants after the verifier ran (folding):
  // those are checked here, and a constant that fails stops the program.
  SmallVector<Value> sizes64;
  for (auto [d, size] : llvm::enumerate(sizes)) {
    sizes64.push_back(toI64(b, loc, size));
    std::optional<int64_t> constant = getConstantIntValue(size);
    if (constant && *constant >= 0)
      continue;
    Value ok = constant ? alwaysFails
                        : arith::CmpIOp::create(b, loc,
                                                arith::CmpIPredicate::sge,
                                                sizes64.back(), zero)
                              .getResult();
    checkAtRunTime(b, loc, ok,
                   (opName + ": the size of dimension " + Twine(d) +
                    " is negative")
                       .str(),
                   {sizes64.back()});
  }
  auto complex = dyn_cast<ComplexType>(elementType);
  int64_t elementBytes =
      elementType.isIndex() ? 8
      : complex ? complex.getElementType().getIntOrFloatBitWidth() / 4
                : std::max<int64_t>(1, (elementType.getIntOrFloatBitWidth() + 7) / 8);
  std::string message = (opName + ": the tensor is too large: its size in "
                                  "bytes does not fit in int64")
                            .str();
  if (llvm::all_of(sizes, [](Value size) {
        return getConstantIntValue(size).has_value();
      })) {
    // Sizes are non-negative here; an empty dimension empties the tensor
    // whatever the product of the others.
    int64_t bytes = elementBytes;
    bool overflows = false, empty = false;
    for (Value size : sizes) {
      int64_t extent = std::max<int64_t>(0, *getConstantIntValue(size));
      empty |= extent == 0;
      overflows |= llvm::MulOverflow(bytes, extent, bytes);
    }
    if (overflows && !empty)
      checkAtRunTime(b, loc, alwaysFails, message);
    return;
  }
  // The byte count in 128-bit arithmetic: it fits if the high half is zero
  // and the low half is a non-negative int64 (the sizes are non-negative),
  // or if a size is 0 (an empty tensor, whatever the product of the others).
  Value bytes = arith::ConstantIntOp::create(b, loc, elementBytes, 64);
  Value fits = arith::ConstantIntOp::create(b, loc, 1, 1);
  Value empty = arith::ConstantIntOp::create(b, loc, 0, 1);
  for (Value size : sizes64) {
    empty = arith::OrIOp::create(
        b, loc, empty,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, size, zero));
    auto product = arith::MulUIExtendedOp::create(b, loc, bytes, size);
    Value highZero = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, product.getHigh(), zero);
    Value lowFits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                          product.getLow(), zero);
    fits = arith::AndIOp::create(
        b, loc, fits, arith::AndIOp::create(b, loc, highZero, lowFits));
    bytes = product.getLow();
  }
  checkAtRunTime(b, loc, arith::OrIOp::create(b, loc, fits, empty), message);
}

SmallVector<Value> knownShape(OpBuilder &b, Location loc, DistTensorType type,
                              ArrayRef<Value> shape) {
  SmallVector<Value> known(shape);
  for (auto [d, dim] : llvm::enumerate(type.getShape()))
    if (!ShapedType::isDynamic(dim))
      known[d] = indexConst(b, loc, dim);
  return known;
}

Value elementCount(OpBuilder &b, Location loc, ArrayRef<Value> sizes) {
  int64_t constant = 1;
  Value product;
  for (Value size : sizes) {
    if (std::optional<int64_t> c = getConstantIntValue(size)) {
      constant *= *c;
      continue;
    }
    product = product ? arith::MulIOp::create(b, loc, product, size).getResult()
                      : size;
  }
  Value factor = indexConst(b, loc, constant);
  if (!product)
    return factor;
  if (constant == 1)
    return product;
  return arith::MulIOp::create(b, loc, product, factor);
}

void checkSameShapes(OpBuilder &b, Location loc, StringRef opName,
                     ArrayRef<SmallVector<Value>> shapes,
                     ArrayRef<int64_t> resultShape) {
  for (size_t i = 1; i < shapes.size(); ++i)
    for (auto [d, size] : llvm::enumerate(shapes[i])) {
      std::string message =
          (opName + ": operand sizes differ along dimension " + Twine(d))
              .str();
      if (shapes.size() > 2)
        message += (" (operands #0 and #" + Twine(i) + ")").str();
      checkSameSize(b, loc, shapes[0][d], size, message);
    }
  if (shapes.empty())
    return;
  for (auto [d, dim] : llvm::enumerate(resultShape))
    if (!ShapedType::isDynamic(dim))
      checkSameSize(b, loc, shapes[0][d], indexConst(b, loc, dim),
                    (opName + ": the operand size along dimension " +
                     Twine(d) + " differs from the static result size")
                        .str());
}

void checkStaticDims(OpBuilder &b, Location loc, StringRef opName,
                     StringRef what, ArrayRef<Value> shape,
                     ArrayRef<int64_t> staticShape, Type type) {
  for (auto [d, dim] : llvm::enumerate(staticShape)) {
    if (ShapedType::isDynamic(dim) || d >= shape.size())
      continue;
    std::string typeText;
    llvm::raw_string_ostream os(typeText);
    os << type;
    checkSameSize(b, loc, shape[d], indexConst(b, loc, dim),
                  (opName + ": the " + what + " size along dimension " +
                   Twine(d) + " differs from " + typeText)
                      .str());
  }
}

void nameLocationsAfterOps(Operation *root) {
  root->walk([](Operation *op) {
    if (!isa_and_nonnull<dist::DistDialect>(op->getDialect()))
      return;
    if (auto named = dyn_cast<NameLoc>(op->getLoc()))
      if (named.getName().strref().starts_with("dist."))
        return;
    op->setLoc(NameLoc::get(
        StringAttr::get(op->getContext(), op->getName().getStringRef()),
        op->getLoc()));
  });
}

} // namespace mlir::distc::lowering
