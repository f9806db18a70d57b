//===- ReplicatedSharding.cpp - replicated fallback for shard propagation -===//

#include "passes/Conversion/ShardToDistRuntime/ReplicatedSharding.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "passes/Conversion/ShardToDistRuntime/NoProposalModel.h"

#include "mlir/Dialect/Shard/Interfaces/ShardingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"

#include "llvm/ADT/StringSet.h"

#include <mutex>

using namespace mlir;
using namespace mlir::shard;

namespace {

/// Proposes no sharding (propagation then adds no annotations and goes on)
/// and partitions by cloning the op on whole tensors: the annotations that
/// distc-shard-partition puts around it are all replicated.
struct ReplicatedModel : public mlir::distc::NoProposalModel<ReplicatedModel> {
  LogicalResult partition(Operation *op, ArrayRef<Value> partitionedOperands,
                          ArrayRef<Sharding> operandShardings,
                          ArrayRef<Sharding> resultShardings,
                          IRMapping &partitionMap,
                          SymbolTableCollection &symbolTable,
                          OpBuilder &builder) const {
    partitionFullyReplicatedOperation(*op, partitionedOperands,
                                      operandShardings, resultShardings,
                                      partitionMap, symbolTable, builder);
    return success();
  }
};

std::mutex namesMutex;
llvm::StringSet<> &replicatedNames() {
  static llvm::StringSet<> names;
  return names;
}

/// Attaches the model to every op of `dialect` that has no sharding model.
/// Upstream's models are attached by extensions registered before this one
/// (registerAllExtensions), so they are in place already.
void attachToDialect(MLIRContext *ctx, Dialect *dialect,
                     ArrayRef<StringRef> only = {}) {
  for (RegisteredOperationName name : ctx->getRegisteredOperations()) {
    if (&name.getDialect() != dialect ||
        name.hasInterface<ShardingInterface>() ||
        name.hasTrait<OpTrait::IsTerminator>() ||
        name.hasTrait<OpTrait::ConstantLike>())
      continue;
    if (!only.empty() && !llvm::is_contained(only, name.getStringRef()))
      continue;
    name.attachInterface<ReplicatedModel>();
    std::lock_guard<std::mutex> lock(namesMutex);
    replicatedNames().insert(name.getStringRef());
  }
}

} // namespace

void mlir::distc::registerReplicatedShardingModels(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, arith::ArithDialect *dialect) {
    attachToDialect(ctx, dialect);
  });
  registry.addExtension(+[](MLIRContext *ctx, math::MathDialect *dialect) {
    attachToDialect(ctx, dialect);
  });
  registry.addExtension(+[](MLIRContext *ctx, scf::SCFDialect *dialect) {
    attachToDialect(ctx, dialect);
  });
  // Every op of these dialects that has no rule of its own is computed
  // replicated: correct for any op, with the gathers and slices that
  // partitioning puts around it.
  registry.addExtension(+[](MLIRContext *ctx, vector::VectorDialect *dialect) {
    attachToDialect(ctx, dialect);
  });
  registry.addExtension(+[](MLIRContext *ctx, tensor::TensorDialect *dialect) {
    attachToDialect(ctx, dialect);
  });
  registry.addExtension(+[](MLIRContext *ctx, linalg::LinalgDialect *dialect) {
    attachToDialect(ctx, dialect);
  });
  registry.addExtension(
      +[](MLIRContext *ctx, bufferization::BufferizationDialect *dialect) {
        attachToDialect(ctx, dialect);
      });
  registry.addExtension(+[](MLIRContext *ctx, func::FuncDialect *dialect) {
    attachToDialect(ctx, dialect, {"func.call"});
  });
}

bool mlir::distc::hasReplicatedSharding(Operation *op) {
  std::lock_guard<std::mutex> lock(namesMutex);
  return replicatedNames().contains(op->getName().getStringRef());
}
