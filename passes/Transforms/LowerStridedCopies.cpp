//===- LowerStridedCopies.cpp - 2-D strided copies as a plain call --------===//
//
// distc-lower-strided-copies, see its description in Passes.td.
//
//===----------------------------------------------------------------------===//

#include "passes/IDTRRuntimeAPI.h"
#include "passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlir::distc {
#define GEN_PASS_DEF_LOWERSTRIDEDCOPIES
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;
using namespace mlir::distc;

namespace {

/// A 2-D view whose rows are contiguous.
bool hasContiguousRows(MemRefType type) {
  if (type.getRank() != 2)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  return succeeded(type.getStridesAndOffset(strides, offset)) &&
         strides.back() == 1;
}

bool isContiguous(MemRefType type) {
  return type.getLayout().isIdentity() ||
         memref::isStaticShapeAndContiguousRowMajor(type);
}

struct CopyRows : public OpRewritePattern<memref::CopyOp> {
  /// `used` is set once a copy has been rewritten into a call of `helper`.
  CopyRows(MLIRContext *context, const IDTRDeclaration &helper, bool &used)
      : OpRewritePattern(context), helper(helper), used(used) {}

  LogicalResult matchAndRewrite(memref::CopyOp copy,
                                PatternRewriter &rewriter) const override {
    auto source = dyn_cast<MemRefType>(copy.getSource().getType());
    auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
    if (!source || !target || !hasContiguousRows(source) ||
        !hasContiguousRows(target))
      return rewriter.notifyMatchFailure(copy, "not 2-D with contiguous rows");
    // Whole-array contiguous copies already become one memcpy.
    if (isContiguous(source) && isContiguous(target))
      return rewriter.notifyMatchFailure(copy, "contiguous as a whole");
    Type element = source.getElementType();
    if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() % 8 != 0)
      return rewriter.notifyMatchFailure(copy, "no byte-sized element");
    // The helper copies host memory.
    if (source.getMemorySpace() || target.getMemorySpace())
      return rewriter.notifyMatchFailure(copy, "not the default memory space");

    Location loc = copy.getLoc();
    Type i64 = rewriter.getI64Type();
    auto toI64 = [&](Value index) -> Value {
      return arith::IndexCastOp::create(rewriter, loc, i64, index);
    };
    auto describe = [&](Value view, SmallVectorImpl<Value> &args) {
      auto meta = memref::ExtractStridedMetadataOp::create(rewriter, loc, view);
      Value pointer =
          memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, view);
      args.push_back(toI64(pointer));
      args.push_back(toI64(meta.getOffset()));
      args.push_back(toI64(meta.getStrides()[0]));
      return meta;
    };
    SmallVector<Value> args;
    args.push_back(arith::ConstantIntOp::create(
        rewriter, loc, i64, element.getIntOrFloatBitWidth() / 8));
    auto meta = describe(copy.getSource(), args);
    describe(copy.getTarget(), args);
    args.push_back(toI64(meta.getSizes()[0]));
    args.push_back(toI64(meta.getSizes()[1]));
    func::CallOp::create(rewriter, loc, helper.name, TypeRange{}, args);
    rewriter.eraseOp(copy);
    used = true;
    return success();
  }

  const IDTRDeclaration &helper;
  bool &used;
};

struct LowerStridedCopiesPass
    : public distc::impl::LowerStridedCopiesBase<LowerStridedCopiesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The runtime's helper (runtime/lib/MemrefCopy.cpp, the ABI table's
    // CopyRows), declared once. A symbol of that name that is something
    // else would make the calls invalid: a located error instead.
    IDTRDeclaration helper =
        getIDTRDeclaration(&getContext(), distc::IDTRFunction::CopyRows);
    FailureOr<Operation *> existing = lookupIDTRFunction(module, helper);
    if (failed(existing))
      return signalPassFailure();
    // The helper as distc's own `--emit=mlir` output declares it: the
    // module is at the LLVM level already, with no copies left to lower.
    if (*existing && isa<LLVM::LLVMFuncOp>(*existing))
      return;
    bool used = false;
    RewritePatternSet patterns(&getContext());
    patterns.add<CopyRows>(&getContext(), helper, used);
    walkAndApplyPatterns(module, std::move(patterns));
    if (used && !*existing)
      declareIDTRFunction(module, helper);
  }
};

} // namespace
