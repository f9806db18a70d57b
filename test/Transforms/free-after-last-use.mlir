// RUN: %distc-opt %s --distc-free-after-last-use --split-input-file | FileCheck %s

// Straight-line code: each buffer is freed right after the last op that can
// reach it (here, through a handle the call returns and the wait takes),
// not at the end of the block.
func.func private @start(memref<*xf64>, memref<*xf64>) -> i64
func.func private @wait(i64)

// CHECK-LABEL: func.func @chain
// CHECK: %[[A:.*]] = memref.alloc
// CHECK: %[[B:.*]] = memref.alloc
// CHECK: %[[H1:.*]] = call @start
// CHECK-NEXT: call @wait(%[[H1]])
// CHECK-NEXT: %[[T1:.*]] = arith.constant true
// CHECK-NEXT: bufferization.dealloc (%[[A]] : memref<8xf64>) if (%[[T1]])
// CHECK: %[[C:.*]] = memref.alloc
// CHECK: %[[H2:.*]] = call @start
// CHECK-NEXT: call @wait(%[[H2]])
// CHECK-NEXT: %[[T2:.*]] = arith.constant true
// CHECK-NEXT: bufferization.dealloc (%[[B]] : memref<8xf64>) if (%[[T2]])
// CHECK: memref.load %[[C]]
// CHECK-NEXT: bufferization.dealloc (%[[C]] : memref<8xf64>) if (%{{.*}})
// CHECK-NEXT: return
func.func @chain(%i: index) -> f64 {
  %true = arith.constant true
  %a = memref.alloc() : memref<8xf64>
  %b = memref.alloc() : memref<8xf64>
  %ua = memref.cast %a : memref<8xf64> to memref<*xf64>
  %ub = memref.cast %b : memref<8xf64> to memref<*xf64>
  %h1 = call @start(%ua, %ub) : (memref<*xf64>, memref<*xf64>) -> i64
  call @wait(%h1) : (i64) -> ()
  %c = memref.alloc() : memref<8xf64>
  %uc = memref.cast %c : memref<8xf64> to memref<*xf64>
  %h2 = call @start(%ub, %uc) : (memref<*xf64>, memref<*xf64>) -> i64
  call @wait(%h2) : (i64) -> ()
  %v = memref.load %c[%i] : memref<8xf64>
  bufferization.dealloc (%a, %b, %c : memref<8xf64>, memref<8xf64>, memref<8xf64>) if (%true, %true, %true)
  return %v : f64
}

// -----

// A buffer a loop carries is freed after the last use of the loop's result.
// Left where they are: a buffer that reaches a retained value (a view of it
// is returned), one freed on a condition, and one whose address is stored
// to memory.
// CHECK-LABEL: func.func @kept
// CHECK: %[[R:.*]] = memref.alloc
// CHECK: %[[L:.*]] = memref.alloc
// CHECK: %[[LOOP:.*]] = scf.for
// CHECK: memref.store %{{.*}}, %[[LOOP]]
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: bufferization.dealloc (%[[L]] : memref<8xf64>) if (%[[T]])
// CHECK-NOT: bufferization.dealloc
// CHECK: bufferization.dealloc (%[[R]], %{{.*}}, %{{.*}} : {{.*}}) if (%{{.*}}, %{{.*}}, %{{.*}}) retain (%{{.*}} : memref<4xf64, strided<[1]>>)
// CHECK-NOT: bufferization.dealloc
func.func @kept(%cond: i1, %n: index, %slot: memref<1xindex>) -> memref<4xf64, strided<[1]>> {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = memref.alloc() : memref<8xf64>
  %view = memref.subview %r[0] [4] [1] : memref<8xf64> to memref<4xf64, strided<[1]>>
  %l = memref.alloc() : memref<8xf64>
  %loop = scf.for %k = %c0 to %n step %c1 iter_args(%x = %l) -> (memref<8xf64>) {
    scf.yield %x : memref<8xf64>
  }
  %f = arith.constant 0.0 : f64
  memref.store %f, %loop[%c0] : memref<8xf64>
  %m = memref.alloc() : memref<8xf64>
  %s = memref.alloc() : memref<8xf64>
  %p = memref.extract_aligned_pointer_as_index %s : memref<8xf64> -> index
  memref.store %p, %slot[%c0] : memref<1xindex>
  %o = bufferization.dealloc (%r, %l, %m, %s : memref<8xf64>, memref<8xf64>, memref<8xf64>, memref<8xf64>) if (%true, %true, %cond, %true) retain (%view : memref<4xf64, strided<[1]>>)
  return %view : memref<4xf64, strided<[1]>>
}

// -----

// Buffers returned by calls of a function of the module: the caller owns
// them (ownership-based deallocation's function boundary ABI: fresh
// buffers or clones), and the call's results do not carry its arguments,
// so %a is freed after the first call, and each result after its last use
// (its base buffer extracted again there). A result of an external
// function stays where it was, and so does the argument it was given.
func.func @step(%x: memref<8xf64>) -> memref<8xf64> {
  %y = memref.alloc() : memref<8xf64>
  memref.copy %x, %y : memref<8xf64> to memref<8xf64>
  return %y : memref<8xf64>
}
func.func private @external(memref<8xf64>) -> memref<8xf64>

// CHECK-LABEL: func.func @calls
// CHECK: %[[A:.*]] = memref.alloc
// CHECK-NEXT: %[[B:.*]] = call @step(%[[A]])
// CHECK-NEXT: %[[T1:.*]] = arith.constant true
// CHECK-NEXT: bufferization.dealloc (%[[A]] : memref<8xf64>) if (%[[T1]])
// CHECK-NEXT: %[[C:.*]] = call @step(%[[B]])
// CHECK-NEXT: %[[T2:.*]] = arith.constant true
// CHECK-NEXT: %[[BB:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[B]]
// CHECK-NEXT: bufferization.dealloc (%[[BB]] : memref<f64>) if (%[[T2]])
// CHECK-NEXT: memref.copy %[[C]], %{{.*}}
// CHECK-NEXT: %[[T3:.*]] = arith.constant true
// CHECK-NEXT: %[[CB:.*]], %{{.*}}, %{{.*}}, %{{.*}} = memref.extract_strided_metadata %[[C]]
// CHECK-NEXT: bufferization.dealloc (%[[CB]] : memref<f64>) if (%[[T3]])
// CHECK-NEXT: %[[D:.*]] = memref.alloc
// CHECK-NEXT: %[[E:.*]] = call @external(%[[D]])
// CHECK-NEXT: memref.copy %[[E]], %{{.*}}
// CHECK: bufferization.dealloc (%[[D]], %{{.*}} : memref<8xf64>, memref<f64>)
// CHECK-NEXT: return
func.func @calls(%out: memref<8xf64>) {
  %true = arith.constant true
  %a = memref.alloc() : memref<8xf64>
  %b = call @step(%a) : (memref<8xf64>) -> memref<8xf64>
  %c = call @step(%b) : (memref<8xf64>) -> memref<8xf64>
  memref.copy %c, %out : memref<8xf64> to memref<8xf64>
  %d = memref.alloc() : memref<8xf64>
  %e = call @external(%d) : (memref<8xf64>) -> memref<8xf64>
  memref.copy %e, %out : memref<8xf64> to memref<8xf64>
  %bb, %bo, %bs, %bt = memref.extract_strided_metadata %b : memref<8xf64> -> memref<f64>, index, index, index
  %cb, %co, %cs, %ct = memref.extract_strided_metadata %c : memref<8xf64> -> memref<f64>, index, index, index
  %eb, %eo, %es, %et = memref.extract_strided_metadata %e : memref<8xf64> -> memref<f64>, index, index, index
  bufferization.dealloc (%a, %bb, %cb, %d, %eb : memref<8xf64>, memref<f64>, memref<f64>, memref<8xf64>, memref<f64>) if (%true, %true, %true, %true, %true)
  return
}

// -----

// A function may return one buffer twice; the caller then owns it twice,
// and only one dealloc of both results (which frees each distinct buffer
// once) may free it: results of a call with several memref results stay.
func.func @twice(%x: memref<8xf64>) -> (memref<8xf64>, memref<8xf64>) {
  %y = memref.alloc() : memref<8xf64>
  memref.copy %x, %y : memref<8xf64> to memref<8xf64>
  return %y, %y : memref<8xf64>, memref<8xf64>
}

// CHECK-LABEL: func.func @both
// CHECK: %[[R:.*]]:2 = call @twice
// CHECK-NEXT: memref.copy %[[R]]#0
// CHECK-NEXT: memref.copy %[[R]]#1
// CHECK: bufferization.dealloc (%{{.*}}, %{{.*}} : memref<f64>, memref<f64>)
// CHECK-NEXT: return
func.func @both(%x: memref<8xf64>, %out: memref<8xf64>) {
  %true = arith.constant true
  %r:2 = call @twice(%x) : (memref<8xf64>) -> (memref<8xf64>, memref<8xf64>)
  memref.copy %r#0, %out : memref<8xf64> to memref<8xf64>
  memref.copy %r#1, %out : memref<8xf64> to memref<8xf64>
  %b0, %o0, %s0, %t0 = memref.extract_strided_metadata %r#0 : memref<8xf64> -> memref<f64>, index, index, index
  %b1, %o1, %s1, %t1 = memref.extract_strided_metadata %r#1 : memref<8xf64> -> memref<f64>, index, index, index
  bufferization.dealloc (%b0, %b1 : memref<f64>, memref<f64>) if (%true, %true)
  return
}

// -----

// A function that returns its argument (dynamic ownership, in a custom
// pipeline) is not one whose results are fresh: its result carries %a, so
// %a is freed after the result's last use, not after the call.
func.func @same(%x: memref<8xf64>) -> memref<8xf64> {
  return %x : memref<8xf64>
}

// CHECK-LABEL: func.func @alias
// CHECK: %[[A:.*]] = memref.alloc
// CHECK-NEXT: %[[R:.*]] = call @same(%[[A]])
// CHECK-NEXT: memref.copy %[[R]]
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: bufferization.dealloc (%[[A]] : memref<8xf64>) if (%[[T]])
// CHECK-NEXT: memref.store
// CHECK-NEXT: return
func.func @alias(%out: memref<8xf64>) {
  %true = arith.constant true
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f64
  %a = memref.alloc() : memref<8xf64>
  %r = call @same(%a) : (memref<8xf64>) -> memref<8xf64>
  memref.copy %r, %out : memref<8xf64> to memref<8xf64>
  memref.store %f, %out[%c0] : memref<8xf64>
  bufferization.dealloc (%a : memref<8xf64>) if (%true)
  return
}
