// End-to-end: tensors on a run-time process grid (grid = [?, ?]) against
// numpy's results (computed with numpy, pasted below). The grid is 1x1,
// 2x1, 3x1, 2x2 and 3x2 on 1, 2, 3, 4 and 6 ranks; 6x5 does not divide
// evenly on most of them. Only rank 0 prints.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 6 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'

// CHECK: [1,0]<stdout>:g ( ( 0, 1, 2, 3, 4 ), ( 10, 11, 12, 13, 14 ), ( 20, 21, 22, 23, 24 ), ( 30, 31, 32, 33, 34 ), ( 40, 41, 42, 43, 44 ), ( 50, 51, 52, 53, 54 ) )
// CHECK-NEXT: [1,0]<stdout>:g*i+2g ( ( 0, 2, 4, 6, 8 ), ( 30, 33, 36, 39, 42 ), ( 80, 84, 88, 92, 96 ), ( 150, 155, 160, 165, 170 ), ( 240, 246, 252, 258, 264 ), ( 350, 357, 364, 371, 378 ) )
// CHECK-NEXT: [1,0]<stdout>:sum 4520
// CHECK-NEXT: [1,0]<stdout>:max 54
// CHECK-NEXT: [1,0]<stdout>:argmax 29
// CHECK-NEXT: [1,0]<stdout>:g.sum(0) ( 150, 156, 162, 168, 174 )
// CHECK-NEXT: [1,0]<stdout>:h.max(1) ( 8, 42, 96, 170, 264, 378 )
// CHECK-NEXT: [1,0]<stdout>:g-m ( ( 0, 0, 0, 0, 0 ), ( 5, 5, 5, 5, 5 ), ( 10, 10, 10, 10, 10 ), ( 15, 15, 15, 15, 15 ), ( 20, 20, 20, 20, 20 ), ( 25, 25, 25, 25, 25 ) )
// CHECK-NEXT: [1,0]<stdout>:(g-m).sum(0) ( 75, 75, 75, 75, 75 )
// CHECK-NEXT: [1,0]<stdout>:gather m[4,3] on every rank 23
// CHECK-NEXT: [1,0]<stdout>:elements 30
// CHECK-NEXT: [1,0]<stdout>:offset mismatches 0
// CHECK-NEXT: [1,0]<stdout>:sum(with_local(g, local(h))) 4520

func.func @main() {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f64
  %one = arith.constant 1.0 : f64
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index

  // g[i, j] = 10 i + j on a run-time grid, both dimensions split.
  %g = dist.generate : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %t = arith.muli %i, %c10 : index
    %s = arith.addi %t, %j : index
    %s64 = arith.index_cast %s : index to i64
    %v = arith.sitofp %s64 : i64 to f64
    dist.yield %v : f64
  }
  scf.if %root { vector.print str "g " }
  dist.print %g : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>

  // g * i + g (dist.index is the global index on every rank).
  %e = dist.elementwise %g : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> {
  ^bb0(%x: f64):
    %i = dist.index 0 : index
    %i64 = arith.index_cast %i : index to i64
    %fi = arith.sitofp %i64 : i64 to f64
    %p = arith.mulf %x, %fi : f64
    %q = arith.addf %p, %x : f64
    dist.yield %q : f64
  }
  %h = dist.add %e, %g : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>
  scf.if %root { vector.print str "g*i+2g " }
  dist.print %h : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>

  %sum = dist.reduce sum %h : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> -> f64
  %max = dist.reduce max %g : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> -> f64
  %arg = dist.reduce argmax %h : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> -> index
  scf.if %root { vector.print str "sum " }
  dist.print %sum : f64
  scf.if %root { vector.print str "max " }
  dist.print %max : f64
  scf.if %root { vector.print str "argmax " }
  dist.print %arg : index

  %r0 = dist.reduce sum %g axis 0 : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<5xf64>
  %r1 = dist.reduce max %h axis 1 : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<6xf64>
  scf.if %root { vector.print str "g.sum(0) " }
  dist.print %r0 : !dist.tensor<5xf64>
  scf.if %root { vector.print str "h.max(1) " }
  dist.print %r1 : !dist.tensor<6xf64>

  // 1-D rows -> grid with the other axis order, mixed with g.
  %n = arith.constant 30 : index
  %a = dist.arange %zero, %one (%n) : !dist.tensor<?xf64>
  %m = dist.reshape %a : !dist.tensor<?xf64> -> !dist.tensor<6x5xf64>
  %mg = dist.repartition %m : !dist.tensor<6x5xf64> -> !dist.tensor<6x5xf64, grid = [?, ?], split = [1, 0]>
  %d = dist.elementwise %mg, %g : !dist.tensor<6x5xf64, grid = [?, ?], split = [1, 0]>, !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> {
  ^bb0(%x: f64, %y: f64):
    %s = arith.subf %y, %x : f64
    dist.yield %s : f64
  }
  scf.if %root { vector.print str "g-m " }
  dist.print %d : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>
  // grid -> 1-D columns, and the whole array on every rank.
  %cols = dist.repartition %d : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> -> !dist.tensor<6x5xf64, split = 1>
  %csum = dist.reduce sum %cols axis 0 : !dist.tensor<6x5xf64, split = 1> -> !dist.tensor<5xf64>
  scf.if %root { vector.print str "(g-m).sum(0) " }
  dist.print %csum : !dist.tensor<5xf64>
  %all = dist.gather %mg : !dist.tensor<6x5xf64, grid = [?, ?], split = [1, 0]> -> tensor<6x5xf64>
  %c4 = arith.constant 4 : index
  %c3 = arith.constant 3 : index
  %x43 = tensor.extract %all[%c4, %c3] : tensor<6x5xf64>
  %x43all = dist.allreduce %x43 min : f64
  scf.if %root { vector.print str "gather m[4,3] on every rank " }
  dist.print %x43all : f64

  // The local parts tile the array: their element counts add up, and
  // with_local puts a part computed locally back.
  %l = dist.local %g : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> -> tensor<?x?xf64>
  %c1 = arith.constant 1 : index
  %rows = tensor.dim %l, %c0 : tensor<?x?xf64>
  %ncols = tensor.dim %l, %c1 : tensor<?x?xf64>
  %o0 = dist.local_offset %g, 0 : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>
  %o1 = dist.local_offset %g, 1 : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>
  %cnt = arith.muli %rows, %ncols : index
  %total = dist.allreduce %cnt sum : index
  scf.if %root { vector.print str "elements " }
  dist.print %total : index
  // The first element of a part is g[o0, o1] = 10 o0 + o1.
  %nonempty = arith.cmpi ugt, %cnt, %c0 : index
  %bad = scf.if %nonempty -> index {
    %first = tensor.extract %l[%c0, %c0] : tensor<?x?xf64>
    %c10 = arith.constant 10 : index
    %t = arith.muli %o0, %c10 : index
    %s = arith.addi %t, %o1 : index
    %s64 = arith.index_cast %s : index to i64
    %want = arith.sitofp %s64 : i64 to f64
    %ne = arith.cmpf une, %first, %want : f64
    %b = arith.select %ne, %c1, %c0 : index
    scf.yield %b : index
  } else {
    scf.yield %c0 : index
  }
  %mismatches = dist.allreduce %bad sum : index
  scf.if %root { vector.print str "offset mismatches " }
  dist.print %mismatches : index
  %lh = dist.local %h : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> -> tensor<?x?xf64>
  %w = dist.with_local %g, %lh : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>, tensor<?x?xf64> -> !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]>
  %ws = dist.reduce sum %w : !dist.tensor<6x5xf64, grid = [?, ?], split = [0, 1]> -> f64
  scf.if %root { vector.print str "sum(with_local(g, local(h))) " }
  dist.print %ws : f64
  return
}
