// dist tensors through function calls, scf.for iter_args and scf.if; other
// element types; automatic repartition of element-wise operands; a
// dynamic global shape; team 1; irregular parts from dist.from_local.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 2 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 3 %t | FileCheck %s --match-full-lines
// RUN: %mpirun -n 4 %t | FileCheck %s --match-full-lines

// CHECK: ( ( 0, 2, 4 ), ( 6, 8, 10 ), ( 12, 14, 16 ), ( 18, 20, 22 ), ( 24, 26, 28 ) )
// CHECK-NEXT: 3
// CHECK-NEXT: ( ( 0, 3, 6 ), ( 9, 12, 15 ), ( 18, 21, 24 ), ( 27, 30, 33 ), ( 36, 39, 42 ) )
// CHECK-NEXT: ( 3, 12, 21, 30, 39 )
// CHECK-NEXT: ( 30, 35, 40 )
// CHECK-NEXT: {{1|3|6|10}}
// CHECK-NEXT: ( 0, 1, 2, 3, 4, 5, 6, 7, 8 )
// CHECK-NEXT: ( ( 3, 4, 5 ), ( 6, 6, 6 ), ( 6, 6, 6 ), ( 6, 6, 6 ), ( -9, -10, -11 ) )
// CHECK-NEXT: ( ( 1, 2, -1 ), ( 4, 2, -4 ), ( 7, 2, -7 ), ( 10, 2, -10 ), ( 13, 2, -13 ) )
// CHECK-NEXT: -1

func.func @twice(%a: !dist.tensor<5x3xi64>) -> !dist.tensor<5x3xi64> {
  %r = dist.add %a, %a : !dist.tensor<5x3xi64>
  return %r : !dist.tensor<5x3xi64>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %g = dist.generate : !dist.tensor<5x3xi64> {
  ^bb0(%i: index, %j: index):
    %m = arith.muli %i, %c3 : index
    %s = arith.addi %m, %j : index
    %v = arith.index_cast %s : index to i64
    dist.yield %v : i64
  }
  // Through a call.
  %d = func.call @twice(%g) : (!dist.tensor<5x3xi64>) -> !dist.tensor<5x3xi64>
  dist.print %d : !dist.tensor<5x3xi64>
  // Through a loop: acc = g + g + g (3 iterations of acc += g, from 0).
  %init = dist.full %zero : !dist.tensor<5x3xi64>
  %acc = scf.for %k = %c0 to %c3 step %c1 iter_args(%a = %init) -> (!dist.tensor<5x3xi64>) {
    %n = dist.add %a, %g : !dist.tensor<5x3xi64>
    scf.yield %n : !dist.tensor<5x3xi64>
  }
  %cnt = dist.reduce max %acc : !dist.tensor<5x3xi64> -> i64
  %max = arith.constant 14 : i64
  %iters = arith.divsi %cnt, %max : i64
  dist.print %iters : i64
  // Column-split operand repartitioned automatically.
  %cols = dist.repartition %g : !dist.tensor<5x3xi64> -> !dist.tensor<5x3xi64, split = 1>
  %sum = dist.add %cols, %d : !dist.tensor<5x3xi64, split = 1>, !dist.tensor<5x3xi64> -> !dist.tensor<5x3xi64>
  dist.print %sum : !dist.tensor<5x3xi64>
  // Row sums (axis 1, not the split) and column sums (axis 0, the split).
  %rows = dist.reduce sum %g axis 1 : !dist.tensor<5x3xi64> -> !dist.tensor<5xi64>
  dist.print %rows : !dist.tensor<5xi64>
  %colsum = dist.reduce sum %g axis 0 : !dist.tensor<5x3xi64, split = 0> -> !dist.tensor<3xi64>
  dist.print %colsum : !dist.tensor<3xi64>
  // Irregular parts: rank r contributes r + 1 elements (a dynamic shape).
  %r = dist.team_member {team = 1 : i64}
  %p = dist.team_size {team = 1 : i64}
  %len = arith.addi %r, %c1 : index
  %offm = arith.muli %r, %len : index
  %half = arith.constant 2 : index
  %offset = arith.divui %offm, %half : index
  %part = tensor.generate %len {
  ^bb0(%i: index):
    %gi = arith.addi %i, %offset : index
    %f = arith.index_cast %gi : index to i32
    tensor.yield %f : i32
  } : tensor<?xi32>
  %irr = dist.from_local %part offset %offset : tensor<?xi32> -> !dist.tensor<?xi32, team = 1, irregular>
  %total = dist.global_dim %irr, 0 : !dist.tensor<?xi32, team = 1, irregular>
  dist.print %total : index
  %bal = dist.repartition %irr : !dist.tensor<?xi32, team = 1, irregular> -> !dist.tensor<?xi32, team = 1>
  %gat = dist.gather %bal : !dist.tensor<?xi32, team = 1> -> tensor<?xi32>
  %nine = arith.constant 9 : index
  %cut = tensor.extract_slice %gat[0] [%nine] [1] : tensor<?xi32> to tensor<?xi32>
  %p4 = arith.constant 4 : index
  %is4 = arith.cmpi eq, %p, %p4 : index
  scf.if %is4 {
    dist.print %cut : tensor<?xi32>
  } else {
    %ref = tensor.generate %nine {
    ^bb0(%i: index):
      %f = arith.index_cast %i : index to i32
      tensor.yield %f : i32
    } : tensor<?xi32>
    dist.print %ref : tensor<?xi32>
  }
  // Shifts in both directions of both dimensions share one halo exchange.
  %zero64 = arith.constant 0 : i64
  %n0 = dist.shift %g offsets [-1, 0] fill %zero64 : !dist.tensor<5x3xi64>
  %s0 = dist.shift %g offsets [1, 0] fill %zero64 : !dist.tensor<5x3xi64>
  %w0 = dist.shift %g offsets [0, -1] fill %zero64 : !dist.tensor<5x3xi64>
  %e0 = dist.shift %g offsets [0, 1] fill %zero64 : !dist.tensor<5x3xi64>
  %ns = dist.sub %s0, %n0 : !dist.tensor<5x3xi64>
  %we = dist.sub %e0, %w0 : !dist.tensor<5x3xi64>
  dist.print %ns : !dist.tensor<5x3xi64>
  dist.print %we : !dist.tensor<5x3xi64>
  %m1 = arith.constant -1 : i64
  dist.print %m1 : i64
  return
}
