//===- InputLimits.cpp - Inputs distc refuses before they can crash it ----===//

#include "InputLimits.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/Support/SourceMgr.h"

#include <limits>

using namespace mlir;

LogicalResult distc::checkNestingDepth(llvm::SourceMgr &sourceMgr,
                                       MLIRContext *ctx, unsigned maxDepth) {
  unsigned id = sourceMgr.getMainFileID();
  const llvm::MemoryBuffer *buffer = sourceMgr.getMemoryBuffer(id);
  llvm::StringRef text = buffer->getBuffer();
  unsigned depth = 0;
  for (size_t i = 0, e = text.size(); i < e; ++i) {
    char c = text[i];
    if (c == '"') { // a string: up to the closing quote or the line's end
      for (++i; i < e && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\')
          ++i;
      continue;
    }
    if (c == '/' && i + 1 < e && text[i + 1] == '/') { // a comment
      while (i < e && text[i] != '\n')
        ++i;
      continue;
    }
    if (c == '-' && i + 1 < e && text[i + 1] == '>') { // `->`
      ++i;
      continue;
    }
    if (c == '(' || c == '[' || c == '{' || c == '<') {
      if (++depth <= maxDepth)
        continue;
      auto [line, col] = sourceMgr.getLineAndColumn(
          llvm::SMLoc::getFromPointer(text.data() + i), id);
      Location loc = FileLineColLoc::get(
          StringAttr::get(ctx, buffer->getBufferIdentifier()), line, col);
      return emitError(loc) << "brackets, types or regions nest deeper than "
                            << maxDepth << " levels; distc does not accept "
                            << "such input";
    }
    if ((c == ')' || c == ']' || c == '}' || c == '>') && depth > 0)
      --depth;
  }
  return success();
}

/// Whether the static part of `type` has at most INT64_MAX elements and
/// bytes (sub-byte elements count as one byte).
static bool fitsInInt64(ShapedType type) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  int64_t elements = 1;
  for (int64_t dim : type.getShape()) {
    if (ShapedType::isDynamic(dim) || dim <= 0)
      continue;
    if (elements > kMax / dim)
      return false;
    elements *= dim;
  }
  Type elementType = type.getElementType();
  int64_t bytes = 1;
  if (elementType.isIntOrIndexOrFloat() && !elementType.isIndex())
    bytes = std::max<int64_t>(1, (elementType.getIntOrFloatBitWidth() + 7) / 8);
  else
    bytes = 16; // index, complex<f64> and the like: an upper bound
  return elements <= kMax / bytes;
}

LogicalResult distc::checkStaticSizes(ModuleOp module) {
  auto check = [](Type type, Location loc) -> LogicalResult {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped || !shaped.hasRank() || fitsInInt64(shaped))
      return success();
    return emitError(loc) << "type " << type << " has more elements or bytes "
                          << "than a 64-bit size can hold";
  };
  WalkResult result = module->walk([&](Operation *op) {
    for (Type type : op->getResultTypes())
      if (failed(check(type, op->getLoc())))
        return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          if (failed(check(arg.getType(), arg.getLoc())))
            return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}
