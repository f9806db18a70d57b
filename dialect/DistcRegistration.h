//===- DistcRegistration.h - Dialects, extensions and passes of distc -----===//
//
// One place that says which dialects, interface extensions and passes the
// distc tools know. distc and distc-opt both call these, so a program that
// distc-opt accepts is one that distc can compile.
//
//===----------------------------------------------------------------------===//
#ifndef DISTC_DIALECT_DISTCREGISTRATION_H
#define DISTC_DIALECT_DISTCREGISTRATION_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace distc {

/// Registers the upstream dialects and extensions distc programs may use
/// (all of upstream MLIR) plus distc's own dialects.
void registerDistcDialects(mlir::DialectRegistry &registry);

/// Registers all of upstream's passes and distc's own with the global pass
/// registry (for textual pipelines and distc-opt). The named pipelines are
/// registered apart (registerDistcPipelines, pipelines/Pipelines.h).
void registerUpstreamAndDistcPasses();

} // namespace distc

#endif // DISTC_DIALECT_DISTCREGISTRATION_H
