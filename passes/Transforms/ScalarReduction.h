//===- ScalarReduction.h - recognizing reductions to scalars ----*- C++ -*-===//
#ifndef DISTC_PASSES_SCALARREDUCTION_H
#define DISTC_PASSES_SCALARREDUCTION_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace mlir::distc {

/// A linalg.generic that reduces whole arrays of one shape to scalars: at
/// least one loop, every loop a reduction, every input read with the
/// identity map (so any input fixes the loop bounds), every init of rank 0.
/// Shared by distc-fuse-sibling-reductions (on tensors) and
/// distc-lower-scalar-reductions (on buffers).
inline bool reducesToScalars(linalg::GenericOp op) {
  if (op.getNumLoops() == 0 || op.getNumReductionLoops() != op.getNumLoops())
    return false;
  for (OpOperand *input : op.getDpsInputOperands())
    if (!op.getMatchingIndexingMap(input).isIdentity())
      return false;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    auto type = dyn_cast<ShapedType>(init.get().getType());
    if (!type || !type.hasRank() || type.getRank() != 0)
      return false;
  }
  return true;
}

} // namespace mlir::distc

#endif // DISTC_PASSES_SCALARREDUCTION_H
