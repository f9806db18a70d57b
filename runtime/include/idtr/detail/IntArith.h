//===- IntArith.h - integer arithmetic for the shared formulas --*- C++ -*-===//
//
// The geometry formulas that the runtime and the compiler share
// (HaloRows.h, GridHaloSlabs.h, BalancedBlocks.h) are templates over an
// arithmetic: this one on plain integers, for the runtime; the compiler
// passes its own, which builds the same expression as index arithmetic
// (passes/IndexArith.h). Plain C++, no MLIR, no MPI; not part of the
// installed interface.
//
//===----------------------------------------------------------------------===//
#ifndef IDTR_DETAIL_INTARITH_H
#define IDTR_DETAIL_INTARITH_H

#include <algorithm>
#include <cstdint>

namespace idtr::detail {

/// Arithmetic on int64_t. div and rem are only used on non-negative values.
struct IntArith {
  int64_t zero() const { return 0; }
  int64_t constant(int64_t value) const { return value; }
  int64_t add(int64_t x, int64_t y) const { return x + y; }
  int64_t sub(int64_t x, int64_t y) const { return x - y; }
  int64_t mul(int64_t x, int64_t y) const { return x * y; }
  int64_t div(int64_t x, int64_t y) const { return x / y; }
  int64_t rem(int64_t x, int64_t y) const { return x % y; }
  int64_t min(int64_t x, int64_t y) const { return std::min(x, y); }
  int64_t max(int64_t x, int64_t y) const { return std::max(x, y); }
};

} // namespace idtr::detail

#endif // IDTR_DETAIL_INTARITH_H
