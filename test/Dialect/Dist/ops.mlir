// RUN: %distc-opt %s | FileCheck %s
// RUN: %distc-opt %s --mlir-print-op-generic | %distc-opt | FileCheck %s

// CHECK-LABEL: func.func @types
// CHECK-SAME: !dist.tensor<8x?xf64>
// CHECK-SAME: !dist.tensor<?x8xi32, split = 1>
// CHECK-SAME: !dist.tensor<?xf32, team = 3, irregular>
// CHECK-SAME: !dist.tensor<4x4x4xi64, team = 1, split = 2>
func.func @types(%a: !dist.tensor<8x?xf64, team = 0, split = 0>,
                 %b: !dist.tensor<?x8xi32, split = 1>,
                 %c: !dist.tensor<?xf32, team = 3, irregular>,
                 %d: !dist.tensor<4x4x4xi64, split = 2, team = 1>) {
  return
}

// CHECK-LABEL: func.func @creation
// CHECK: dist.full %{{.*}} : !dist.tensor<16x16xf64>
// CHECK: dist.full %{{.*}}(%{{.*}}) : !dist.tensor<?x8xf64, split = 1>
// CHECK: dist.generate : !dist.tensor<4x4xi64> {
// CHECK: ^bb0(%{{.*}}: index, %{{.*}}: index):
// CHECK: dist.yield %{{.*}} : i64
// CHECK: dist.arange %{{.*}}, %{{.*}} : !dist.tensor<100xi64>
// CHECK: dist.arange %{{.*}}, %{{.*}}(%{{.*}}) : !dist.tensor<?xf64>
// CHECK: dist.linspace %{{.*}}, %{{.*}} : !dist.tensor<11xf64>
// CHECK: dist.from_local %{{.*}} offset %{{.*}} : tensor<?x8xf64> -> !dist.tensor<?x8xf64, irregular>
func.func @creation(%n: index, %part: tensor<?x8xf64>, %off: index) {
  %z = arith.constant 0.0 : f64
  %c0 = arith.constant 0 : i64
  %c1 = arith.constant 1 : i64
  %a = dist.full %z : !dist.tensor<16x16xf64>
  %b = dist.full %z (%n) : !dist.tensor<?x8xf64, split = 1>
  %g = dist.generate : !dist.tensor<4x4xi64> {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %v = arith.index_cast %s : index to i64
    dist.yield %v : i64
  }
  %r = dist.arange %c0, %c1 : !dist.tensor<100xi64>
  %r2 = dist.arange %z, %z (%n) : !dist.tensor<?xf64>
  %l = dist.linspace %z, %z : !dist.tensor<11xf64>
  %f = dist.from_local %part offset %off : tensor<?x8xf64> -> !dist.tensor<?x8xf64, irregular>
  return
}

// CHECK-LABEL: func.func @queries
// CHECK: dist.team_size
// CHECK: dist.team_member {team = 2 : i64}
// CHECK: dist.local %{{.*}} : !dist.tensor<16x8xf64> -> tensor<?x8xf64>
// CHECK: dist.global_dim %{{.*}}, 1 : !dist.tensor<16x8xf64>
// CHECK: dist.local_offset %{{.*}}, 0 : !dist.tensor<16x8xf64>
// CHECK: dist.with_local %{{.*}}, %{{.*}} : !dist.tensor<16x8xf64>, tensor<?x8xf32> -> !dist.tensor<16x8xf32>
func.func @queries(%a: !dist.tensor<16x8xf64>, %p: tensor<?x8xf32>) {
  %n = dist.team_size
  %r = dist.team_member {team = 2 : i64}
  %l = dist.local %a : !dist.tensor<16x8xf64> -> tensor<?x8xf64>
  %d = dist.global_dim %a, 1 : !dist.tensor<16x8xf64>
  %o = dist.local_offset %a, 0 : !dist.tensor<16x8xf64>
  %w = dist.with_local %a, %p : !dist.tensor<16x8xf64>, tensor<?x8xf32> -> !dist.tensor<16x8xf32>
  return
}

// CHECK-LABEL: func.func @global_index
// CHECK: %[[I:.*]] = dist.index 0 : index
// CHECK: %[[J:.*]] = dist.index 1 : index
// CHECK: arith.cmpi ult, %[[I]], %[[J]] : index
func.func @global_index(%a: !dist.tensor<8x?xf64>, %z: f64) -> !dist.tensor<8x?xf64> {
  %l = dist.elementwise %a : !dist.tensor<8x?xf64> -> !dist.tensor<8x?xf64> {
  ^bb0(%x: f64):
    %i = dist.index 0 : index
    %j = dist.index 1 : index
    %below = arith.cmpi ult, %i, %j : index
    %y = arith.select %below, %x, %z : f64
    dist.yield %y : f64
  }
  return %l : !dist.tensor<8x?xf64>
}

// CHECK-LABEL: func.func @compute
// CHECK: dist.elementwise %{{.*}}, %{{.*}} : !dist.tensor<16xf64>, !dist.tensor<16xf64> -> !dist.tensor<16xf64> {
// CHECK: dist.add %{{.*}}, %{{.*}} : !dist.tensor<16xf64>
// CHECK: dist.sub %{{.*}}, %{{.*}} : !dist.tensor<16xf64>
// CHECK: dist.mul %{{.*}}, %{{.*}} : !dist.tensor<16xf64>
// CHECK: dist.div %{{.*}}, %{{.*}} : !dist.tensor<16xf64>
// CHECK: dist.max %{{.*}}, %{{.*}} : !dist.tensor<16xf64>
// CHECK: dist.min %{{.*}}, %{{.*}} : !dist.tensor<16xf64>, !dist.tensor<16xf64, irregular> -> !dist.tensor<16xf64>
func.func @compute(%a: !dist.tensor<16xf64>, %b: !dist.tensor<16xf64>, %c: !dist.tensor<16xf64, irregular>, %s: f64) {
  %e = dist.elementwise %a, %b : !dist.tensor<16xf64>, !dist.tensor<16xf64> -> !dist.tensor<16xf64> {
  ^bb0(%x: f64, %y: f64):
    %t = arith.mulf %s, %x : f64
    %u = arith.addf %t, %y : f64
    dist.yield %u : f64
  }
  %0 = dist.add %a, %b : !dist.tensor<16xf64>
  %1 = dist.sub %a, %b : !dist.tensor<16xf64>
  %2 = dist.mul %a, %b : !dist.tensor<16xf64>
  %3 = dist.div %a, %b : !dist.tensor<16xf64>
  %4 = dist.max %a, %b : !dist.tensor<16xf64>
  %5 = dist.min %a, %c : !dist.tensor<16xf64>, !dist.tensor<16xf64, irregular> -> !dist.tensor<16xf64>
  return
}

// CHECK-LABEL: func.func @communication
// CHECK: dist.reduce sum %{{.*}} : !dist.tensor<8x16xf64> -> f64
// CHECK: dist.reduce max %{{.*}} axis 1 : !dist.tensor<8x16xf64> -> !dist.tensor<8xf64>
// CHECK: dist.reshape %{{.*}} : !dist.tensor<8x16xf64> -> !dist.tensor<128xf64>
// CHECK: dist.reshape %{{.*}}(%{{.*}}) : !dist.tensor<8x16xf64> -> !dist.tensor<?x4xf64>
// CHECK: dist.permute %{{.*}} axes [1, 0] : !dist.tensor<8x16xf64> -> !dist.tensor<16x8xf64>
// CHECK: dist.repartition %{{.*}} : !dist.tensor<8x16xf64> -> !dist.tensor<8x16xf64, split = 1>
// CHECK: dist.gather %{{.*}} : !dist.tensor<8x16xf64> -> tensor<8x16xf64>
// CHECK: dist.shift %{{.*}} offsets [-1, 0] fill %{{.*}} : !dist.tensor<8x16xf64>
// CHECK: dist.extend %{{.*}} low [1, 1] high [1, 1] fill %{{.*}} : !dist.tensor<8x16xf64> -> tensor<?x18xf64>
// CHECK: dist.print %{{.*}} : f64
// CHECK: dist.print %{{.*}} : !dist.tensor<8x16xf64>
func.func @communication(%a: !dist.tensor<8x16xf64>, %n: index) {
  %z = arith.constant 0.0 : f64
  %s = dist.reduce sum %a : !dist.tensor<8x16xf64> -> f64
  %m = dist.reduce max %a axis 1 : !dist.tensor<8x16xf64> -> !dist.tensor<8xf64>
  %r = dist.reshape %a : !dist.tensor<8x16xf64> -> !dist.tensor<128xf64>
  %r2 = dist.reshape %a (%n) : !dist.tensor<8x16xf64> -> !dist.tensor<?x4xf64>
  %p = dist.permute %a axes [1, 0] : !dist.tensor<8x16xf64> -> !dist.tensor<16x8xf64>
  %q = dist.repartition %a : !dist.tensor<8x16xf64> -> !dist.tensor<8x16xf64, split = 1>
  %g = dist.gather %a : !dist.tensor<8x16xf64> -> tensor<8x16xf64>
  %sh = dist.shift %a offsets [-1, 0] fill %z : !dist.tensor<8x16xf64>
  %x = dist.extend %a low [1, 1] high [1, 1] fill %z : !dist.tensor<8x16xf64> -> tensor<?x18xf64>
  dist.print %s : f64
  dist.print %a : !dist.tensor<8x16xf64>
  return
}
