//===- DistRuntime.h - the distruntime dialect --------------------*- C++ -*-===//
//
// Include this header to use the distruntime dialect: it brings in the
// dialect, its type, the AsyncOpInterface and the operations, all generated
// from the .td files beside it.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DIALECT_DISTRUNTIME_DISTRUNTIME_H
#define DISTC_DIALECT_DISTRUNTIME_DISTRUNTIME_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::distruntime {
/// The state every rank of a team shares. Communicating ops read and write
/// it, which keeps them alive and in order (see DistRuntimeBase.td).
struct CommunicationResource
    : public SideEffects::Resource::Base<CommunicationResource> {
  StringRef getName() final { return "<distruntime communication>"; }
};

/// The process's environment as the runtime reaches it (standard output,
/// files, the command line, the clock, the exit status): the runtime-service
/// ops read and write it (DistRuntimeServiceOps.td).
struct HostResource : public SideEffects::Resource::Base<HostResource> {
  StringRef getName() final { return "<distruntime host>"; }
};

/// Checks a command-line parameter declaration (dist.param and
/// distruntime.param): `name` becomes the option `--name`, so it is made
/// of letters, digits, '_' and '-', does not start with '-' and is not
/// "help"; `type` is index, i1..i64, f32 or f64 and `value` a default of
/// that type (true/false for i1). Emits the error on `op`.
LogicalResult verifyParameter(Operation *op, StringRef name, Type type,
                              Attribute value);

/// The `default` of a parameter op: a number with its type, or true/false
/// followed by `: i1` (custom<ParamDefault> in the assembly formats).
ParseResult parseParamDefault(OpAsmParser &parser, Attribute &value,
                              Type &type);
void printParamDefault(OpAsmPrinter &printer, Operation *op, Attribute value,
                       Type type);

/// Whether `attr` can be a `team`: an integer attribute whose value fits in
/// 64 bits.
inline bool isTeamIdAttr(Attribute attr) {
  auto integer = llvm::dyn_cast<IntegerAttr>(attr);
  if (!integer)
    return false;
  const llvm::APInt &value = integer.getValue();
  return integer.getType().isUnsignedInteger() ? value.getActiveBits() <= 64
                                               : value.getSignificantBits() <= 64;
}

/// Rows of update_halo's halos where they are known: the rows of the
/// bounding box [boxBegin, boxBegin + boxRows) before this rank's own rows
/// [ownBegin, ownBegin + ownRows) (left) and after them (right). `ownRows`
/// may be ShapedType::kDynamic; the runtime uses the same definition.
struct HaloRows {
  std::optional<int64_t> left, right;
};
HaloRows haloRows(std::optional<int64_t> ownBegin, int64_t ownRows,
                  std::optional<int64_t> boxBegin, std::optional<int64_t> boxRows);

/// Checks that the arrays of `op` (its shaped operands and results) are all
/// tensors, or all memrefs (the form a bufferized op has); emits the error
/// on `op` otherwise.
LogicalResult verifyArrayForm(Operation *op);

/// Attaches the one-shot bufferization models of the ops that take or make
/// arrays (BufferizableOpInterfaceImpl.cpp).
void registerBufferizableOpInterfaceExternalModels(DialectRegistry &registry);

/// Why distruntime.copy_rows cannot copy a view of `type` ("does not have
/// contiguous rows (innermost stride 1)", ...), or std::nullopt if it can: a
/// 2-D view with contiguous rows, elements of whole bytes, in the default
/// memory space.
std::optional<std::string> whyNotCopyRowsView(MemRefType type);

/// The team id of a `team` attribute, as the runtime takes it.
inline int64_t teamIdValue(IntegerAttr attr) {
  const llvm::APInt &value = attr.getValue();
  return attr.getType().isUnsignedInteger()
             ? static_cast<int64_t>(value.getZExtValue())
             : value.getSExtValue();
}

/// Whether `attr`, a ReduceKind, is a kind the runtime reduces with (max,
/// min, prod, sum): those of distruntime.allreduce.
bool isRuntimeReduceKind(Attribute attr);

/// Checks that `axes` is a permutation of [0, rank) (the `axes` of
/// dist.permute and distruntime.copy_permute); emits "'axes' must be a
/// permutation of [0, rank), got [...]" on `op` if not.
LogicalResult verifyPermutation(Operation *op, ArrayRef<int64_t> axes,
                                int64_t rank);

/// The patterns that replace tensor.extract_slice, tensor.insert_slice and
/// memref.subview selecting no element (EmptyViews.cpp); the dialect's
/// canonicalization patterns.
void populateEmptyViewPatterns(RewritePatternSet &patterns);
} // namespace mlir::distruntime

#include "dialect/DistRuntime/DistRuntimeOpsDialect.h.inc"
#include "dialect/DistRuntime/DistRuntimeEnums.h.inc"

#define GET_TYPEDEF_CLASSES
#include "dialect/DistRuntime/DistRuntimeOpsTypes.h.inc"

#include "dialect/DistRuntime/DistRuntimeInterfaces.h.inc"

#define GET_OP_CLASSES
#include "dialect/DistRuntime/DistRuntimeOps.h.inc"

#endif // DISTC_DIALECT_DISTRUNTIME_DISTRUNTIME_H
