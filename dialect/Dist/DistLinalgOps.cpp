//===- DistLinalgOps.cpp - verifiers of dist linear algebra ---------------===//
//
// The lowering (MatmulLowering.cpp) relies on what is checked here: ranks,
// matching inner sizes where static, one element type and one team, a
// balanced result, 2-D grids and matrices only on process grids.
//
//===----------------------------------------------------------------------===//

#include "dialect/Dist/Dist.h"

using namespace mlir;
using namespace mlir::dist;

namespace {
/// Whether two sizes can be equal (both static and different is an error;
/// a `?` is checked at run time by the lowering).
bool compatible(int64_t a, int64_t b) {
  return ShapedType::isDynamic(a) || ShapedType::isDynamic(b) || a == b;
}
} // namespace

LogicalResult MatmulOp::verify() {
  auto a = cast<DistTensorType>(getLhs().getType());
  auto b = cast<DistTensorType>(getRhs().getType());
  auto c = cast<DistTensorType>(getResult().getType());
  // On process grids: SUMMA for two matrices, the grid matrix-vector
  // product for a matrix on a grid; both need a grid of 2 axes for the
  // matrices. A vector may be on a grid of its one axis (the lowering
  // fetches and stores boxes of any partition).
  for (DistTensorType t : {a, b, c})
    if (t.isGrid() && t.getRank() != 1 && t.getGrid().size() != 2)
      return emitOpError() << "on a process grid needs a grid of 2 axes, got "
                           << t;
  if (a.getRank() != 2)
    return emitOpError() << "expects a matrix (rank 2) as first operand, got "
                         << a;
  if (b.getRank() != 1 && b.getRank() != 2)
    return emitOpError() << "expects a matrix or a vector as second operand, "
                            "got "
                         << b;
  if (c.getRank() != b.getRank())
    return emitOpError() << "result must have the rank of the second operand ("
                         << b.getRank() << "), got " << c;
  Type element = a.getElementType();
  if (b.getElementType() != element || c.getElementType() != element)
    return emitOpError() << "operands and result must have one element type, "
                            "got "
                         << element << ", " << b.getElementType() << " and "
                         << c.getElementType();
  // i1 has no multiply-add that linalg would give numpy's meaning to.
  // (Complex products would need the tiling's vector widths per part;
  // linalg.matmul builds no body for index elements.)
  if (!element.isIntOrFloat() || element.isInteger(1))
    return emitOpError() << "needs integer or float elements wider than i1, "
                            "not "
                         << element
                         << (element.isIndex() ? " (convert index to i64)"
                                               : "");
  if (a.getTeam() != b.getTeam() || a.getTeam() != c.getTeam())
    return emitOpError() << "operands and result must belong to the same "
                            "team, got teams "
                         << a.getTeam() << ", " << b.getTeam() << " and "
                         << c.getTeam();
  if (!c.getBalanced())
    return emitOpError() << "result must be balanced, got " << c;
  ArrayRef<int64_t> sa = a.getShape(), sb = b.getShape(), sc = c.getShape();
  if (!compatible(sa[1], sb[0]))
    return emitOpError() << "inner sizes differ: " << sa[1] << " columns of "
                         << "the first operand, " << sb[0]
                         << " rows of the second";
  if (!compatible(sc[0], sa[0]))
    return emitOpError() << "result has " << sc[0] << " rows, the first "
                         << "operand " << sa[0];
  if (b.getRank() == 2 && !compatible(sc[1], sb[1]))
    return emitOpError() << "result has " << sc[1] << " columns, the second "
                         << "operand " << sb[1];
  return success();
}
