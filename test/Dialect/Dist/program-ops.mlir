// RUN: %distc-opt %s | %distc-opt | FileCheck %s

// The numpy reduction kinds, dist.allreduce, dist.param and dist.wtime
// round-trip through the printer and the parser.

// CHECK-LABEL: func.func @reductions
// CHECK: dist.reduce mean %{{.*}} : !dist.tensor<16x4xf64> -> f64
// CHECK: dist.reduce mean %{{.*}} axis 0 : !dist.tensor<16x4xf64> -> !dist.tensor<4xf64>
// CHECK: dist.reduce prod %{{.*}} : !dist.tensor<16x4xf64> -> f64
// CHECK: dist.reduce argmin %{{.*}} : !dist.tensor<16x4xf64> -> index
// CHECK: dist.reduce argmax %{{.*}} : !dist.tensor<16x4xf64> -> index
// CHECK: dist.reduce any %{{.*}} : !dist.tensor<?xi1> -> i1
// CHECK: dist.reduce all %{{.*}} axis 1 : !dist.tensor<?x3xi1> -> !dist.tensor<?xi1>
func.func @reductions(%a: !dist.tensor<16x4xf64>, %b: !dist.tensor<?xi1>, %c: !dist.tensor<?x3xi1>) {
  %0 = dist.reduce mean %a : !dist.tensor<16x4xf64> -> f64
  %1 = dist.reduce mean %a axis 0 : !dist.tensor<16x4xf64> -> !dist.tensor<4xf64>
  %2 = dist.reduce prod %a : !dist.tensor<16x4xf64> -> f64
  %3 = dist.reduce argmin %a : !dist.tensor<16x4xf64> -> index
  %4 = dist.reduce argmax %a : !dist.tensor<16x4xf64> -> index
  %5 = dist.reduce any %b : !dist.tensor<?xi1> -> i1
  %6 = dist.reduce all %c axis 1 : !dist.tensor<?x3xi1> -> !dist.tensor<?xi1>
  return
}

// CHECK-LABEL: func.func @program
// CHECK: dist.param "n" default 1000 : index
// CHECK: dist.param "dt" default 1.000000e-03 : f64
// CHECK: dist.param "verbose" default false : i1
// CHECK: dist.param "k" default -3 : i32
// CHECK: dist.wtime : f64
// CHECK: dist.allreduce %{{.*}} max : f64
// CHECK: dist.allreduce %{{.*}} all : i1
// CHECK: dist.allreduce %{{.*}} sum {team = 1 : i64} : index
func.func @program() {
  %n = dist.param "n" default 1000 : index
  %dt = dist.param "dt" default 1.0e-3 : f64
  %v = dist.param "verbose" default false : i1
  %k = dist.param "k" default -3 : i32
  %t = dist.wtime : f64
  %m = dist.allreduce %t max : f64
  %a = dist.allreduce %v all : i1
  %s = dist.allreduce %n sum {team = 1 : i64} : index
  return
}

// CHECK-LABEL: func.func @scans
// CHECK: dist.scan sum %{{.*}} axis 0 : !dist.tensor<?xf64>
// CHECK: dist.scan prod %{{.*}} axis 1 : !dist.tensor<4x?xf64, split = 1>
func.func @scans(%a: !dist.tensor<?xf64>, %b: !dist.tensor<4x?xf64, split = 1>) {
  %0 = dist.scan sum %a axis 0 : !dist.tensor<?xf64>
  %1 = dist.scan prod %b axis 1 : !dist.tensor<4x?xf64, split = 1>
  return
}
