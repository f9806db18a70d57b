// Element-wise fusion (-O2 and up) never moves a costly loop-invariant
// tensor into the loop that reads it, nor copies a costly tensor into each
// of its users; at -O1 nothing fuses. Straight-line chains still fuse.
// RUN: distc-opt --pass-pipeline='builtin.module(distc-dist-to-distruntime{opt-level=1})' %s | FileCheck %s --check-prefixes=CHECK,O1
// RUN: distc-opt --pass-pipeline='builtin.module(distc-dist-to-distruntime{opt-level=2})' %s | FileCheck %s --check-prefixes=CHECK,O2
// RUN: distc-opt --pass-pipeline='builtin.module(distc-dist-to-distruntime{opt-level=3})' %s | FileCheck %s --check-prefixes=CHECK,O2

// %b is computed once, before the loop; the loop's add reads it.
// CHECK-LABEL: func.func @invariant_in_loop
// CHECK: %[[B:.*]] = linalg.generic
// CHECK: math.sin
// CHECK: math.exp
// CHECK: scf.for
// CHECK-NOT: math.
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %[[B]] : tensor<?xf64>, tensor<?xf64>)
// CHECK-NOT: math.
// CHECK: scf.yield
func.func @invariant_in_loop(%n: index, %iters: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f64
  %scale = arith.constant 1.0e-6 : f64
  %a0 = dist.full %zero (%n) : !dist.tensor<?xf64>
  %b = dist.generate (%n) : !dist.tensor<?xf64> {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %x = arith.mulf %f, %scale : f64
    %s = math.sin %x : f64
    %e = math.exp %s : f64
    dist.yield %e : f64
  }
  %a = scf.for %i = %c0 to %iters step %c1 iter_args(%ai = %a0) -> (!dist.tensor<?xf64>) {
    %an = dist.add %ai, %b : !dist.tensor<?xf64>
    scf.yield %an : !dist.tensor<?xf64>
  }
  %s = dist.reduce sum %a : !dist.tensor<?xf64> -> f64
  return %s : f64
}

// The same %b feeding two element-wise ops: computed once, read by both.
// CHECK-LABEL: func.func @two_users
// CHECK: %[[B:.*]] = linalg.generic
// CHECK: math.sin
// CHECK: math.exp
// CHECK-NOT: math.
// CHECK: return
func.func @two_users(%n: index) -> (f64, f64) {
  %one = arith.constant 1.0 : f64
  %scale = arith.constant 1.0e-6 : f64
  %x = dist.arange %one, %one (%n) : !dist.tensor<?xf64>
  %b = dist.generate (%n) : !dist.tensor<?xf64> {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %v = arith.mulf %f, %scale : f64
    %s = math.sin %v : f64
    %e = math.exp %s : f64
    dist.yield %e : f64
  }
  %p = dist.add %x, %b : !dist.tensor<?xf64>
  %q = dist.mul %x, %b : !dist.tensor<?xf64>
  %sp = dist.reduce sum %p : !dist.tensor<?xf64> -> f64
  %sq = dist.reduce max %q : !dist.tensor<?xf64> -> f64
  return %sp, %sq : f64, f64
}

// A chain in straight-line code, costly or not, is one loop nest from -O2
// on: the arange, the generate and the add (the sum reads it).
// CHECK-LABEL: func.func @chain
// O1-COUNT-4: linalg.generic
// O2-COUNT-2: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @chain(%n: index) -> f64 {
  %one = arith.constant 1.0 : f64
  %x = dist.arange %one, %one (%n) : !dist.tensor<?xf64>
  %b = dist.generate (%n) : !dist.tensor<?xf64> {
  ^bb0(%i: index):
    %ii = arith.index_cast %i : index to i64
    %f = arith.sitofp %ii : i64 to f64
    %s = math.sin %f : f64
    dist.yield %s : f64
  }
  %p = dist.add %x, %b : !dist.tensor<?xf64>
  %sp = dist.reduce sum %p : !dist.tensor<?xf64> -> f64
  return %sp : f64
}
