//===- TileMatmul.cpp - packed, tiled, vectorized linalg.matmul -----------===//
//
// See the pass description in Passes.td. The steps are upstream's (block
// packing, tiling through TilingInterface, the linalg vectorizer, vector
// lowering patterns, subset hoisting); this pass fixes the sizes for AVX2
// class cores and the order of the steps. The same recipe as a transform
// script, to experiment with other sizes: bench/matmul/README.md.
//
//===----------------------------------------------------------------------===//

#include "passes/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorTransforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::distc {
#define GEN_PASS_DEF_TILEMATMUL
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;

namespace {

/// The register tile for vector registers of `vectorBits` bits: `rows` x
/// `kRegistersPerRow` accumulators, plus 2 registers of B and one broadcast
/// of A. With AVX2's 16 registers (and with 128-bit ones) 6 rows use 15 of
/// them; AVX-512 has 32, and 12 rows (27 registers) keep twice as many
/// independent fused multiply-adds in flight, which its two FMA units need
/// to run at their rate (6 rows reached 0.4x OpenBLAS's SkylakeX kernel).
struct RegisterTile {
  int64_t rows;
  int64_t vectorBits;
};
RegisterTile registerTile(unsigned vectorBits) {
  return {vectorBits >= 512 ? 12 : 6, static_cast<int64_t>(vectorBits)};
}
/// Registers of the register tile per row.
constexpr int64_t kRegistersPerRow = 2;
/// The cache tiles, in units of register tiles (rows, columns) and of K: a
/// 256-deep sliver of B (16 KiB for f64) stays in L1 while the 16 slivers
/// of A of the same depth (192 KiB) stream from L2.
constexpr int64_t kCacheRowTiles = 16, kCacheColumnTiles = 64, kCacheDepth = 256;

/// The number of `type` elements in one vector register of the tile.
int64_t lanes(const RegisterTile &registers, Type type) {
  return registers.vectorBits / type.getIntOrFloatBitWidth();
}

/// Tiles `op` with `sizes` in loop order `interchange`; returns the tiled op.
FailureOr<Operation *> tile(RewriterBase &rewriter, TilingInterface op,
                            ArrayRef<int64_t> sizes,
                            ArrayRef<int64_t> interchange) {
  scf::SCFTilingOptions options;
  SmallVector<OpFoldResult> tileSizes = llvm::map_to_vector(
      sizes, [&](int64_t s) -> OpFoldResult { return rewriter.getIndexAttr(s); });
  options.setTileSizes(tileSizes).setInterchange(interchange);
  rewriter.setInsertionPoint(op);
  FailureOr<scf::SCFTilingResult> tiled =
      scf::tileUsingSCF(rewriter, op, options);
  if (failed(tiled) || tiled->tiledOps.size() != 1)
    return failure();
  rewriter.replaceOp(op, tiled->replacements);
  return tiled->tiledOps.front();
}

/// Collects into `chain` (operands first) `op` and the ops in `loop`'s body
/// it depends on, if all of them are free of memory effects and nothing of
/// the chain depends on the loop's iterations; returns false otherwise.
bool collectInvariantChain(LoopLikeOpInterface loop, Operation *op,
                           llvm::SetVector<Operation *> &chain) {
  if (chain.contains(op))
    return true;
  if (!isMemoryEffectFree(op))
    return false;
  // The operands of the op and of the ops in its regions (a tensor.pad's
  // padding value) that come from outside the op.
  SmallVector<Value> used;
  op->walk([&](Operation *nested) {
    for (Value operand : nested->getOperands())
      if (nested == op ||
          !op->isAncestor(operand.getParentBlock()->getParentOp()))
        used.push_back(operand);
  });
  for (Value value : used) {
    if (loop.isDefinedOutsideOfLoop(value))
      continue;
    Operation *def = value.getDefiningOp();
    if (!def || !collectInvariantChain(loop, def, chain))
      return false;
  }
  chain.insert(op);
  return true;
}

/// Moves the packing of a matmul operand that does not change between the
/// iterations of the enclosing loops out of them: in a loop of products
/// that share an operand (dist.matmul's row blocks times panels of B), the
/// shared one is packed once instead of once per product.
void hoistInvariantPacking(Operation *packed) {
  while (auto loop = packed->getParentOfType<LoopLikeOpInterface>()) {
    llvm::SetVector<Operation *> chain;
    if (!collectInvariantChain(loop, packed, chain))
      return;
    for (Operation *op : chain)
      loop.moveOutOfLoop(op);
  }
}

/// The outer_dims_perm of a pack or unpack of rank `rank`: `perm`, or the
/// identity when the op has none.
SmallVector<int64_t> outerDimsPerm(ArrayRef<int64_t> perm, int64_t rank) {
  if (perm.empty())
    return llvm::to_vector(llvm::seq<int64_t>(0, rank));
  return SmallVector<int64_t>(perm);
}

/// A linalg.generic that writes every element of `dest` (a ranked tensor)
/// with the value `element` computes from the element's indices, which it
/// reads with linalg.index: a copy in a layout that no indexing map can
/// express (reads past the end of the source, tiles of a dimension).
linalg::GenericOp
createGatheringCopy(RewriterBase &rewriter, Location loc, Value dest,
                    function_ref<Value(OpBuilder &, Location)> element) {
  auto destType = cast<RankedTensorType>(dest.getType());
  int64_t rank = destType.getRank();
  SmallVector<AffineMap> maps = {rewriter.getMultiDimIdentityMap(rank)};
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  return linalg::GenericOp::create(
      rewriter, loc, TypeRange{destType}, ValueRange{}, ValueRange{dest}, maps,
      iterators, [&](OpBuilder &b, Location loc, ValueRange) {
        linalg::YieldOp::create(b, loc, element(b, loc));
      });
}

/// Replaces `pack` by one linalg.generic over the packed layout that reads
/// each element straight from the source, or takes the padding value where
/// the packed element lies past the source's end. Returns the generic.
/// (linalg::lowerPack gives tensor.pad + expand_shape + transpose: the pad
/// copies the whole operand into a fresh buffer as large as itself before
/// the transposition reads it, one more pass and one more first touch of
/// every page of an operand that can be the whole local block.)
FailureOr<Operation *> packInOnePass(RewriterBase &rewriter,
                                     linalg::PackOp pack) {
  ArrayRef<int64_t> tiles = pack.getStaticInnerTiles();
  if (llvm::any_of(tiles, ShapedType::isDynamic))
    return failure();
  Value source = pack.getSource();
  auto sourceType = dyn_cast<RankedTensorType>(source.getType());
  auto destType = dyn_cast<RankedTensorType>(pack.getDest().getType());
  if (!sourceType || !destType)
    return failure();
  int64_t rank = sourceType.getRank();
  SmallVector<int64_t> outerPerm = outerDimsPerm(pack.getOuterDimsPerm(), rank);
  ArrayRef<int64_t> innerPos = pack.getInnerDimsPos();
  Value padding = pack.getPaddingValue();
  Location loc = pack.getLoc();
  rewriter.setInsertionPoint(pack);
  SmallVector<Value> sizes;
  for (int64_t d = 0; d < rank; ++d)
    sizes.push_back(tensor::DimOp::create(rewriter, loc, source, d));
  auto generic = createGatheringCopy(
      rewriter, loc, pack.getDest(), [&](OpBuilder &b, Location loc) {
        // Outer loop i of the packed layout is source dimension
        // outerPerm[i]; inner loop rank + p is the offset in the tile of
        // source dimension innerPos[p].
        SmallVector<Value> index(rank);
        for (int64_t i = 0; i < rank; ++i)
          index[outerPerm[i]] = linalg::IndexOp::create(b, loc, i);
        Value inside;
        for (auto [p, d] : llvm::enumerate(innerPos)) {
          Value tile = arith::ConstantIndexOp::create(b, loc, tiles[p]);
          Value offset = linalg::IndexOp::create(b, loc, rank + p);
          Value first = arith::MulIOp::create(b, loc, index[d], tile);
          index[d] = arith::AddIOp::create(b, loc, first, offset);
          // A tile of 1 divides the dimension: never past its end.
          if (!padding || tiles[p] == 1)
            continue;
          // Past the end: read element 0 instead (the dimension is not
          // empty, or the loops would not run) and take the padding.
          Value in = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                           index[d], sizes[d]);
          Value zero = arith::ConstantIndexOp::create(b, loc, 0);
          index[d] = arith::SelectOp::create(b, loc, in, index[d], zero);
          inside = inside ? arith::AndIOp::create(b, loc, inside, in) : in;
        }
        Value value = tensor::ExtractOp::create(b, loc, source, index);
        if (inside)
          value = arith::SelectOp::create(b, loc, inside, value, padding);
        return value;
      });
  rewriter.replaceOp(pack, generic.getResults());
  return generic.getOperation();
}

/// Replaces `unpack` by one linalg.generic over its destination that reads
/// each element from its place in the packed tensor. (linalg::lowerUnPack
/// transposes the whole packed tensor into a fresh buffer, then copies the
/// slice without the padding into the destination.)
LogicalResult unpackInOnePass(RewriterBase &rewriter, linalg::UnPackOp unpack) {
  ArrayRef<int64_t> tiles = unpack.getStaticInnerTiles();
  if (llvm::any_of(tiles, ShapedType::isDynamic))
    return failure();
  Value packed = unpack.getSource();
  auto destType = dyn_cast<RankedTensorType>(unpack.getDest().getType());
  if (!destType)
    return failure();
  int64_t rank = destType.getRank();
  SmallVector<int64_t> outerPerm =
      outerDimsPerm(unpack.getOuterDimsPerm(), rank);
  ArrayRef<int64_t> innerPos = unpack.getInnerDimsPos();
  Location loc = unpack.getLoc();
  rewriter.setInsertionPoint(unpack);
  auto generic = createGatheringCopy(
      rewriter, loc, unpack.getDest(), [&](OpBuilder &b, Location loc) {
        // Element (i_0, ...) is at tile i_d / t, offset i_d % t along each
        // tiled dimension d; the outer indices in outerPerm's order.
        SmallVector<Value> outer, index(rank + innerPos.size());
        for (int64_t d = 0; d < rank; ++d)
          outer.push_back(linalg::IndexOp::create(b, loc, d));
        for (auto [p, d] : llvm::enumerate(innerPos)) {
          Value tile = arith::ConstantIndexOp::create(b, loc, tiles[p]);
          index[rank + p] = arith::RemUIOp::create(b, loc, outer[d], tile);
          outer[d] = arith::DivUIOp::create(b, loc, outer[d], tile);
        }
        for (int64_t i = 0; i < rank; ++i)
          index[i] = outer[outerPerm[i]];
        return tensor::ExtractOp::create(b, loc, packed, index).getResult();
      });
  rewriter.replaceOp(unpack, generic.getResults());
  return success();
}

/// Packs, tiles and vectorizes one matmul.
LogicalResult tileOneMatmul(RewriterBase &rewriter, linalg::MatmulOp matmul,
                            const RegisterTile &registers) {
  Type element = getElementTypeOrSelf(matmul.getDpsInitOperand(0)->get());
  int64_t columns = kRegistersPerRow * lanes(registers, element);
  // Slivers contiguous along K: A as [M/r][K][1][r], B as [N/w][K][1][w]
  // (r = registers.rows), so that one K step reads r broadcast scalars and w
  // contiguous values.
  linalg::ControlBlockPackMatmulFn control =
      [&](linalg::LinalgOp) -> std::optional<linalg::BlockPackMatmulOptions> {
    linalg::BlockPackMatmulOptions options;
    options.blockFactors = {registers.rows, columns, 1};
    options.allowPadding = true;
    options.lhsTransposeInnerBlocks = true;
    options.rhsTransposeInnerBlocks = false;
    return options;
  };
  rewriter.setInsertionPoint(matmul);
  FailureOr<linalg::PackResult> packed =
      linalg::blockPackMatmul(rewriter, matmul, control);
  if (failed(packed))
    return failure();
  // Loops of the packed op: (M/6, N/w, K, 6, w, 1). Cache tiles first, in
  // the order columns, K, rows; then single register tiles in the order
  // columns, rows, K.
  SmallVector<Value> packedInputs = packed->packedLinalgOp.getDpsInputs();
  auto op = cast<TilingInterface>(packed->packedLinalgOp.getOperation());
  FailureOr<Operation *> cacheTile =
      tile(rewriter, op, {kCacheRowTiles, kCacheColumnTiles, kCacheDepth},
           {1, 2, 0});
  if (failed(cacheTile))
    return failure();
  FailureOr<Operation *> registerTile =
      tile(rewriter, cast<TilingInterface>(*cacheTile), {1, 1, 1}, {1, 0, 2});
  if (failed(registerTile))
    return failure();
  auto loop = (*registerTile)->getParentOfType<LoopLikeOpInterface>();
  rewriter.setInsertionPoint(*registerTile);
  FailureOr<linalg::VectorizationResult> vectorized =
      linalg::vectorize(rewriter, *registerTile);
  if (failed(vectorized) || !loop)
    return failure();
  rewriter.replaceOp(*registerTile, vectorized->replacements);
  // The C tile's read and write move out of the K loop: the accumulators
  // become the loop's iter_args (registers).
  moveLoopInvariantCode(loop);
  hoistLoopInvariantSubsets(rewriter, loop);
  // The packs and the unpack become one copy each (packInOnePass,
  // unpackInOnePass), which bufferize. The packs of A and B (not of
  // the accumulator C, which every product writes) leave the loops they do
  // not depend on.
  for (linalg::PackOp pack : packed->packOps) {
    bool input = llvm::is_contained(packedInputs, pack.getResult());
    FailureOr<Operation *> lowered = packInOnePass(rewriter, pack);
    if (failed(lowered))
      return failure();
    if (input)
      hoistInvariantPacking(*lowered);
  }
  for (linalg::UnPackOp unpack : packed->unPackOps) {
    if (failed(unpackInOnePass(rewriter, unpack)))
      return failure();
  }
  return success();
}

/// Rewrites `batch` as a loop over its batch dimension of one linalg.matmul
/// each, on the rank-reduced slices of its operands (views, no copies), and
/// returns that matmul: each product of the batch is then packed and tiled
/// as any other (a loop of them packs per step, as their operands change).
FailureOr<linalg::MatmulOp> unbatch(RewriterBase &rewriter,
                                    linalg::BatchMatmulOp batch) {
  FailureOr<Operation *> step =
      tile(rewriter, cast<TilingInterface>(batch.getOperation()), {1, 0, 0, 0},
           {});
  if (failed(step))
    return failure();
  auto one = dyn_cast<linalg::BatchMatmulOp>(*step);
  if (!one)
    return failure();
  Location loc = one.getLoc();
  rewriter.setInsertionPoint(one);
  SmallVector<ReassociationIndices> dropBatch = {{0, 1}, {2}};
  auto collapse = [&](Value v) -> Value {
    return tensor::CollapseShapeOp::create(rewriter, loc, v, dropBatch);
  };
  Value a = collapse(one.getDpsInputs()[0]);
  Value b = collapse(one.getDpsInputs()[1]);
  Value c = collapse(one.getDpsInits()[0]);
  auto matmul = linalg::MatmulOp::create(rewriter, loc, ValueRange{a, b},
                                         ValueRange{c});
  auto resultType = cast<RankedTensorType>(one->getResult(0).getType());
  Value result = tensor::ExpandShapeOp::create(
      rewriter, loc, resultType, matmul->getResult(0), dropBatch);
  rewriter.replaceOp(one, result);
  return matmul;
}

struct TileMatmulPass
    : public distc::impl::TileMatmulBase<TileMatmulPass> {
  using Base::Base;

  void runOnOperation() override {
    func::FuncOp func = getOperation();
    // Default (identity) indexing maps and no casts in the body only: the
    // packing assumes C[m,n] += A[m,k] * B[k,n] (C[b,m,n] += A[b,m,k] *
    // B[b,k,n] for a batch).
    auto eligible = [](auto op) {
      Type element = getElementTypeOrSelf(op.getDpsInitOperand(0)->get());
      return op.hasPureTensorSemantics() &&
             (element.isF32() || element.isF64()) &&
             !op.hasUserDefinedMaps() &&
             llvm::all_of(op->getOperandTypes(), [&](Type t) {
               return getElementTypeOrSelf(t) == element;
             });
    };
    SmallVector<linalg::MatmulOp> matmuls;
    SmallVector<linalg::BatchMatmulOp> batches;
    func.walk([&](Operation *op) {
      if (auto matmul = dyn_cast<linalg::MatmulOp>(op)) {
        if (eligible(matmul))
          matmuls.push_back(matmul);
      } else if (auto batch = dyn_cast<linalg::BatchMatmulOp>(op)) {
        if (eligible(batch))
          batches.push_back(batch);
      }
    });
    if (matmuls.empty() && batches.empty())
      return;
    if (vectorBits != 128 && vectorBits != 256 && vectorBits != 512) {
      func.emitError() << "distc-tile-matmul: vector-bits must be 128, 256 "
                          "or 512, got "
                       << static_cast<unsigned>(vectorBits);
      return signalPassFailure();
    }
    RegisterTile registers = registerTile(vectorBits);
    IRRewriter rewriter(&getContext());
    // Batched products (per-head attention) as a loop of matmuls.
    for (linalg::BatchMatmulOp batch : batches) {
      FailureOr<linalg::MatmulOp> matmul = unbatch(rewriter, batch);
      if (failed(matmul)) {
        batch->emitError("distc-tile-matmul: could not tile this batch_matmul");
        return signalPassFailure();
      }
      matmuls.push_back(*matmul);
    }
    for (linalg::MatmulOp matmul : matmuls)
      if (failed(tileOneMatmul(rewriter, matmul, registers))) {
        matmul->emitError("distc-tile-matmul: could not tile this matmul");
        return signalPassFailure();
      }
    // The vectorized step is a contraction of broadcasts over unit
    // dimensions: drop them, then lower it to elementwise fused
    // multiply-adds of vector<rxw> (one broadcast of A per row).
    {
      RewritePatternSet patterns(&getContext());
      vector::populateVectorReductionToContractPatterns(patterns);
      vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
      vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
      vector::populateDropUnitDimWithShapeCastPatterns(patterns);
      // Not converging within the iteration limit leaves correct IR.
      (void)applyPatternsGreedily(func, std::move(patterns));
    }
    {
      RewritePatternSet patterns(&getContext());
      vector::populateVectorContractLoweringPatterns(
          patterns, vector::VectorContractLowering::ParallelArith);
      vector::populateVectorOuterProductLoweringPatterns(patterns);
      vector::populateDropUnitDimWithShapeCastPatterns(patterns);
      // Not converging within the iteration limit leaves correct IR.
      (void)applyPatternsGreedily(func, std::move(patterns));
    }
  }
};

} // namespace
