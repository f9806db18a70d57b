//===- FormStencils.cpp - dist.shift groups into dist.halo + dist.stencil -===//
//
// The dist -> dist step of the stencil lowering (Passes.td): group the
// shifts of a tensor into one dist.extend (GroupShifts.cpp), then turn each
// element-wise op that reads only shifted slices of such extends, in its
// own partition, into a dist.stencil of dist.halo values. What the
// conversion needs to lower a stencil 1:1 is then in its operands: the
// halo of every shifted input and its shift.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistToDistRuntime/EmptySlices.h"
#include "passes/Conversion/DistToDistRuntime/GroupShifts.h"
#include "passes/Conversion/DistToDistRuntime/LoweringCommon.h"
#include "passes/Passes.h"

#include "dialect/Dist/Dist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlir::distc {
#define GEN_PASS_DEF_FORMSTENCILS
#include "passes/Passes.h.inc"
} // namespace mlir::distc

using namespace mlir;
using namespace mlir::distc;
using namespace mlir::dist;

namespace {

/// The dist inputs and result of an element-wise op (dist.elementwise and
/// the binary ops), or nothing.
std::optional<std::pair<SmallVector<Value>, Value>>
elementwiseOperands(Operation *op) {
  if (auto elementwise = dyn_cast<ElementwiseOp>(op))
    return std::pair{SmallVector<Value>(elementwise.getInputs()),
                     elementwise.getResult()};
  if (isa<AddOp, SubOp, MulOp, DivOp, MaxOp, MinOp>(op))
    return std::pair{SmallVector<Value>(op->getOperands()), op->getResult(0)};
  return std::nullopt;
}

/// Whether `op` is element-wise, reads at least one shifted slice, and
/// reads every input in the partition of its result (a repartitioned
/// input is a new array, not a view of the extended tensor).
bool isStencilCandidate(Operation *op) {
  auto operands = elementwiseOperands(op);
  if (!operands)
    return false;
  auto resultType = cast<DistTensorType>(operands->second.getType());
  bool anyShifted = false;
  for (Value input : operands->first) {
    if (!cast<DistTensorType>(input.getType()).hasSamePartitionAs(resultType))
      return false;
    anyShifted |= matchShiftedSlice(input).has_value();
  }
  return anyShifted;
}

/// The periodic mask of `extend`'s halo: every dimension, or none.
int64_t periodicMask(ExtendOp extend) {
  int64_t rank = extend.getLow().size();
  return extend.getPeriodic() ? (int64_t(1) << rank) - 1 : 0;
}

/// The extends read through shifted slices by `op`.
SmallVector<ExtendOp> extendsReadBy(Operation *op) {
  SmallVector<ExtendOp> extends;
  for (Value input : op->getOperands())
    if (auto shifted = matchShiftedSlice(input))
      extends.push_back(shifted->extend);
  return extends;
}

/// Whether something other than an op in `stencils` reads `extend`'s
/// extended tensor (then it is assembled anyway).
bool isReadAsTensor(ExtendOp extend,
                    const llvm::SetVector<Operation *> &stencils) {
  return llvm::any_of(extend->getUsers(), [&](Operation *user) {
    auto slice = dyn_cast<tensor::ExtractSliceOp>(user);
    if (!slice)
      return true;
    return llvm::any_of(slice->getUsers(), [&](Operation *sliceUser) {
      auto withLocal = dyn_cast<WithLocalOp>(sliceUser);
      if (!withLocal || !matchShiftedSlice(withLocal.getResult()))
        return true;
      return llvm::any_of(withLocal->getUsers(), [&](Operation *reader) {
        return !stencils.contains(reader);
      });
    });
  });
}

/// The element-wise ops that become dist.stencil: the candidates all of
/// whose extends are read by candidates only. Dropping a candidate can make
/// another extend read as a tensor: iterate until nothing changes.
llvm::SetVector<Operation *> selectStencils(Operation *root) {
  llvm::SetVector<Operation *> stencils;
  root->walk([&](Operation *op) {
    if (isStencilCandidate(op))
      stencils.insert(op);
  });
  for (bool changed = true; changed;) {
    changed = false;
    for (Operation *op : llvm::to_vector(stencils))
      if (llvm::any_of(extendsReadBy(op), [&](ExtendOp extend) {
            return isReadAsTensor(extend, stencils);
          })) {
        stencils.remove(op);
        changed = true;
      }
  }
  return stencils;
}

template <typename FloatOp, typename IntOp, typename ComplexOp = void>
Value createBinary(OpBuilder &b, Location loc, bool isFloat, Value x, Value y) {
  if constexpr (!std::is_void_v<ComplexOp>)
    if (isa<ComplexType>(x.getType()))
      return ComplexOp::create(b, loc, x, y);
  if (isFloat)
    return FloatOp::create(b, loc, x, y);
  return IntOp::create(b, loc, x, y);
}

/// The body of the dist.stencil replacing `op`: `op`'s own region for
/// dist.elementwise, the arith op for a binary op (the instructions the
/// binary op's lowering emits: signed for integers).
void buildBody(OpBuilder &b, Operation *op, Region &body) {
  if (auto elementwise = dyn_cast<ElementwiseOp>(op)) {
    body.takeBody(elementwise.getBody());
    return;
  }
  Location loc = op->getLoc();
  Type lhs = cast<DistTensorType>(op->getOperand(0).getType()).getElementType();
  Type rhs = cast<DistTensorType>(op->getOperand(1).getType()).getElementType();
  Block *block = b.createBlock(&body, {}, {lhs, rhs}, {loc, loc});
  Value x = block->getArgument(0), y = block->getArgument(1);
  bool isFloat = isa<FloatType>(
      cast<DistTensorType>(op->getResult(0).getType()).getElementType());
  Value result =
      TypeSwitch<Operation *, Value>(op)
          .Case([&](AddOp) {
            return createBinary<arith::AddFOp, arith::AddIOp, complex::AddOp>(b, loc, isFloat,
                                                              x, y);
          })
          .Case([&](SubOp) {
            return createBinary<arith::SubFOp, arith::SubIOp, complex::SubOp>(b, loc, isFloat,
                                                              x, y);
          })
          .Case([&](MulOp) {
            return createBinary<arith::MulFOp, arith::MulIOp, complex::MulOp>(b, loc, isFloat,
                                                              x, y);
          })
          .Case([&](DivOp) {
            return createBinary<arith::DivFOp, arith::DivSIOp, complex::DivOp>(b, loc, isFloat,
                                                               x, y);
          })
          .Case([&](MaxOp) {
            return createBinary<arith::MaximumFOp, arith::MaxSIOp>(
                b, loc, isFloat, x, y);
          })
          .Case([&](MinOp) {
            return createBinary<arith::MinimumFOp, arith::MinSIOp>(
                b, loc, isFloat, x, y);
          });
  YieldOp::create(b, loc, result);
}

/// Erases the ops that only fed the shifted slices `values` once nothing
/// reads them: the with_local, the slice, its sizes (tensor.dim and their
/// index constants), the dist.local they come from and the dist.extend.
/// Only what these ops use is looked at: ops of the program that were dead
/// before are left alone.
void eraseDeadSlices(ArrayRef<Value> values) {
  SmallVector<Operation *> worklist;
  for (Value value : values)
    if (Operation *def = value.getDefiningOp())
      worklist.push_back(def);
  // An op may be on the worklist twice (a stencil reading one shifted slice
  // twice, two slices sharing a constant): erased ones are skipped, never
  // looked at again.
  llvm::SmallPtrSet<Operation *, 16> erased;
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (erased.contains(op) ||
        !isa<WithLocalOp, tensor::ExtractSliceOp, tensor::DimOp, LocalOp,
             ExtendOp, arith::ConstantIndexOp>(op) ||
        !op->use_empty())
      continue;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        worklist.push_back(def);
    erased.insert(op);
    op->erase();
  }
}

struct FormStencilsPass
    : public distc::impl::FormStencilsBase<FormStencilsPass> {
  using Base::Base;

  void runOnOperation() override {
    // The ops built here take the locations of the user's ops, named first.
    lowering::nameLocationsAfterOps(getOperation());
    groupShiftsIntoExtends(getOperation());
    llvm::SetVector<Operation *> stencils = selectStencils(getOperation());

    // Whether some stencil reads a corner of an extend (a shift along two
    // split or periodic dimensions at once). A star stencil's halo is its
    // faces, exchanged without corner elements or messages to diagonal
    // neighbours. With fewer than two such dimensions there are no corners
    // to leave out: the type keeps the default.
    llvm::SmallDenseMap<Operation *, bool> readsCorner;
    for (Operation *op : stencils)
      for (Value input : op->getOperands())
        if (auto shifted = matchShiftedSlice(input)) {
          auto type = cast<DistTensorType>(input.getType());
          int64_t periodic = periodicMask(shifted->extend);
          bool &corner = readsCorner[shifted->extend];
          corner = corner || haloCrossingDims(type, periodic).size() < 2 ||
                   shiftReadsCorner(type, periodic, shifted->shift);
        }

    // One dist.halo per extend, where the extend is: the exchange starts
    // where all of its shifts' data is available.
    llvm::MapVector<Operation *, Value> halos;
    OpBuilder b(&getContext());
    for (Operation *op : stencils)
      for (ExtendOp extend : extendsReadBy(op)) {
        Value &halo = halos[extend];
        if (halo)
          continue;
        b.setInsertionPoint(extend);
        auto type = HaloType::get(&getContext(), extend.getSource().getType(),
                                  extend.getLow(), extend.getHigh(),
                                  periodicMask(extend),
                                  readsCorner.lookup(extend));
        halo = HaloOp::create(b, extend.getLoc(), type, extend.getSource(),
                              extend.getFill());
      }

    for (Operation *op : stencils) {
      SmallVector<Value> inputs(op->getOperands());
      SmallVector<Value> operands;
      SmallVector<int64_t> shifts;
      for (Value input : inputs) {
        int64_t rank = cast<DistTensorType>(input.getType()).getRank();
        if (auto shifted = matchShiftedSlice(input)) {
          operands.push_back(halos.lookup(shifted->extend));
          llvm::append_range(shifts, shifted->shift);
        } else {
          operands.push_back(input);
          shifts.append(rank, 0);
        }
      }
      b.setInsertionPoint(op);
      auto stencil =
          StencilOp::create(b, op->getLoc(), op->getResult(0).getType(),
                            operands, b.getDenseI64ArrayAttr(shifts));
      OpBuilder::InsertionGuard guard(b);
      buildBody(b, op, stencil.getBody());
      op->replaceAllUsesWith(stencil);
      op->erase();
      eraseDeadSlices(inputs);
    }
    // The windows of shifts of tensors empty along a static dimension
    // (EmptySlices.h).
    dropEmptySlices(getOperation());
  }
};

} // namespace
