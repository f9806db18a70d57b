// RUN: %distc-opt %s --split-input-file | %distc-opt --split-input-file | FileCheck %s
// RUN: %distc-opt %s --split-input-file --canonicalize --cse --loop-invariant-code-motion | FileCheck %s --check-prefix=OPT

// The runtime-service ops print and parse back.

// CHECK-LABEL: func.func @services
// CHECK: distruntime.print %{{.*}} distributed numpy format "%g" {team = 0 : i64} : tensor<?x4xf64>
// CHECK: distruntime.print %{{.*}} format "%.3f" {team = 0 : i64} : tensor<f32>
// CHECK: distruntime.npy_save %{{.*}} "out.npy" param "output" g_shape %{{.*}}, %{{.*}} l_offs %{{.*}}, %{{.*}} {team = 0 : i64} : tensor<?x4xf64>
// CHECK: distruntime.npy_read_header "in.npy" {team = 0 : i64} : tensor<?x4xf64> -> i64, index, index
// CHECK: distruntime.npy_load "in.npy" data_offset %{{.*}} g_shape %{{.*}}, %{{.*}} l_offs %{{.*}}, %{{.*}} l_sizes %{{.*}} {team = 0 : i64} : tensor<?x4xf64>
// CHECK: distruntime.param "n" default 1000 : index
// CHECK: distruntime.param "verbose" default false : i1
// CHECK: distruntime.param "dt" default 1.000000e-03 : f64
// CHECK: distruntime.wtime : f64
// CHECK: distruntime.check %{{.*}}, "dist.add: sizes differ"(%{{.*}}, %{{.*}}) : index, index
// CHECK: distruntime.check %{{.*}}, "no values"
// CHECK: distruntime.grid_factor %{{.*}} axes 2 axis 1
func.func @services(%part: tensor<?x4xf64>, %s: tensor<f32>, %i: index, %c: i1) {
  distruntime.print %part distributed numpy format "%g" {team = 0 : i64} : tensor<?x4xf64>
  distruntime.print %s format "%.3f" {team = 0 : i64} : tensor<f32>
  distruntime.npy_save %part "out.npy" param "output" g_shape %i, %i l_offs %i, %i {team = 0 : i64} : tensor<?x4xf64>
  %off, %m, %n = distruntime.npy_read_header "in.npy" {team = 0 : i64} : tensor<?x4xf64> -> i64, index, index
  %l = distruntime.npy_load "in.npy" data_offset %off g_shape %m, %n l_offs %i, %i l_sizes %i {team = 0 : i64} : tensor<?x4xf64>
  %p = distruntime.param "n" default 1000 : index
  %v = distruntime.param "verbose" default false : i1
  %dt = distruntime.param "dt" default 1.0e-3 : f64
  %t = distruntime.wtime : f64
  distruntime.check %c, "dist.add: sizes differ" (%i, %p) : index, index
  distruntime.check %c, "no values"
  %e = distruntime.grid_factor %i axes 2 axis 1
  return
}

// -----

// Reads of the clock and prints are effects on the host: two of them are
// two, in order, and none leaves its loop. Run-time checks stay in their
// iteration, with the values of that iteration.
// OPT-LABEL: func.func @stay_in_loop
// OPT: scf.for
// OPT-NEXT: distruntime.wtime
// OPT-NEXT: distruntime.wtime
// OPT-NEXT: distruntime.check
// OPT-NEXT: distruntime.print
// OPT-NEXT: distruntime.print
// OPT: return
func.func @stay_in_loop(%n: index, %c: i1, %x: tensor<f64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %k = %c0 to %n step %c1 {
    %t0 = distruntime.wtime : f64
    %t1 = distruntime.wtime : f64
    distruntime.check %c, "loop-invariant condition"
    distruntime.print %x format "%g" {team = 0 : i64} : tensor<f64>
    distruntime.print %x format "%g" {team = 0 : i64} : tensor<f64>
  }
  return
}

// -----

// Unused results do not make the ops dead: the save, the header read and
// the load are collective, a parameter may print --help and exit.
// OPT-LABEL: func.func @unused
// OPT: distruntime.npy_read_header
// OPT: distruntime.npy_load
// OPT: distruntime.param
// OPT: distruntime.wtime
func.func @unused(%i: index) {
  %off, %m = distruntime.npy_read_header "in.npy" {team = 0 : i64} : tensor<?xf64> -> i64, index
  %l = distruntime.npy_load "in.npy" data_offset %off g_shape %m l_offs %i l_sizes %i {team = 0 : i64} : tensor<?xf64>
  %p = distruntime.param "n" default 1 : index
  %t = distruntime.wtime : f64
  return
}

// -----

// grid_factor is a pure function of its operands: one of two is enough,
// and it leaves the loop.
// OPT-LABEL: func.func @pure_factor
// OPT: %[[E:.*]] = distruntime.grid_factor
// OPT-NOT: distruntime.grid_factor
// OPT: scf.for
func.func @pure_factor(%p: index, %n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %k = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    %a = distruntime.grid_factor %p axes 2 axis 0
    %b = distruntime.grid_factor %p axes 2 axis 0
    %s = arith.addi %a, %b : index
    %t = arith.addi %acc, %s : index
    scf.yield %t : index
  }
  return %r : index
}
