# One precompiled header of the upstream MLIR headers for distc's
# libraries, and one for its executables.
#
# Four fifths of compiling a distc source is parsing the MLIR headers that
# every dialect, pass and tool includes (mlir/IR, the interfaces, the
# upstream dialects' generated op classes); -ftime-trace shows the same few
# dozen headers in every translation unit. Parsing them once per build and
# loading the result is the largest saving in a from-scratch build
# (README.md, "Developing").
#
# Only headers of the installed LLVM/MLIR are precompiled, never distc's own
# (dialect/, passes/): those change with the work, and a change to one must
# rebuild only the sources that include it, not every source through the
# precompiled header.
#
# A target can reuse another's precompiled header only if it compiles with
# the same flags. The libraries (add_mlir_library, whose objects are built
# by the object library obj.<name>) all do; the executables
# (add_llvm_executable) add -DLLVM_BUILD_STATIC, so they share a second one.
# Sources that compile with other options (-fexceptions) set
# SKIP_PRECOMPILE_HEADERS. -DCMAKE_DISABLE_PRECOMPILE_HEADERS=ON builds
# without them (every source still includes what it uses).

set(DISTC_PCH_HEADERS
  # Everything an op, a pattern or a pass is made of.
  <mlir/Bytecode/BytecodeOpInterface.h>
  <mlir/IR/Builders.h>
  <mlir/IR/BuiltinAttributes.h>
  <mlir/IR/BuiltinOps.h>
  <mlir/IR/BuiltinTypes.h>
  <mlir/IR/Dialect.h>
  <mlir/IR/DialectRegistry.h>
  <mlir/IR/IRMapping.h>
  <mlir/IR/ImplicitLocOpBuilder.h>
  <mlir/IR/MLIRContext.h>
  <mlir/IR/Matchers.h>
  <mlir/IR/OpDefinition.h>
  <mlir/IR/OpImplementation.h>
  <mlir/IR/PatternMatch.h>
  <mlir/IR/SymbolTable.h>
  <mlir/Interfaces/ControlFlowInterfaces.h>
  <mlir/Interfaces/FunctionInterfaces.h>
  <mlir/Interfaces/InferTypeOpInterface.h>
  <mlir/Interfaces/LoopLikeInterface.h>
  <mlir/Interfaces/SideEffectInterfaces.h>
  <mlir/Pass/Pass.h>
  <mlir/Support/LLVM.h>
  <mlir/Transforms/DialectConversion.h>
  <mlir/Transforms/GreedyPatternRewriteDriver.h>
  # The upstream dialects that distc's dialects build on and its passes
  # produce (passes/Passes.h).
  <mlir/Dialect/Affine/IR/AffineOps.h>
  <mlir/Dialect/Arith/IR/Arith.h>
  <mlir/Dialect/Arith/Utils/Utils.h>
  <mlir/Dialect/Bufferization/IR/Bufferization.h>
  <mlir/Dialect/Complex/IR/Complex.h>
  <mlir/Dialect/ControlFlow/IR/ControlFlow.h>
  <mlir/Dialect/Func/IR/FuncOps.h>
  <mlir/Dialect/LLVMIR/LLVMDialect.h>
  <mlir/Dialect/Linalg/IR/Linalg.h>
  <mlir/Dialect/Math/IR/Math.h>
  <mlir/Dialect/MemRef/IR/MemRef.h>
  <mlir/Dialect/SCF/IR/SCF.h>
  <mlir/Dialect/Shard/IR/ShardOps.h>
  <mlir/Dialect/Tensor/IR/Tensor.h>
  <mlir/Dialect/Utils/StaticValueUtils.h>
  <mlir/Dialect/Vector/IR/VectorOps.h>
)

# distc_precompile_headers(<target> LIBRARY|EXECUTABLE)
#   Compiles <target>'s sources with the precompiled DISTC_PCH_HEADERS: the
#   first target of each kind builds the header, the others reuse it.
function(distc_precompile_headers target kind)
  set(owner_property DISTC_PCH_OWNER_${kind})
  get_property(owner GLOBAL PROPERTY ${owner_property})
  if(NOT owner)
    target_precompile_headers(${target} PRIVATE ${DISTC_PCH_HEADERS})
    set_property(GLOBAL PROPERTY ${owner_property} ${target})
  else()
    target_precompile_headers(${target} REUSE_FROM ${owner})
  endif()
endfunction()
