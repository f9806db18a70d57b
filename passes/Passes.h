//===- Passes.h - distc passes ----------------------------------*- C++ -*-===//
//
// Declarations of distc's own passes (generated from Passes.td) and their
// pattern populators.
//
// The upstream dialects here are those the passes' generated definitions
// (GEN_PASS_DEF_*) load. distc's own dialects are not: a source that uses
// one includes it, so that a change to a dialect's .td rebuilds only the
// passes that use that dialect.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_PASSES_PASSES_H
#define DISTC_PASSES_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir {
class RewritePatternSet;
class TypeConverter;
} // namespace mlir

namespace mlir::distc {

#define GEN_PASS_DECL
#include "passes/Passes.h.inc"

/// Patterns that turn each distruntime op into IDTR runtime calls. The type
/// converter must map !distruntime.asynchandle to i64.
void populateDistRuntimeToIDTRPatterns(TypeConverter &typeConverter,
                                       RewritePatternSet &patterns);

/// Patterns that turn the runtime-service ops (print, .npy files, param,
/// wtime, check, grid_factor) into IDTR runtime calls. `parameterTable` is
/// the module's table (collectParameterTable), which the param calls pass.
void populateDistRuntimeServicePatterns(TypeConverter &typeConverter,
                                        RewritePatternSet &patterns,
                                        StringRef parameterTable);

/// The parameter table of the program under `root`, one "name	type	default"
/// line per parameter sorted by name (`path` for the `param` paths of the
/// .npy ops), as the runtime lists it for --help. Fails with a located error
/// when a name is declared twice with another type or default.
FailureOr<std::string> collectParameterTable(Operation *root);

/// Unit attribute on linalg ops whose loops are too short to be worth
/// vectorizing or unrolling (distc-lower-cold-loops).
inline constexpr char kColdAttrName[] = "distc.cold";

/// The attribute a loop carries to reach LLVM as `!llvm.loop` metadata
/// (distc-attach-loop-annotations moves it onto the latch branch).
inline constexpr char kLoopAnnotationAttrName[] = "llvm.loop_annotation";

/// The annotation of loops LLVM must neither vectorize nor unroll: those of
/// cold linalg ops (distc-lower-cold-loops) and the short ends that
/// distc-split-index-conditions splits off (LowerColdLoops.cpp).
Attribute coldLoopAnnotation(MLIRContext *context);

/// What distc-wrap-void-main renames a `void` main to; the driver's -g
/// finds the wrapper's callee by it (driver/distc/DebugInfo.cpp).
inline constexpr char kUserMainName[] = "__distc_user_main";

/// Patterns that lower each dist op on its own; the type converter must
/// split !dist.tensor into its parts (see Conversion/DistToDistRuntime/DistLayout.h)
/// and !dist.halo into the parts of its source, its fill value and its
/// halo rows (ConvertDistToDistRuntime.cpp).
void populateDistToDistRuntimePatterns(TypeConverter &converter,
                                       RewritePatternSet &patterns);

#define GEN_PASS_REGISTRATION
#include "passes/Passes.h.inc"

} // namespace mlir::distc

#endif // DISTC_PASSES_PASSES_H
