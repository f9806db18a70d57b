// The shard stage is the first of the default pipeline, listed and dumped
// like the others, and runs by name in distc-opt; --print-ir-after shows
// its result.
// RUN: %distc --list-pipelines | FileCheck %s --check-prefix=LIST
// RUN: distc-opt --distc-shard-to-distruntime %s | FileCheck %s
// RUN: %distc --emit=mlir --pipeline=distc-shard-to-distruntime %s -o - | FileCheck %s
// RUN: %distc --emit=mlir --print-ir-after=convert-shard-to-distruntime %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=AFTER

// LIST: distc-default
// LIST-NEXT: the whole default pipeline
// LIST-NEXT: builtin.module(
// LIST-NEXT: distc-shard-partition{remarks=false},
// LIST-NEXT: convert-shard-to-distruntime,
// LIST-NEXT: distc-fp-contract,
// LIST-NEXT: distc-form-stencils,
// LIST-NEXT: convert-dist-to-distruntime,
// LIST: distc-shard-to-distruntime
// LIST-NEXT: upstream shard programs -> SPMD local code and distruntime ops
// LIST-NEXT: builtin.module(
// LIST-NEXT: distc-shard-partition{remarks=false},
// LIST-NEXT: convert-shard-to-distruntime
// LIST: distc-dist-to-distruntime

// CHECK-NOT: shard.
// CHECK-LABEL: func.func @scale
// CHECK: distruntime.team_size
// CHECK: distruntime.check
// CHECK: distruntime.team_member
// CHECK: tensor.extract_slice %arg0[%{{.*}}] [4] [1] : tensor<8xf64> to tensor<4xf64>
// CHECK: linalg.mul ins(%{{.*}}, %{{.*}} : tensor<4xf64>, tensor<4xf64>)
// CHECK: distruntime.copy_reshape
// CHECK: distruntime.wait
// CHECK-NOT: shard.

// AFTER: IR Dump After ConvertShardToDistRuntime (convert-shard-to-distruntime)
// AFTER-NOT: shard.
// AFTER: distruntime.copy_reshape

shard.grid @grid0(shape = 2)

func.func @scale(%x: tensor<8xf64>) -> tensor<8xf64> {
  %s = shard.sharding @grid0 split_axes = [[0]] : !shard.sharding
  %xs = shard.shard %x to %s : tensor<8xf64>
  %e = tensor.empty() : tensor<8xf64>
  %y = linalg.mul ins(%xs, %xs : tensor<8xf64>, tensor<8xf64>) outs(%e : tensor<8xf64>) -> tensor<8xf64>
  return %y : tensor<8xf64>
}
