// --dump-pipeline prints the MLIR pipeline in use (to stderr), in the form
// --pipeline accepts, with or without inputs.
// RUN: %distc --dump-pipeline 2>&1 | FileCheck %s
// RUN: %distc --dump-pipeline -O0 2>&1 | FileCheck %s --check-prefix=O0
// The matmul register tile follows the vector registers of -march's CPU.
// RUN: %distc --dump-pipeline -march=skylake-avx512 2>&1 | FileCheck %s --check-prefix=AVX512
// RUN: %distc --dump-pipeline -march=x86-64-v3 2>&1 | FileCheck %s --check-prefix=AVX2
// RUN: %distc --dump-pipeline -march=x86-64 2>&1 | FileCheck %s --check-prefix=SSE
// AVX512: func.func(distc-tile-matmul{vector-bits=512})
// AVX2: func.func(distc-tile-matmul{vector-bits=256})
// SSE: func.func(distc-tile-matmul{vector-bits=128})
// RUN: %distc --dump-pipeline -O0 --no-runtime-checks 2>&1 | FileCheck %s --check-prefix=O0-NOCHECKS
// RUN: %distc --dump-pipeline -O2 --runtime-checks 2>&1 | FileCheck %s --check-prefix=O2-CHECKS
// RUN: %distc --dump-pipeline -ffp-contract=off 2>&1 | FileCheck %s --check-prefix=NOCONTRACT
// RUN: %distc --dump-pipeline --pipeline='cse,func.func(canonicalize)' --emit=mlir %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=CUSTOM

// CHECK: builtin.module(distc-shard-partition{remarks=false},convert-shard-to-distruntime,distc-fp-contract,distc-form-stencils,convert-dist-to-distruntime,canonicalize{{.*}},cse,distc-fuse-elementwise,distc-fuse-sibling-reductions,func.func(distc-tile-matmul{vector-bits={{128|256|512}}}),canonicalize{{.*}},cse,distruntime-check-waits,distruntime-overlap-comm,lower-distruntime-to-idtr,distc-choose-whole-tensors,convert-elementwise-to-linalg,distc-drop-empty-slices,eliminate-empty-tensors,distc-reuse-input-buffers,one-shot-bufferize{{.*}},func.func(distc-lower-cold-loops),func.func(distc-lower-scalar-reductions),func.func(distc-fp-contract-named-ops),func.func(convert-linalg-to-loops){{.*}},reconcile-unrealized-casts,distc-attach-loop-annotations,distc-internalize-private-functions,distc-wrap-void-main,distc-mark-allocators-noalias)
// O0: builtin.module(distc-shard-partition{remarks=false},convert-shard-to-distruntime,distc-fp-contract,distc-runtime-checks,distc-form-stencils,convert-dist-to-distruntime,distruntime-check-waits,lower-distruntime-to-idtr,distc-choose-whole-tensors,convert-elementwise-to-linalg,distc-drop-empty-slices,eliminate-empty-tensors,one-shot-bufferize
// A --pipeline gets the program finalization appended (it makes the module
// a C program: docs/pipelines.md), once: distc-default already ends with it.
// CUSTOM: builtin.module(cse,func.func(canonicalize{{.*}}),distc-internalize-private-functions,distc-wrap-void-main,distc-mark-allocators-noalias)
// RUN: %distc --dump-pipeline --pipeline='distc-default' 2>&1 | FileCheck %s --check-prefix=ONCE
// RUN: %distc --dump-pipeline --pipeline= 2>&1 | FileCheck %s --check-prefix=EMPTY
// ONCE: ,distc-attach-loop-annotations,distc-internalize-private-functions,distc-wrap-void-main,distc-mark-allocators-noalias)
// ONCE-NOT: distc-wrap-void-main
// EMPTY: builtin.module(distc-internalize-private-functions,distc-wrap-void-main,distc-mark-allocators-noalias)
// O0-NOCHECKS: builtin.module(distc-shard-partition{remarks=false},convert-shard-to-distruntime,distc-fp-contract,distc-form-stencils,convert-dist-to-distruntime,distruntime-check-waits,
// NOCONTRACT: builtin.module(distc-shard-partition{remarks=false},convert-shard-to-distruntime,distc-form-stencils,
// NOCONTRACT-NOT: distc-fp-contract
// O2-CHECKS: builtin.module(distc-shard-partition{remarks=false},convert-shard-to-distruntime,distc-fp-contract,distc-runtime-checks,distc-form-stencils,convert-dist-to-distruntime,canonicalize

func.func @main() {
  return
}
