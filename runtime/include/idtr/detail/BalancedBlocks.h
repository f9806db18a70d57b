//===- BalancedBlocks.h - the balanced partition of n elements --*- C++ -*-===//
//
// One definition of the balanced block formula, shared by the runtime (its
// plans compute any rank's block of a balanced call from the formula) and
// the compiler (the dist lowering and the shard lowering emit it as index
// arithmetic). Plain C++ with no MLIR and no MPI, like HaloRows.h; not part
// of the installed interface.
//
// n elements on P parts: part r holds n / P of them plus one of the n % P
// extra elements, which go to the first parts (ExtraFirst: dist's
// partitions, docs/dist.md) or to the last ones (ExtraLast: the shard
// dialect's, docs/shard.md). In both, part r starts at
//
//   r * (n / P) + (the extra elements of the parts before r)
//
// and the extra elements before r are min(r, n % P) (first) or
// max(r + n % P - P, 0) (last): min/max forms without a compare, so that
// the compiler's IR and the runtime's integers are the same expression
// (IntArith.h).
// n >= 0 and P >= 1; r in [0, P] (r = P gives the end, n).
//
//===----------------------------------------------------------------------===//
#ifndef IDTR_DETAIL_BALANCEDBLOCKS_H
#define IDTR_DETAIL_BALANCEDBLOCKS_H

#include "IntArith.h"

#include <cstdint>

namespace idtr::detail {

/// Which parts hold the n % P extra elements.
enum class ExtraElements { First, Last };

template <typename T> struct Block {
  T offset, size;
};

/// The extra elements held by the parts before part r.
template <typename T, typename Arith>
T extraBefore(T r, T parts, T extra, ExtraElements where, const Arith &a) {
  if (where == ExtraElements::First)
    return a.min(r, extra);
  return a.max(a.sub(a.add(r, extra), parts), a.zero());
}

/// The start of part r's block.
template <typename T, typename Arith = IntArith>
T balancedOffset(T n, T parts, T r, ExtraElements where,
                 const Arith &a = Arith()) {
  return a.add(a.mul(r, a.div(n, parts)),
               extraBefore(r, parts, a.rem(n, parts), where, a));
}

/// Part r's block: its start and its number of elements.
template <typename T, typename Arith = IntArith>
Block<T> balancedBlock(T n, T parts, T r, ExtraElements where,
                       const Arith &a = Arith()) {
  T quotient = a.div(n, parts), extra = a.rem(n, parts);
  T before = extraBefore(r, parts, extra, where, a);
  T through = extraBefore(a.add(r, a.constant(1)), parts, extra, where, a);
  return {a.add(a.mul(r, quotient), before),
          a.add(quotient, a.sub(through, before))};
}

} // namespace idtr::detail

#endif // IDTR_DETAIL_BALANCEDBLOCKS_H
