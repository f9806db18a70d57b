//===- IDTRCallBuilder.h - one IDTR runtime call at an op -------*- C++ -*-===//
//
// The conventions of the runtime ABI as the lowering of one distruntime op
// uses them: unranked memref descriptors for tensors and index lists,
// output buffers allocated here and handed back as tensors (defined after
// the op's wait), and the calls that precede a call that starts an
// operation (`_idtr_set_location`, `_idtr_set_call_flags`). Internal to
// lower-distruntime-to-idtr (OpLowerings.cpp, HaloKey.cpp and the pass).
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_DISTRUNTIMETOIDTR_IDTRCALLBUILDER_H
#define DISTC_PASSES_DISTRUNTIMETOIDTR_IDTRCALLBUILDER_H

#include "passes/IDTRRuntimeAPI.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Transforms/DialectConversion.h"

#include <optional>
#include <string>

namespace mlir::distc::idtr_lowering {

/// The distruntime.wait of `op`'s handle (its result 0) if it is the
/// handle's only user and follows `op` in its block; otherwise null.
Operation *waitLaterInBlock(Operation *op);

/// Whether `op` redistributes blocks that are not functions of the global
/// shapes (the `irregular` attribute of the copies and the 1-D halo).
bool hasIrregularBlocks(Operation *op);

/// The location string of `op` for the runtime, "file:line:col: name", or
/// std::nullopt if its location has no file position. The position is the
/// first FileLineColLoc of the location tree - the user's op: the dist
/// lowering keeps it, inlining puts it first in a CallSiteLoc (the callee
/// position), and a FusedLoc of merged ops starts with the first of them.
/// The name is that of the user's op, which the dist lowering records as a
/// NameLoc ("dist.gather") around the location of every op it lowers; an op
/// written at the distruntime level is named itself.
std::optional<std::string> runtimeLocation(Operation *op);

/// The position part of runtimeLocation, "file:line:col", or std::nullopt.
std::optional<std::string> runtimePosition(Location loc);

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
  Value indexList(ValueRange values);
  Value indexList(ArrayRef<int64_t> constants);

  /// The buffer behind tensor `value`, read-only. The fully dynamic layout
  /// accepts whatever buffer bufferization assigns. In a bufferized op
  /// (`value` a memref) the buffer itself, cast to that layout.
  Value readOnlyBuffer(Value value);

  /// readOnlyBuffer as memref<*xT>, the runtime's input argument.
  Value inputArray(Value value) { return unranked(readOnlyBuffer(value)); }

  /// The buffer behind tensor `value` that the runtime will write (the
  /// accumulator of an accumulating copy), in the identity layout of the
  /// buffers `allocate` makes. Without `read_only`, bufferization counts the
  /// op as a write of `value`: it hands over `value`'s own buffer when
  /// nothing reads `value` (or a tensor sharing its buffer) later, and a
  /// copy otherwise. In a bufferized op, `value` itself.
  Value destinationBuffer(Value value);

  /// A new buffer of the shape and element type of `type` (a tensor, or the
  /// memref result of a bufferized op), identity layout; `sizes` gives
  /// every dimension (the dynamic ones are used).
  Value allocate(ShapedType type, ValueRange sizes);

  /// The tensor view of an output buffer that the runtime fills, defined
  /// where the buffer holds its final contents: right after the op's wait
  /// when that is known (waitOfOutputs), else right after the call.
  ///
  /// A tensor is a value: a tensor-level rewrite may move a pure user of it
  /// up to its definition. Defined after the call, the view let upstream's
  /// eliminate-empty-tensors move a tensor.insert_slice of a copy's output
  /// above the wait (to build the destination of a later linalg.fill
  /// earlier), so the slice was copied before the runtime had received it.
  ///
  /// For a bufferized op (`tensorType` a memref type) the result is
  /// `buffer` itself, cast to that type.
  Value outputTensor(Value buffer, Type tensorType);

  /// The distruntime.wait of the op's handle if it is the handle's only
  /// user, follows the op in its block and precedes (in that block) every
  /// user of the op's other results; otherwise null (a handle that leaves
  /// the block, or a loop that carries it: the outputs are then defined at
  /// the call, as the values that flow with the handle).
  Operation *waitOfOutputs() const;

  /// The data array `memref` as memref<*xT>, the ABI's (rank, descriptor)
  /// pair; an index array as memref<*xi64>, what the i64 entry points that
  /// it goes to take.
  Value unranked(Value memref);

  /// Calls `function` (typed by `elementType` if it is a typed entry point).
  /// A call that starts an operation is preceded by `_idtr_set_location`
  /// (cheaper than an extra argument of every entry point: one store, and
  /// the typed ABI stays as it is) and, for irregular blocks, by
  /// `_idtr_set_call_flags`.
  func::CallOp call(IDTRFunction function, ValueRange operands,
                    Type elementType = {});

  /// Replaces the op, which starts an operation with one output, by the
  /// handle that `function` returns and the tensor of `out` (the buffer of
  /// `outType` that the runtime fills; see outputTensor).
  LogicalResult replaceByStart(IDTRFunction function, ValueRange operands,
                               Value out, ShapedType outType);

  ConversionPatternRewriter &rewriter;
  Operation *op;

private:
  /// The location string `text` of this call, in a private constant of its
  /// own (see the definition for why every call is its own site).
  Value siteString(StringRef text);

  /// `buffer` as a memref of `type` (a memref.cast unless it is one).
  Value castBuffer(Value buffer, Type type);

  /// The last output tensor that outputTensor defined after the wait.
  Operation *lastAfterWait = nullptr;
  Location loc;
};

} // namespace mlir::distc::idtr_lowering

#endif // DISTC_PASSES_DISTRUNTIMETOIDTR_IDTRCALLBUILDER_H
