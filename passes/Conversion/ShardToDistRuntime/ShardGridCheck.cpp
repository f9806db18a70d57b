//===- ShardGridCheck.cpp - grid extents upstream divides by --------------===//

#include "passes/Conversion/ShardToDistRuntime/ShardGridCheck.h"

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

/// "2x?x0" as shard.grid writes its shape.
static std::string shapeText(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(
      shape, os,
      [&](int64_t extent) {
        if (ShapedType::isDynamic(extent))
          os << '?';
        else
          os << extent;
      },
      "x");
  return text;
}

LogicalResult mlir::distc::checkShardGrids(Operation *root) {
  bool ok = true;
  root->walk([&](shard::GridOp grid) {
    // Before verification a generic op may lack the attribute.
    DenseI64ArrayAttr shapeAttr = grid.getShapeAttr();
    if (!shapeAttr)
      return;
    ArrayRef<int64_t> shape = shapeAttr.asArrayRef();
    StringAttr name = grid.getSymNameAttr();
    std::string label =
        name ? ("grid @" + name.getValue()).str() : std::string("a grid");
    int64_t processes = 1;
    for (auto [axis, extent] : llvm::enumerate(shape)) {
      if (ShapedType::isDynamic(extent))
        continue;
      if (extent < 1) {
        grid.emitError() << "distc: " << label << " has extent " << extent
                         << " along axis " << axis << " (shape "
                         << shapeText(shape)
                         << "); grid extents must be positive, or '?'";
        ok = false;
        return;
      }
      if (llvm::MulOverflow(processes, extent, processes)) {
        grid.emitError() << "distc: the static extents of " << label
                         << " (shape " << shapeText(shape)
                         << ") multiply to more than INT64_MAX processes";
        ok = false;
        return;
      }
    }
  });
  return success(ok);
}
