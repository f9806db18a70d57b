// RUN: %distc-opt %s --distc-lower-cold-loops | FileCheck %s
// The annotation reaches LLVM IR as !llvm.loop metadata.
// RUN: %distc-opt %s --distc-lower-cold-loops --convert-linalg-to-loops --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts --distc-attach-loop-annotations | FileCheck %s --check-prefix=LLVM
// RUN: %distc-opt %s --distc-lower-cold-loops --convert-linalg-to-loops --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts --distc-attach-loop-annotations | mlir-translate --mlir-to-llvmir | FileCheck %s --check-prefix=IR

#id = affine_map<(d0, d1) -> (d0, d1)>

// A cold linalg op becomes loops that LLVM neither vectorizes nor unrolls;
// the other one is left for convert-linalg-to-loops.
// CHECK-DAG: #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK-DAG: #[[VEC:.*]] = #llvm.loop_vectorize<disable = true>
// CHECK: #[[ANN:.*]] = #llvm.loop_annotation<disableNonforced = true, vectorize = #[[VEC]], unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @cold
// CHECK: scf.for
// CHECK: scf.for
// CHECK: arith.addf
// CHECK: } {llvm.loop_annotation = #[[ANN]]}
// CHECK: } {llvm.loop_annotation = #[[ANN]]}
// CHECK-NOT: distc.cold
// CHECK: linalg.generic
// CHECK-NOT: distc.cold
// LLVM-LABEL: llvm.func @cold
// LLVM-COUNT-2: llvm.br {{.*}} {loop_annotation = #
// LLVM-NOT: llvm.loop_annotation
// IR-LABEL: define void @cold
// IR: !llvm.loop ![[LOOP:[0-9]+]]
// IR: ![[LOOP]] = distinct !{![[LOOP]], ![[NF:[0-9]+]], ![[VEC:[0-9]+]], ![[UNROLL:[0-9]+]]}
// IR-DAG: ![[NF]] = !{!"llvm.loop.disable_nonforced"}
// IR-DAG: ![[VEC]] = !{!"llvm.loop.vectorize.enable", i1 false}
// IR-DAG: ![[UNROLL]] = !{!"llvm.loop.unroll.disable"}
func.func @cold(%a: memref<1x?xf64>, %b: memref<1x?xf64>, %c: memref<?x?xf64>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%a : memref<1x?xf64>) outs(%b : memref<1x?xf64>) attrs = {distc.cold} {
  ^bb0(%x: f64, %out: f64):
    %y = arith.addf %x, %x : f64
    linalg.yield %y : f64
  }
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%c : memref<?x?xf64>) outs(%c : memref<?x?xf64>) {
  ^bb0(%x: f64, %out: f64):
    %y = arith.mulf %x, %x : f64
    linalg.yield %y : f64
  }
  return
}
