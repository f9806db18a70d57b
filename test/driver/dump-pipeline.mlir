// --dump-pipeline prints the MLIR pipeline in use (to stderr), in the form
// --pipeline accepts, with or without inputs.
// RUN: %distc --dump-pipeline 2>&1 | FileCheck %s
// RUN: %distc --dump-pipeline -O0 2>&1 | FileCheck %s --check-prefix=O0
// RUN: %distc --dump-pipeline -O0 --no-runtime-checks 2>&1 | FileCheck %s --check-prefix=O0-NOCHECKS
// RUN: %distc --dump-pipeline -O2 --runtime-checks 2>&1 | FileCheck %s --check-prefix=O2-CHECKS
// RUN: %distc --dump-pipeline --pipeline='cse,func.func(canonicalize)' --emit=mlir %s -o %t.mlir 2>&1 | FileCheck %s --check-prefix=CUSTOM

// CHECK: builtin.module(distc-shard-partition,convert-shard-to-distruntime,convert-dist-to-distruntime,canonicalize{{.*}},cse,linalg-fuse-elementwise-ops,distc-fuse-sibling-reductions,canonicalize{{.*}},cse,distruntime-check-waits,distruntime-overlap-comm,lower-distruntime-to-idtr,eliminate-empty-tensors,distc-reuse-input-buffers,one-shot-bufferize{{.*}},func.func(distc-lower-cold-loops),func.func(distc-lower-scalar-reductions),func.func(convert-linalg-to-loops){{.*}},reconcile-unrealized-casts,distc-attach-loop-annotations)
// O0: builtin.module(distc-shard-partition,convert-shard-to-distruntime,distc-runtime-checks,convert-dist-to-distruntime,distruntime-check-waits,lower-distruntime-to-idtr,eliminate-empty-tensors,one-shot-bufferize
// O0-NOCHECKS: builtin.module(distc-shard-partition,convert-shard-to-distruntime,convert-dist-to-distruntime,distruntime-check-waits,
// O2-CHECKS: builtin.module(distc-shard-partition,convert-shard-to-distruntime,distc-runtime-checks,convert-dist-to-distruntime,canonicalize
// CUSTOM: builtin.module(cse,func.func(canonicalize{{.*}}))

func.func @main() {
  return
}
