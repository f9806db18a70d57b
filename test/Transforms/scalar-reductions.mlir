// RUN: %distc-opt %s --split-input-file --distc-lower-scalar-reductions | FileCheck %s

#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>

// A sum and a maximum of a 2-D buffer: the accumulators are loaded once,
// carried by the loops and stored once; the body's index op becomes the
// loop's induction variable.
// CHECK-LABEL: func.func @sum_and_max
// CHECK-SAME: (%[[A:[^:]*]]: memref<?x?xf64>, %[[S:[^:]*]]: memref<f64>, %[[M:[^:]*]]: memref<f64>)
// CHECK-DAG: %[[S0:.*]] = memref.load %[[S]][]
// CHECK-DAG: %[[M0:.*]] = memref.load %[[M]][]
// CHECK: %[[R:.*]]:2 = scf.for %[[I:[^ ]*]] = {{.*}} iter_args(%[[SA:[^ ]*]] = %[[S0]], %[[MA:[^ ]*]] = %[[M0]])
// CHECK: scf.for %[[J:[^ ]*]] = {{.*}} iter_args(%[[SB:[^ ]*]] = %[[SA]], %[[MB:[^ ]*]] = %[[MA]])
// CHECK: %[[X:.*]] = memref.load %[[A]][%[[I]], %[[J]]]
// CHECK: arith.index_cast %[[I]]
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: scf.yield
// CHECK: scf.yield
// CHECK-DAG: memref.store %[[R]]#0, %[[S]][]
// CHECK-DAG: memref.store %[[R]]#1, %[[M]][]
// CHECK-NOT: linalg.generic
func.func @sum_and_max(%a: memref<?x?xf64>, %s: memref<f64>, %m: memref<f64>) {
  linalg.generic {indexing_maps = [#id, #scalar, #scalar], iterator_types = ["reduction", "reduction"]}
      ins(%a : memref<?x?xf64>) outs(%s, %m : memref<f64>, memref<f64>) {
  ^bb0(%x: f64, %sa: f64, %ma: f64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %fi = arith.sitofp %ii : i64 to f64
    %xi = arith.addf %x, %fi : f64
    %t = arith.addf %xi, %sa : f64
    %u = arith.maximumf %x, %ma : f64
    linalg.yield %t, %u : f64, f64
  }
  return
}

// -----

#id = affine_map<(d0) -> (d0)>

// Not a reduction to scalars: left for convert-linalg-to-loops.
// CHECK-LABEL: func.func @elementwise
// CHECK: linalg.generic
func.func @elementwise(%a: memref<?xf64>, %b: memref<?xf64>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%a : memref<?xf64>) outs(%b : memref<?xf64>) {
  ^bb0(%x: f64, %y: f64):
    linalg.yield %x : f64
  }
  return
}

// -----

#id = affine_map<(d0, d1) -> (d0, d1)>
#scalar = affine_map<(d0, d1) -> ()>

// A sum of floats must keep its order: LLVM can neither vectorize nor gain
// from unrolling it, and its -O3 full unrolling made straight-line code of
// every short row. The loops say so; a maximum, and a sum whose adds may be
// reassociated, leave LLVM free.
// CHECK: #[[UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK: #[[NOUNROLL:.*]] = #llvm.loop_annotation<unroll = #[[UNROLL]]>
// CHECK-LABEL: func.func @ordered_sum
// CHECK: scf.for
// CHECK: scf.for
// CHECK: } {llvm.loop_annotation = #[[NOUNROLL]]}
// CHECK: } {llvm.loop_annotation = #[[NOUNROLL]]}
// A dot product's contracted multiply-add (distc-fp-contract) keeps its
// order too.
// CHECK-LABEL: func.func @ordered_dot
// CHECK: scf.for
// CHECK: llvm.intr.fmuladd
// CHECK: } {llvm.loop_annotation = #[[NOUNROLL]]}
// CHECK-LABEL: func.func @maximum
// CHECK-NOT: llvm.loop_annotation
// CHECK-LABEL: func.func @reassociable_sum
// CHECK-NOT: llvm.loop_annotation
// CHECK: return
func.func @ordered_sum(%a: memref<?x64xf64>, %s: memref<f64>) {
  linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction", "reduction"]}
      ins(%a : memref<?x64xf64>) outs(%s : memref<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %t = arith.addf %x, %acc : f64
    linalg.yield %t : f64
  }
  return
}
func.func @ordered_dot(%a: memref<?x64xf64>, %s: memref<f64>) {
  linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction", "reduction"]}
      ins(%a : memref<?x64xf64>) outs(%s : memref<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %t = llvm.intr.fmuladd(%x, %x, %acc) : (f64, f64, f64) -> f64
    linalg.yield %t : f64
  }
  return
}
func.func @maximum(%a: memref<?x64xf64>, %s: memref<f64>) {
  linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction", "reduction"]}
      ins(%a : memref<?x64xf64>) outs(%s : memref<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %t = arith.maximumf %x, %acc : f64
    linalg.yield %t : f64
  }
  return
}
func.func @reassociable_sum(%a: memref<?x64xf64>, %s: memref<f64>) {
  linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction", "reduction"]}
      ins(%a : memref<?x64xf64>) outs(%s : memref<f64>) {
  ^bb0(%x: f64, %acc: f64):
    %t = arith.addf %x, %acc fastmath<reassoc> : f64
    linalg.yield %t : f64
  }
  return
}
