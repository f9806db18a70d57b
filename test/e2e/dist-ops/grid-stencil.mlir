// End-to-end: stencils across both split dimensions of a run-time
// process grid (update_grid_halo, passes/Conversion/DistToDistRuntime/Stencil.h)
// against values computed from the definition (result[i] = g[i + offsets]
// inside the array, fill outside; a plain Python script, as numpy would):
// a 5-point stencil, a 9-point one of width 2 with corners (diagonal
// shifts), a shift read whole by a reduction (the extended block
// assembled), and a 1-D split along dimension 1 (a 1-axis grid). 7 x 6 on
// grids 1x1, 2x1, 3x1, 2x2 and 3x2: uneven blocks, and with width 2 on 3x2
// a block of 2 rows gets halo rows from beyond its neighbour. Integers, so
// every digit is checked. Only rank 0 prints.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 6 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %distc -O0 %s -o %t.O0
// RUN: %mpirun -n 4 --tag-output %t.O0 | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:r5 ( ( 101991099, 203011199, 304021299, 405031399, 506041499, 599051599 ), ( 1111992101, 1213112202, 1314122303, 1415132404, 1516142505, 1599152606 ), ( 2121993111, 2223213212, 2324223313, 2425233414, 2526243515, 2599253616 ), ( 3131994121, 3233314222, 3334324323, 3435334424, 3536344525, 3599354626 ), ( 4141995131, 4243415232, 4344425333, 4445435434, 4546445535, 4599455636 ), ( 5151996141, 5253516242, 5354526343, 5455536444, 5556546545, 5599556646 ), ( 6161989951, 6263609952, 6364619953, 6465629954, 6566639955, 6599649956 ) )
// CHECK-NEXT: [1,0]<stdout>:r9 ( ( 2200, 11002300, 12002400, 13002500, 14002600, 15000000 ), ( 33200, 21043300, 22053400, 23063500, 24003600, 25000000 ), ( 134200, 31144300, 32154401, 33164502, 34004603, 35000004 ), ( 235200, 41245300, 42255411, 43265512, 44005613, 45000014 ), ( 336200, 51346300, 52356421, 53366522, 54006623, 55000024 ), ( 430000, 61440000, 62450031, 63460032, 64000033, 65000034 ), ( 530000, 540000, 550041, 560042, 43, 44 ) )
// CHECK-NEXT: [1,0]<stdout>:sum(q) 1230
// CHECK-NEXT: [1,0]<stdout>:q+g ( ( 13, 15, 17, 19, 21, 11 ), ( 33, 35, 37, 39, 41, 21 ), ( 53, 55, 57, 59, 61, 31 ), ( 73, 75, 77, 79, 81, 41 ), ( 93, 95, 97, 99, 101, 51 ), ( 113, 115, 117, 119, 121, 61 ), ( 66, 67, 68, 69, 70, 71 ) )
// CHECK-NEXT: [1,0]<stdout>:rh ( ( 100002000, 101003000, 102004001, 103005002, 104006003, 105007004, 106008005, 107000006, 108000007 ), ( 200102000, 201103100, 202104101, 203105102, 204106103, 205107104, 206108105, 207000106, 208000107 ), ( 300202000, 301203200, 302204201, 303205202, 304206203, 305207204, 306208205, 307000206, 308000207 ), ( 302000, 303300, 304301, 305302, 306303, 307304, 308305, 306, 307 ) )

func.func @main() {
  %c0 = arith.constant 0 : index
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  %g = dist.generate : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]> {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %c1 = arith.constant 1 : index
    %t = arith.muli %i, %c10 : index
    %s = arith.addi %t, %j : index
    %s1 = arith.addi %s, %c1 : index
    %v = arith.index_cast %s1 : index to i64
    dist.yield %v : i64
  }

  // 5-point: north, south, west, east and the centre.
  %m1 = arith.constant -1 : i64
  %n = dist.shift %g offsets [-1, 0] fill %m1 : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>
  %s = dist.shift %g offsets [1, 0] fill %m1 : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>
  %w = dist.shift %g offsets [0, -1] fill %m1 : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>
  %e = dist.shift %g offsets [0, 1] fill %m1 : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>
  %r5 = dist.elementwise %n, %s, %w, %e, %g : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>, !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>, !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>, !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>, !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]> {
  ^bb0(%a: i64, %b: i64, %c: i64, %d: i64, %x: i64):
    %k2 = arith.constant 100 : i64
    %k4 = arith.constant 10000 : i64
    %k6 = arith.constant 1000000 : i64
    %k8 = arith.constant 100000000 : i64
    %t1 = arith.muli %b, %k2 : i64
    %t2 = arith.muli %c, %k4 : i64
    %t3 = arith.muli %d, %k6 : i64
    %t4 = arith.muli %x, %k8 : i64
    %u1 = arith.addi %a, %t1 : i64
    %u2 = arith.addi %u1, %t2 : i64
    %u3 = arith.addi %u2, %t3 : i64
    %u4 = arith.addi %u3, %t4 : i64
    dist.yield %u4 : i64
  }
  scf.if %root { vector.print str "r5 " }
  dist.print %r5 : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>

  // Width 2 and corners: diagonal shifts.
  %z = arith.constant 0 : i64
  %d1 = dist.shift %g offsets [-2, -2] fill %z : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>
  %d2 = dist.shift %g offsets [2, 1] fill %z : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>
  %d3 = dist.shift %g offsets [-1, 2] fill %z : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>
  %d4 = dist.shift %g offsets [1, -1] fill %z : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>
  %r9 = dist.elementwise %d1, %d2, %d3, %d4 : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>, !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>, !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>, !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]> {
  ^bb0(%a: i64, %b: i64, %c: i64, %d: i64):
    %k2 = arith.constant 100 : i64
    %k4 = arith.constant 10000 : i64
    %k6 = arith.constant 1000000 : i64
    %t1 = arith.muli %b, %k2 : i64
    %t2 = arith.muli %c, %k4 : i64
    %t3 = arith.muli %d, %k6 : i64
    %u1 = arith.addi %a, %t1 : i64
    %u2 = arith.addi %u1, %t2 : i64
    %u3 = arith.addi %u2, %t3 : i64
    dist.yield %u3 : i64
  }
  scf.if %root { vector.print str "r9 " }
  dist.print %r9 : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>

  // Read whole (a reduction) and by an element-wise op.
  %f5 = arith.constant 5 : i64
  %q = dist.shift %g offsets [1, 1] fill %f5 : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>
  %sq = dist.reduce sum %q : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]> -> i64
  scf.if %root { vector.print str "sum(q) " }
  dist.print %sq : i64
  %qg = dist.add %q, %g : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>
  scf.if %root { vector.print str "q+g " }
  dist.print %qg : !dist.tensor<7x6xi64, grid = [?, ?], split = [0, 1]>

  // Column blocks (split = 1): the halo along dimension 1.
  %h = dist.generate : !dist.tensor<4x9xi64, split = 1> {
  ^bb0(%i: index, %j: index):
    %c100 = arith.constant 100 : index
    %ti = arith.muli %i, %c100 : index
    %tij = arith.addi %ti, %j : index
    %v = arith.index_cast %tij : index to i64
    dist.yield %v : i64
  }
  %hw = dist.shift %h offsets [0, -1] fill %z : !dist.tensor<4x9xi64, split = 1>
  %he = dist.shift %h offsets [0, 2] fill %z : !dist.tensor<4x9xi64, split = 1>
  %hs = dist.shift %h offsets [1, 0] fill %z : !dist.tensor<4x9xi64, split = 1>
  %rh = dist.elementwise %hw, %he, %hs : !dist.tensor<4x9xi64, split = 1>, !dist.tensor<4x9xi64, split = 1>, !dist.tensor<4x9xi64, split = 1> -> !dist.tensor<4x9xi64, split = 1> {
  ^bb0(%a: i64, %b: i64, %c: i64):
    %k3 = arith.constant 1000 : i64
    %k6 = arith.constant 1000000 : i64
    %t1 = arith.muli %b, %k3 : i64
    %t2 = arith.muli %c, %k6 : i64
    %u1 = arith.addi %a, %t1 : i64
    %u2 = arith.addi %u1, %t2 : i64
    dist.yield %u2 : i64
  }
  scf.if %root { vector.print str "rh " }
  dist.print %rh : !dist.tensor<4x9xi64, split = 1>
  return
}
