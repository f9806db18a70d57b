// RUN: %distc-opt %s --ownership-based-buffer-deallocation --distc-loop-init-ownership | FileCheck %s
// The result still lowers (and test/e2e/dist-ops/loop-ownership.mlir runs
// such loops 0, 1 and several times, nested).
// RUN: %distc-opt %s --ownership-based-buffer-deallocation --distc-loop-init-ownership --canonicalize --buffer-deallocation-simplification --bufferization-lower-deallocations > /dev/null

// The loop gets the ownership of the buffer it starts from (true here),
// and the dealloc after the loop no longer frees it.
// CHECK-LABEL: func.func @handed
// CHECK: %[[TRUE:.*]] = arith.constant true
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[ALLOC:[^,]*]], %{{.*}} = %[[TRUE]]) -> (memref<?xf64>, i1)
// CHECK: %[[NO:.*]] = arith.constant false
// CHECK: bufferization.dealloc (%{{[^,]*}}, %{{[^,]*}}, %{{[^ ]*}} : {{.*}}) if (%[[NO]], %{{.*}}, %{{.*}})
func.func private @step(memref<?xf64>) -> memref<?xf64>
func.func private @use(memref<?xf64>)

func.func @handed(%n: index, %k: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf64>
  %r = scf.for %i = %c0 to %k step %c1 iter_args(%x = %a) -> (memref<?xf64>) {
    %y = func.call @step(%x) : (memref<?xf64>) -> memref<?xf64>
    scf.yield %y : memref<?xf64>
  }
  return %r : memref<?xf64>
}

// The buffer is read after the loop: left alone.
// CHECK-LABEL: func.func @read_after
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{[^,]*}}, %{{.*}} = %[[FALSE]])
func.func @read_after(%n: index, %k: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf64>
  %r = scf.for %i = %c0 to %k step %c1 iter_args(%x = %a) -> (memref<?xf64>) {
    %y = func.call @step(%x) : (memref<?xf64>) -> memref<?xf64>
    scf.yield %y : memref<?xf64>
  }
  func.call @use(%a) : (memref<?xf64>) -> ()
  return %r : memref<?xf64>
}

// The loop body reads the buffer directly, not through the iter_arg: left
// alone (freeing it after the first iteration would be a use after free).
// CHECK-LABEL: func.func @captured
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{[^,]*}}, %{{.*}} = %[[FALSE]])
func.func @captured(%n: index, %k: index) -> memref<?xf64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %a = memref.alloc(%n) : memref<?xf64>
  %r = scf.for %i = %c0 to %k step %c1 iter_args(%x = %a) -> (memref<?xf64>) {
    func.call @use(%a) : (memref<?xf64>) -> ()
    %y = func.call @step(%x) : (memref<?xf64>) -> memref<?xf64>
    scf.yield %y : memref<?xf64>
  }
  return %r : memref<?xf64>
}
