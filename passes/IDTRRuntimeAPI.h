//===- IDTRRuntimeAPI.h - the IDTR runtime ABI as MLIR types ----*- C++ -*-===//
//
// The single source of truth, on the compiler side, for the names and
// function types of the IDTR runtime entry points. It mirrors the C header
// runtime/include/idtr/idtr.h: a memref<*xT> argument of a func.call becomes
// the (int64_t rank, void *desc) pair the runtime takes.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_IDTRRUNTIMEAPI_H
#define DISTC_PASSES_IDTRRUNTIMEAPI_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"

#include <optional>
#include <string>

namespace mlir::distc {

/// The entry points of the runtime. Typed ones exist once per element type.
enum class IDTRFunction {
  NProcs,      // int64_t _idtr_nprocs(int64_t team)
  PRank,       // int64_t _idtr_prank(int64_t team)
  Wait,        // void _idtr_wait(int64_t handle)
  CopyReshape, // int64_t _idtr_copy_reshape_T(team, gShape, lOffs, lPart,
               //                               ngShape, nlOffs, nlPart)
  CopyPermute, // int64_t _idtr_copy_permute_T(team, gShape, lOffs, lPart,
               //                               nlOffs, nlPart, axes)
  UpdateHalo,  // int64_t _idtr_update_halo_T(team, gShape, lOffs, lPart,
               //                  bbOffs, bbSizes, lHalo, rHalo, key)
  AllReduce,   // int64_t _idtr_allreduce_T(team, in, out, int32_t op)
  ReduceAll,   // void _idtr_reduce_all_T(data, int32_t op)
  CheckFailed, // void _idtr_check_failed(const char *message,
               //                         int32_t numValues, int64_t, int64_t)
  ParamI64,    // int64_t _idtr_param_i64(const char *spec, const char *name)
  ParamF64,    // double _idtr_param_f64(const char *spec, const char *name)
  Wtime,       // double _idtr_wtime(void)
  SetLocation, // void _idtr_set_location(const char *location): names the
               // user's op ("file:line:col: op") for the next start call
  // ---- shard front end: sub-grid teams ----
  DefineSubgridTeam, // void _idtr_define_subgrid_team(int64_t team,
                     //     memref<*xindex> gridShape, memref<*xindex> axes)
};

/// A runtime entry point: its symbol name and MLIR function type.
struct IDTRDeclaration {
  std::string name;
  FunctionType type;
};

/// The suffix of the typed entry points for `elementType` ("f64", "i1", ...),
/// or std::nullopt if the runtime has no entry point for it.
std::optional<StringRef> getIDTRTypeSuffix(Type elementType);

/// The comma-separated list of supported element types, for diagnostics.
StringRef getIDTRSupportedTypesList();

/// The declaration of `function` for `elementType` (ignored for the untyped
/// entry points). `elementType` must have a suffix.
IDTRDeclaration getIDTRDeclaration(MLIRContext *context, IDTRFunction function,
                                   Type elementType = {});

/// Every entry point of the ABI that distruntime ops lower to, for every
/// supported element type. `_idtr_check_failed` is not among them: the dist
/// lowering declares it where it emits run-time checks, nor
/// `_idtr_define_subgrid_team`, declared where a shard program uses it.
SmallVector<IDTRDeclaration> getAllIDTRDeclarations(MLIRContext *context);

/// Returns the private declaration of `decl` in `module`, creating it if
/// needed. Emits an error and fails if the symbol exists with another type
/// or is not a func.func. An external `llvm.func` of that name (the ABI as
/// distc's `--emit=mlir` output declares it) is accepted: the result is then
/// a null func::FuncOp.
FailureOr<func::FuncOp> lookupOrDeclareIDTRFunction(ModuleOp module,
                                                    const IDTRDeclaration &decl);

/// The address of an internal constant holding `text` NUL-terminated, named
/// `<symbolPrefix><hash of text>` at the start of `module`: one global per
/// distinct text (messages of run-time checks, source locations passed to
/// the runtime). Created through `b`, so that a rewriter sees the new ops.
Value getOrCreateStringConstant(OpBuilder &b, Location loc, ModuleOp module,
                                StringRef symbolPrefix, StringRef text);

} // namespace mlir::distc

#endif // DISTC_PASSES_IDTRRUNTIMEAPI_H
