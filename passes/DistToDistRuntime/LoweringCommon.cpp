//===- LoweringCommon.cpp - shared pieces of the dist lowering ------------===//

#include "passes/DistToDistRuntime/LoweringCommon.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/IRMapping.h"

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

Value allReduce(OpBuilder &b, Location loc, ReduceKind kind, Value value,
                int64_t team) {
  auto op = distruntime::AllReduceOp::create(
      b, loc,
      TypeRange{distruntime::AsyncHandleType::get(b.getContext()),
                value.getType()},
      static_cast<distruntime::ReduceKind>(kind), value, team);
  return createAndWait(b, op).getResult();
}

void checkAtRunTime(OpBuilder &b, Location loc, Value ok, StringRef message) {
  std::string text = message.str();
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    text = (fileLoc.getFilename().getValue() + ":" + Twine(fileLoc.getLine()) +
            ":" + Twine(fileLoc.getColumn()) + ": " + message)
               .str();
  cf::AssertOp::create(b, loc, ok, text);
}

} // namespace mlir::distc::lowering
