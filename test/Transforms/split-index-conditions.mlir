// RUN: %distc-opt %s --split-input-file --distc-split-index-conditions | FileCheck %s

// Two compares of the shifted index: the middle loop has neither (both
// true), the head and the tail keep the body and are not vectorized.
// CHECK: #[[COLD:.*]] = #llvm.loop_annotation<disableNonforced = true, vectorize = #{{.*}}, unroll = #{{.*}}>
// CHECK-LABEL: func.func @active
// CHECK:         %[[A:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:         %[[B:.*]] = arith.index_cast %{{.*}} : i64 to index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[A]] step
// CHECK:           arith.cmpi sge
// CHECK:           arith.cmpi slt
// CHECK:         } {llvm.loop_annotation = #[[COLD]]}
// CHECK:         scf.for %{{.*}} = %[[A]] to %[[B]] step
// CHECK-NOT:       arith.cmpi
// CHECK:           arith.andi %true, %true
// CHECK:         }
// CHECK-NOT:     llvm.loop_annotation
// CHECK:         scf.for %{{.*}} = %[[B]] to %{{.*}} step
// CHECK:           arith.cmpi sge
// CHECK:         } {llvm.loop_annotation = #[[COLD]]}
func.func @active(%m: memref<?xf64>, %n: index, %off: index, %hi: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f64
  scf.for %j = %c0 to %n step %c1 {
    %g = arith.addi %j, %off : index
    %lo = arith.cmpi sge, %g, %c2 : index
    %up = arith.cmpi slt, %g, %hi : index
    %in = arith.andi %lo, %up : i1
    %x = memref.load %m[%j] : memref<?xf64>
    %y = arith.select %in, %x, %z : f64
    memref.store %y, %m[%j] : memref<?xf64>
  }
  return
}

// -----

// Bound on the left, the index minus an offset, a reduction carried
// through the three loops.
// CHECK-LABEL: func.func @carried
// CHECK:         %[[R1:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}) -> (index)
// CHECK:         %[[R2:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[R1]]) -> (index)
// CHECK:         %[[R3:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[R2]]) -> (index)
// CHECK:         return %[[R3]]
func.func @carried(%n: index, %off: index, %b: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %g = arith.subi %j, %off : index
    %in = arith.cmpi sgt, %b, %g : index
    %v = arith.select %in, %c1, %c0 : index
    %s = arith.addi %acc, %v : index
    scf.yield %s : index
  }
  return %r : index
}

// -----

// Left alone: unsigned and equality compares (not monotone in the index),
// a step other than 1, a bound that changes in the loop, a loop marked
// cold.
// CHECK-LABEL: func.func @untouched
// CHECK-NOT: arith.trunci
// CHECK-COUNT-4: scf.for
// CHECK-NOT: scf.for
// CHECK: return
func.func @untouched(%m: memref<?xindex>, %n: index, %off: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %j = %c0 to %n step %c1 {
    %g = arith.addi %j, %off : index
    %u = arith.cmpi ult, %g, %c2 : index
    %e = arith.cmpi eq, %g, %c2 : index
    %v = arith.ori %u, %e : i1
    %w = arith.select %v, %c1, %c0 : index
    memref.store %w, %m[%j] : memref<?xindex>
  }
  scf.for %j = %c0 to %n step %c2 {
    %s = arith.cmpi slt, %j, %c2 : index
    %w = arith.select %s, %c1, %c0 : index
    memref.store %w, %m[%j] : memref<?xindex>
  }
  scf.for %j = %c0 to %n step %c1 {
    %x = memref.load %m[%j] : memref<?xindex>
    %s = arith.cmpi slt, %j, %x : index
    %w = arith.select %s, %c1, %c0 : index
    memref.store %w, %m[%j] : memref<?xindex>
  }
  scf.for %j = %c0 to %n step %c1 {
    %s = arith.cmpi slt, %j, %c2 : index
    %w = arith.select %s, %c1, %c0 : index
    memref.store %w, %m[%j] : memref<?xindex>
  } {llvm.loop_annotation = #llvm.loop_annotation<disableNonforced = false>}
  %x = arith.constant 3 : index
  %u = arith.cmpi ult, %x, %n : index
  return
}

// -----

// A nest: the inner loop is split, then the outer one with the three inner
// loops in each of its copies.
// CHECK-LABEL: func.func @nest
// CHECK-COUNT-12: scf.for
// CHECK-NOT:     scf.for
func.func @nest(%m: memref<?x?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %z = arith.constant 0.0 : f64
  scf.for %i = %c0 to %n step %c1 {
    %ok = arith.cmpi sge, %i, %c2 : index
    scf.for %j = %c0 to %n step %c1 {
      %in = arith.cmpi sge, %j, %c2 : index
      %both = arith.andi %ok, %in : i1
      %x = memref.load %m[%i, %j] : memref<?x?xf64>
      %y = arith.select %both, %x, %z : f64
      memref.store %y, %m[%i, %j] : memref<?x?xf64>
    }
  }
  return
}
