//===- TensorSizes.h - sizes of a ranked tensor as values -------*- C++ -*-===//
#ifndef DISTC_PASSES_TENSORSIZES_H
#define DISTC_PASSES_TENSORSIZES_H

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::distc {

/// Sizes of every dimension of the ranked tensor `tensor` as index values:
/// constants for static dimensions, tensor.dim for dynamic ones (memref.dim
/// if `tensor` is the memref of a bufferized distruntime op).
inline SmallVector<Value> tensorSizes(OpBuilder &b, Location loc,
                                      Value tensor) {
  return getValueOrCreateConstantIndexOp(
      b, loc,
      isa<BaseMemRefType>(tensor.getType())
          ? memref::getMixedSizes(b, loc, tensor)
          : tensor::getMixedSizes(b, loc, tensor));
}

} // namespace mlir::distc

#endif // DISTC_PASSES_TENSORSIZES_H
