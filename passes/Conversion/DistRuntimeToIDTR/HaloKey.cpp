//===- HaloKey.cpp - the runtime's key of a 1-D halo exchange -------------===//
//
// See HaloKey.h.
//
//===----------------------------------------------------------------------===//

#include "passes/Conversion/DistRuntimeToIDTR/HaloKey.h"

#include "passes/Conversion/DistRuntimeToIDTR/IDTRCallBuilder.h"
#include "runtime/include/idtr/idtr.h"

#include "llvm/Support/xxhash.h"

using namespace mlir;
using namespace mlir::distruntime;

namespace mlir::distc::idtr_lowering {

int64_t haloKey(UpdateHaloOp op) {
  if (std::optional<int64_t> key = op.getKey())
    return *key;
  std::optional<ArrayRef<int64_t>> widths = op.getWidths();
  if (!widths)
    return -1;
  std::string site = runtimeLocation(op).value_or("");
  // -1 (no key) for widths beyond what the key encodes.
  return idtr_halo_key(static_cast<uint32_t>(llvm::xxh3_64bits(site)),
                       (*widths)[0], (*widths)[1]);
}

} // namespace mlir::distc::idtr_lowering
