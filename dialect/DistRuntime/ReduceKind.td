//===- ReduceKind.td - the reduction kinds of dist and distruntime -*- tablegen -*-===//
//
// One enum for both dialects: dist's reductions take every kind, the
// runtime-boundary ops only those the runtime reduces with (max, min, prod,
// sum, and band/bor/bxor on integers; dist lowers the others to them), so lowering dist to distruntime
// passes a kind unchanged. The values of max..sum and band..bxor are the
// IDTR reduction codes of runtime/include/idtr/idtr.h (IDTR_MAX ... IDTR_SUM,
// IMEX numbering; IDTR_BAND ... IDTR_BXOR): lower-distruntime-to-idtr
// (OpLowerings.cpp) checks that at compile time and passes them to the
// runtime unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef DISTRUNTIME_REDUCEKIND
#define DISTRUNTIME_REDUCEKIND

include "mlir/IR/EnumAttr.td"

def DistRuntime_ReduceKind : I32EnumAttr<"ReduceKind", "reduction kind", [
    I32EnumAttrCase<"max", 0>,
    I32EnumAttrCase<"mean", 1>,
    I32EnumAttrCase<"min", 2>,
    I32EnumAttrCase<"prod", 3>,
    I32EnumAttrCase<"sum", 4>,
    I32EnumAttrCase<"any", 5>,
    I32EnumAttrCase<"all", 6>,
    I32EnumAttrCase<"argmin", 7>,
    I32EnumAttrCase<"argmax", 8>,
    // Bitwise reductions of integers (shard's bitwise_and/or/xor); on i1
    // they are the logical and/or/xor.
    I32EnumAttrCase<"band", 9>,
    I32EnumAttrCase<"bor", 10>,
    I32EnumAttrCase<"bxor", 11>,
  ]> {
  let cppNamespace = "::mlir::distruntime";
}

/// The kinds the runtime reduces with.
def DistRuntime_RuntimeReduceKind : ConfinedAttr<DistRuntime_ReduceKind, [
    AttrConstraint<CPred<"::mlir::distruntime::isRuntimeReduceKind($_self)">,
                   "whose value is max, min, prod, sum, band, bor or bxor">]>;

#endif // DISTRUNTIME_REDUCEKIND
