//===- BufferizableOpInterfaceImpl.cpp - distruntime bufferization -------===//
//
// One-shot bufferization models of the distruntime ops that take or make
// arrays. distc's own pipeline lowers these ops to runtime calls before it
// bufferizes (lower-distruntime-to-idtr), but a pipeline may bufferize
// first; then these models tell the analysis the truth about each op and
// rewrite it into its memref form, which the IDTR conversion lowers the
// same way:
//
// - every array operand is read when the op runs, never later: the runtime
//   consumes (sends or packs) its inputs before the call that starts an
//   operation returns (docs/runtime.md, "Execution"), so the buffer may be
//   overwritten right after the op, before its wait;
// - no operand is written, except the accumulator of
//   `copy_permute ... add_into`, into which the runtime adds in place: the
//   result is that accumulator's buffer (an equivalent alias);
// - every other array result is a new buffer that the runtime fills until
//   the op's wait (declared MemAlloc in the .td, so ownership-based
//   deallocation frees it; the runtime defers the free of a buffer that an
//   operation in flight writes);
// - `recv`'s `like` operand gives only a shape: it is not read.
//
// Operand buffers are passed with the fully dynamic strided layout, which
// every buffer can be cast to and which the runtime accepts (it takes any
// strided view); new results have the identity layout.
//
//===----------------------------------------------------------------------===//

#include "dialect/DistRuntime/DistRuntime.h"

#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/DialectRegistry.h"

using namespace mlir;
using namespace mlir::bufferization;
using namespace mlir::distruntime;

namespace {

/// The accumulator of `op` (an operand the runtime writes in place), if any.
OpOperand *accumulatorOperand(Operation *op) {
  if (auto permute = dyn_cast<CopyPermuteOp>(op))
    if (permute.getAcc())
      return &permute.getAccMutable()[0];
  return nullptr;
}

/// Whether `operand` is an array the op reads (not only a shape).
bool readsArray(Operation *op, OpOperand &operand) {
  if (!isa<TensorType>(operand.get().getType()))
    return false;
  if (auto recv = dyn_cast<RecvOp>(op))
    return &operand != &recv.getLikeMutable();
  return true;
}

/// The buffer type of array result `result` of `op`.
BaseMemRefType resultBufferType(Operation *op, OpResult result) {
  auto tensor = cast<RankedTensorType>(result.getType());
  // recv's result has the type of `like` (AllTypesMatch), whose buffer is
  // passed with the fully dynamic layout; so is an accumulated result.
  if (isa<RecvOp>(op) || accumulatorOperand(op))
    return getMemRefTypeWithFullyDynamicLayout(tensor);
  return MemRefType::get(tensor.getShape(), tensor.getElementType());
}

template <typename OpTy>
struct RuntimeArrayOpModel
    : public BufferizableOpInterface::ExternalModel<RuntimeArrayOpModel<OpTy>,
                                                    OpTy> {
  bool bufferizesToMemoryRead(Operation *op, OpOperand &operand,
                              const AnalysisState &) const {
    return readsArray(op, operand);
  }

  bool bufferizesToMemoryWrite(Operation *op, OpOperand &operand,
                               const AnalysisState &) const {
    return &operand == accumulatorOperand(op);
  }

  AliasingValueList getAliasingValues(Operation *op, OpOperand &operand,
                                      const AnalysisState &) const {
    if (&operand == accumulatorOperand(op))
      return {{op->getResult(1), BufferRelation::Equivalent}};
    return {};
  }

  AliasingOpOperandList getAliasingOpOperands(Operation *op, Value value,
                                              const AnalysisState &) const {
    if (OpOperand *acc = accumulatorOperand(op); acc && value == op->getResult(1))
      return {{acc, BufferRelation::Equivalent}};
    return {};
  }

  bool bufferizesToAllocation(Operation *op, Value value) const {
    return !accumulatorOperand(op) || value != op->getResult(1);
  }

  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value value, const BufferizationOptions &,
                const BufferizationState &, SmallVector<Value> &) const {
    return cast<BufferLikeType>(
        resultBufferType(op, cast<OpResult>(value)));
  }

  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    SmallVector<Value> operands;
    for (OpOperand &operand : op->getOpOperands()) {
      Value value = operand.get();
      auto tensor = dyn_cast<RankedTensorType>(value.getType());
      if (!tensor) {
        operands.push_back(value);
        continue;
      }
      FailureOr<Value> buffer = getBuffer(rewriter, value, options, state);
      if (failed(buffer))
        return failure();
      BaseMemRefType dynamic = getMemRefTypeWithFullyDynamicLayout(tensor);
      operands.push_back(
          buffer->getType() == dynamic
              ? *buffer
              : memref::CastOp::create(rewriter, op->getLoc(), dynamic, *buffer)
                    .getResult());
    }
    SmallVector<Type> resultTypes;
    for (OpResult result : op->getResults())
      resultTypes.push_back(isa<TensorType>(result.getType())
                                ? resultBufferType(op, result)
                                : result.getType());
    OperationState bufferized(op->getLoc(), op->getName(), operands,
                              resultTypes, op->getAttrs());
    Operation *memrefOp = rewriter.create(bufferized);
    replaceOpWithBufferizedValues(rewriter, op, memrefOp->getResults());
    return success();
  }
};

/// Attaches the model to every op in `Ops`.
template <typename... Ops>
void attachModels(MLIRContext *context) {
  (Ops::template attachInterface<RuntimeArrayOpModel<Ops>>(*context), ...);
}

} // namespace

void mlir::distruntime::registerBufferizableOpInterfaceExternalModels(
    DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, DistRuntimeDialect *) {
    attachModels<CopyReshapeOp, CopyPermuteOp, AllReduceOp, UpdateHaloOp,
                 UpdateGridHaloOp, BcastPanelOp, SendOp, RecvOp, ReduceOp,
                 PrintOp, NpySaveOp, NpyLoadOp>(context);
  });
}
