//===- IndexArith.h - the shared geometry formulas as IR --------*- C++ -*-===//
//
// The arithmetic that instantiates the formulas the compiler shares with
// the runtime (runtime/include/idtr/detail: HaloRows.h, GridHaloSlabs.h,
// BalancedBlocks.h) as `index` arithmetic at a builder's insertion point,
// so that the lowerings emit exactly the expressions the runtime computes
// with idtr::detail::IntArith. Values are non-negative where the formulas
// divide, so division is unsigned.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_INDEXARITH_H
#define DISTC_PASSES_INDEXARITH_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace mlir::distc {

struct IndexArith {
  OpBuilder &b;
  Location loc;

  Value zero() const { return constant(0); }
  Value constant(int64_t value) const {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value add(Value x, Value y) const { return arith::AddIOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) const { return arith::SubIOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) const { return arith::MulIOp::create(b, loc, x, y); }
  Value div(Value x, Value y) const { return arith::DivUIOp::create(b, loc, x, y); }
  Value rem(Value x, Value y) const { return arith::RemUIOp::create(b, loc, x, y); }
  Value min(Value x, Value y) const { return arith::MinSIOp::create(b, loc, x, y); }
  Value max(Value x, Value y) const { return arith::MaxSIOp::create(b, loc, x, y); }
};

} // namespace mlir::distc

#endif // DISTC_PASSES_INDEXARITH_H
