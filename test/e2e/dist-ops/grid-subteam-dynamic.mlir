// End-to-end: reductions along the split dimensions of a run-time grid
// (grid = [?, ?]) combine partial results within grid columns and rows:
// sub-grid teams whose extents the runtime factors from the world's size
// (1x1, 2x1, 3x1, 2x2, 3x2 on 1, 2, 3, 4, 6 ranks; 7x5 is uneven on most).
// Values from numpy: g = 10 i + j, h = (7 i j + 3 i + j) % 11, 7 x 5.
// REQUIRES: compiler, idtr-runtime
// RUN: %distc %s -o %t
// RUN: %mpirun -n 1 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 2 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 3 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 4 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// RUN: %mpirun -n 6 --tag-output %t | FileCheck %s --match-full-lines --implicit-check-not='<stdout>'
// The reductions talk within the sub-grid teams, not through a repartition:
// RUN: %distc %s --emit=mlir --pipeline=distc-dist-to-distruntime -o - | FileCheck %s --check-prefix=IR

// IR: distruntime.define_subgrid_team {axes = array<i64: 0>, grid_shape = array<i64: -1, -1>
// IR: distruntime.define_subgrid_team {axes = array<i64: 1>, grid_shape = array<i64: -1, -1>

// CHECK: [1,0]<stdout>:g.sum(0) ( 210, 217, 224, 231, 238 )
// CHECK-NEXT: [1,0]<stdout>:g.sum(1) ( 10, 60, 110, 160, 210, 260, 310 )
// CHECK-NEXT: [1,0]<stdout>:h.min(1) ( 0, 0, 0, 9, 0, 2, 3 )
// CHECK-NEXT: [1,0]<stdout>:h.max(0) ( 9, 10, 10, 9, 9 )
// CHECK-NEXT: [1,0]<stdout>:g.mean(1) ( 2, 12, 22, 32, 42, 52, 62 )
// CHECK-NEXT: [1,0]<stdout>:h.argmax(0) ( 3, 2, 5, 3, 3 )
// CHECK-NEXT: [1,0]<stdout>:h.argmin(0) ( 0, 1, 0, 4, 2 )
// CHECK-NEXT: [1,0]<stdout>:h.argmin(1) ( 0, 1, 4, 0, 3, 3, 4 )
!G = !dist.tensor<7x5xi64, grid = [?, ?], split = [0, 1]>
!F = !dist.tensor<7x5xf64, grid = [?, ?], split = [0, 1]>
func.func @main() {
  %c0 = arith.constant 0 : index
  %me = dist.team_member
  %root = arith.cmpi eq, %me, %c0 : index
  %g = dist.generate : !G {
  ^bb0(%i: index, %j: index):
    %c10 = arith.constant 10 : index
    %t = arith.muli %i, %c10 : index
    %s = arith.addi %t, %j : index
    %v = arith.index_cast %s : index to i64
    dist.yield %v : i64
  }
  %h = dist.generate : !G {
  ^bb0(%i: index, %j: index):
    %c3 = arith.constant 3 : index
    %c7 = arith.constant 7 : index
    %c11 = arith.constant 11 : index
    %ij = arith.muli %i, %j : index
    %a = arith.muli %ij, %c7 : index
    %i3 = arith.muli %i, %c3 : index
    %b = arith.addi %a, %i3 : index
    %c = arith.addi %b, %j : index
    %m = arith.remui %c, %c11 : index
    %v = arith.index_cast %m : index to i64
    dist.yield %v : i64
  }
  %s0 = dist.reduce sum %g axis 0 : !G -> !dist.tensor<5xi64>
  scf.if %root { vector.print str "g.sum(0) " }
  dist.print %s0 : !dist.tensor<5xi64>
  %s1 = dist.reduce sum %g axis 1 : !G -> !dist.tensor<7xi64>
  scf.if %root { vector.print str "g.sum(1) " }
  dist.print %s1 : !dist.tensor<7xi64>
  %m1 = dist.reduce min %h axis 1 : !G -> !dist.tensor<7xi64>
  scf.if %root { vector.print str "h.min(1) " }
  dist.print %m1 : !dist.tensor<7xi64>
  %x0 = dist.reduce max %h axis 0 : !G -> !dist.tensor<5xi64>
  scf.if %root { vector.print str "h.max(0) " }
  dist.print %x0 : !dist.tensor<5xi64>
  %f = dist.elementwise %g : !G -> !F {
  ^bb0(%x: i64):
    %y = arith.sitofp %x : i64 to f64
    dist.yield %y : f64
  }
  %mean = dist.reduce mean %f axis 1 : !F -> !dist.tensor<7xf64>
  scf.if %root { vector.print str "g.mean(1) " }
  dist.print %mean : !dist.tensor<7xf64>
  %ax0 = dist.reduce argmax %h axis 0 : !G -> !dist.tensor<5xi64>
  scf.if %root { vector.print str "h.argmax(0) " }
  dist.print %ax0 : !dist.tensor<5xi64>
  %an0 = dist.reduce argmin %h axis 0 : !G -> !dist.tensor<5xi64>
  scf.if %root { vector.print str "h.argmin(0) " }
  dist.print %an0 : !dist.tensor<5xi64>
  %an1 = dist.reduce argmin %h axis 1 : !G -> !dist.tensor<7xi64>
  scf.if %root { vector.print str "h.argmin(1) " }
  dist.print %an1 : !dist.tensor<7xi64>
  return
}
